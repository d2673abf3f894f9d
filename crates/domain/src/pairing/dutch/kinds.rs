//! A board's quality fields looked up instead of worked out: a large
//! round's passes weigh tens of millions of boards, and each took a vector
//! of some thirty fields built anew (BENCHMARKS.md, "Held boards and warm
//! sparse solves").
//!
//! Why a lookup is exact. `quality::values` reads, of each of the two
//! players, only a few facts: the score, where the player stands for the
//! bracket (in it, an MDP, in the next scoregroup), whether a topscorer
//! counts (the last round), the colour difference and the last two
//! colours, the colour preference and its strength, and the last two
//! floats; and of the pair, which colour the higher player gets. Players
//! with the same facts are of one *kind*, and two boards whose players are
//! of the same kinds, in the same order, with the same colour for the
//! higher player, have the same fields. So the fields are worked out once
//! for each such class of board (the first board met of it) and looked up
//! by the two kinds and the colour after that. A round has some hundreds of
//! kinds; a table of every pair of them is refused past [`MAX_TABLE`]
//! entries, and then the fields are worked out board by board.

use super::quality::{values, Context};
use super::weights::Value;
use super::Round;
use crate::domain::pairing::Colour;
use std::cell::{Ref, RefCell};
use std::collections::HashMap;

/// The most entries of the table of kind pairs (4 bytes each): 64 MB.
const MAX_TABLE: usize = 1 << 24;

/// The classes of the boards of one bracket (its [`Context`]).
pub struct Classes {
    /// Each player's kind, by rank.
    kind: Vec<u32>,
    kinds: usize,
    /// The class of each pair of kinds and colour of the higher player,
    /// `u32::MAX` until a board of it is met.
    table: RefCell<Vec<u32>>,
    /// The quality fields of each class.
    fields: RefCell<Vec<Vec<Value>>>,
}

impl Classes {
    /// The kinds of the round's players for the bracket of `ctx`; `None`
    /// when their pairs would take more than [`MAX_TABLE`] entries.
    pub fn new(round: &Round, ctx: &Context) -> Option<Classes> {
        let mut ids = HashMap::new();
        let kind = round
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let h = &p.colours.history;
                let key = (
                    p.score,
                    (ctx.in_bracket[i], ctx.is_mdp[i], ctx.in_next[i]),
                    round.last_round && p.topscorer,
                    p.colours.difference(),
                    (
                        h.len().checked_sub(1).map(|k| h[k]),
                        h.len().checked_sub(2).map(|k| h[k]),
                    ),
                    (p.preference, p.strength),
                    (p.float1, p.float2),
                );
                let next = ids.len() as u32;
                *ids.entry(key).or_insert(next)
            })
            .collect();
        let kinds = ids.len();
        if kinds.saturating_mul(kinds).saturating_mul(2) > MAX_TABLE {
            return None;
        }
        Some(Classes {
            kind,
            kinds,
            table: RefCell::new(vec![u32::MAX; kinds * kinds * 2]),
            fields: RefCell::new(Vec::new()),
        })
    }

    /// The class of the board between players `i < j` (ranks, not the bye
    /// vertex), its fields worked out when it is the first of its class.
    pub fn class(&self, round: &Round, ctx: &Context, i: usize, j: usize) -> u32 {
        // The colour counts only on a pair of the bracket (`values`).
        let white = ctx.in_bracket(i, j) && round.colour_of(i, j) == Colour::White;
        let at = (self.kind[i] as usize * self.kinds + self.kind[j] as usize) * 2 + white as usize;
        let known = self.table.borrow()[at];
        if known != u32::MAX {
            return known;
        }
        let mut fields = self.fields.borrow_mut();
        let class = fields.len() as u32;
        fields.push(values(round, ctx, i, j));
        self.table.borrow_mut()[at] = class;
        class
    }

    /// The quality fields of a class.
    pub fn fields(&self, class: u32) -> Ref<'_, [Value]> {
        Ref::map(self.fields.borrow(), |f| f[class as usize].as_slice())
    }

    /// The number of classes met so far.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.fields.borrow().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::pairing::dutch::tests::{entrant, play};
    use crate::domain::pairing::dutch::{facts, pair_with, seats};
    use crate::domain::pairing::{Field, PointSystem};
    use crate::domain::rng::Rng;

    /// The round `field` is about to pair, as `pair_with` makes it.
    fn round_of(field: &Field) -> Round<'_> {
        let players = facts::players(field);
        let seat = seats(field, &players);
        Round {
            field,
            bye: players.len() % 2 == 1,
            players,
            forbidden: Default::default(),
            last_round: field.round >= field.total_rounds,
            bye_score: None,
            seat,
            compat: Vec::new(),
            shortcuts: true,
        }
    }

    /// Every board of the rounds of random tournaments, each looked up by
    /// its class, has the fields `values` works out for it, in the context
    /// of each scoregroup as a bracket (with the two players above it as
    /// MDPs, and the players below as the next scoregroup).
    #[test]
    fn a_boards_class_has_its_fields() {
        let mut rng = Rng::new(20261127);
        let (mut boards, mut classes_met) = (0, 0);
        for t in 0..6u32 {
            let n = 20 + rng.below(30) as u32;
            let mut f = Field {
                round: 1,
                total_rounds: 5,
                initial_colour: Colour::White,
                points: PointSystem::default(),
                forbidden: Vec::new(),
                entrants: (1..=n).map(|k| entrant(k, Vec::new())).collect(),
            };
            for r in 1..=5 {
                f.round = r;
                let round = round_of(&f);
                let m = round.players.len();
                let scores = round.players.iter().map(|p| p.score);
                let mut groups: Vec<i32> = scores.collect();
                groups.dedup();
                for &score in &groups {
                    let of = |keep: &dyn Fn(i32) -> bool| -> Vec<usize> {
                        (0..m).filter(|&i| keep(round.players[i].score)).collect()
                    };
                    let residents = of(&|s| s == score);
                    let above = of(&|s| s > score);
                    let mdps = &above[above.len().saturating_sub(2)..];
                    let next = of(&|s| s < score);
                    let ctx = Context::of_bracket(&round, mdps, &residents, &next);
                    let classes = Classes::new(&round, &ctx).expect("a small round's kinds fit");
                    for i in 0..m {
                        for j in i + 1..m {
                            let c = classes.class(&round, &ctx, i, j);
                            let want = values(&round, &ctx, i, j);
                            assert_eq!(&*classes.fields(c), want.as_slice(), "t{t} r{r} {i}-{j}");
                            boards += 1;
                        }
                    }
                    classes_met += classes.len();
                }
                let Ok(p) = pair_with(&f, true, false) else {
                    break;
                };
                play(&mut f, &p, &mut rng, 20);
            }
        }
        assert!(boards > 20_000, "only {boards} boards checked");
        assert!(
            classes_met * 2 < boards,
            "{classes_met} classes for {boards} boards"
        );
    }
}
