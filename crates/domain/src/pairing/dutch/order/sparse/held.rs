//! The boards a bracket's sparse solves hold after its first solve, and
//! the solves made on them, started from the loop's last solve (the
//! parent module's doc says why both are exact).

use super::super::warm::Mode;
use super::super::{Bracket, Extra};
use super::{widths_of, Local, Quality};
use crate::domain::pairing::dutch::large::solve::{prove, Board, Proof, Seed};
use crate::domain::pairing::dutch::weights::{
    guessed_duals, limbs, offsets, pack, pack_field, Duals, Guess, Schema, Solved, Value,
};
use crate::domain::pairing::matching::Wide;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// The most boards a bracket holds (8 bytes each): 256 MB. A bracket of
/// more boards after its first solve weighs them on the fly each pass.
const HELD_MAX: usize = 32 << 20;

/// The boards a bracket's ordering solves can use, once its first solve
/// is made: every board between the players of a solve's graph that is
/// not left out (`Bracket::useless`, which drops every board not tight
/// under the first solve's duals), each with the class of its quality
/// fields. A pass over them is then a walk down a list and a table look
/// up for the quality fields, which are the same in every ordering solve
/// (the steps add fields below them and fix pairs), where weighing each
/// board anew cost about 300 ns. Boards of a round take few classes (the
/// fields depend on scores, colours and floats), so a board takes 8 bytes.
pub(in super::super) struct HeldBoards {
    /// Which ranks (and the bye vertex) the boards were taken among.
    among: Vec<bool>,
    /// Where each rank's boards start in `to` and `class`: only those to
    /// a later rank (a board once, the higher player first).
    start: Vec<u32>,
    to: Vec<u32>,
    class: Vec<u32>,
    /// The quality fields of each class of board.
    classes: Vec<Vec<Value>>,
}

/// A bracket's held boards, once made, and whether they were found too
/// many to hold.
#[derive(Default)]
pub(in super::super) struct Held {
    boards: RefCell<Option<Rc<HeldBoards>>>,
    refused: Cell<bool>,
}

impl Bracket<'_, '_> {
    /// The held boards for a solve of the ranks `back`: the bracket's,
    /// when they were taken among players that include these, else new
    /// ones taken among `back`, once the first solve is made (it decides
    /// which boards are left out); `None` when there is no first solve yet
    /// or the boards are too many to hold.
    pub(super) fn held_for(&self, back: &[usize]) -> Option<Rc<HeldBoards>> {
        if let Some(held) = self.held.boards.borrow().as_ref() {
            if back.iter().all(|&i| held.among[i]) {
                return Some(Rc::clone(held));
            }
        }
        if self.first.is_none() || self.held.refused.get() || hold_none() {
            return None;
        }
        let made = self.hold(back).map(Rc::new);
        self.held.refused.set(made.is_none());
        *self.held.boards.borrow_mut() = made.clone();
        made
    }

    /// Every board between the ranks `back` that a solve may use, with
    /// its class; `None` past [`HELD_MAX`] boards.
    fn hold(&self, back: &[usize]) -> Option<HeldBoards> {
        let size = self.round.bye_vertex() + 1;
        let mut among = vec![false; size];
        for &i in back {
            among[i] = true;
        }
        let mut start = Vec::with_capacity(size + 1);
        let (mut to, mut class) = (Vec::new(), Vec::new());
        // The held classes: those of the bracket's classes met, and the
        // fields of the others (the bye's boards) met.
        let mut by_class: Vec<u32> = Vec::new();
        let mut ids: HashMap<Vec<Value>, u32> = HashMap::new();
        let mut classes = Vec::new();
        for (x, &i) in back.iter().enumerate() {
            start.resize(i + 1, to.len() as u32);
            for &j in &back[x + 1..] {
                let Some(quality) = self.quality_of(i, j) else {
                    continue;
                };
                if to.len() >= HELD_MAX {
                    return None;
                }
                let id = match quality {
                    Quality::Class(c) => {
                        let c = c as usize;
                        if by_class.len() <= c {
                            by_class.resize(c + 1, u32::MAX);
                        }
                        if by_class[c] == u32::MAX {
                            by_class[c] = classes.len() as u32;
                            classes.push(self.classes()?.fields(c as u32).to_vec());
                        }
                        by_class[c]
                    }
                    Quality::Fields(v) => *ids.entry(v).or_insert_with_key(|v| {
                        classes.push(v.clone());
                        (classes.len() - 1) as u32
                    }),
                };
                to.push(j as u32);
                class.push(id);
            }
        }
        start.resize(size + 1, to.len() as u32);
        Some(HeldBoards {
            among,
            start,
            to,
            class,
            classes,
        })
    }

    /// [`Bracket::solve_sparse`] on held boards: the widths from one pass
    /// (the classes the boards of `back` take, and the extra fields
    /// weighed where they can be other than zero), then the proven solve,
    /// in an ordering loop started from the loop's last solve (module
    /// `warm`): its graph, with every board of the players whose own
    /// fields are new, and its duals.
    pub(super) fn solve_held(
        &self,
        held: &HeldBoards,
        back: &[usize],
        extra: &[Extra],
        mode: Mode,
    ) -> Option<Local> {
        let m = back.len();
        let without_c4 = mode != Mode::Whole;
        let walk = Walk::new(self, held, back, extra);
        let first = self.ctx.fields();
        let mut max = vec![0u32; first + extra.len()];
        let mut used = vec![false; held.classes.len()];
        walk.each(|_, _, i, j, c| {
            used[c as usize] = true;
            if j != walk.bye {
                for &k in &walk.general {
                    max[first + k] = max[first + k].max(extra[k].at(i, j).max_bits());
                }
            }
        });
        for (k, f) in extra.iter().enumerate() {
            if let Some(r) = f.row.filter(|&r| walk.index[r] != u32::MAX) {
                walk.row(r, |_, j, _| {
                    if j != walk.bye {
                        max[first + k] = max[first + k].max(f.at(r, j).max_bits());
                    }
                });
            }
        }
        for (c, _) in used.iter().enumerate().filter(|(_, &u)| u) {
            let mut v = held.classes[c].clone();
            self.leave_out(&mut v, without_c4);
            for (f, value) in v.iter().enumerate() {
                max[f] = max[f].max(value.max_bits());
            }
        }
        let mut schema = widths_of(max, m, extra, first);
        let mut carried = Vec::new();
        let guess = self
            .fit_guess(mode, &mut schema, back, |edges| carried = edges.to_vec())
            .map(|(guess, _)| guess);
        let start = guess.as_ref().map(|g| (g, carried.as_slice()));
        count_held(start.is_some());
        let (local, (solved, edges)) = match limbs(m, &schema) {
            2 => walk.solve::<2>(&schema, without_c4, start)?,
            3 => walk.solve::<3>(&schema, without_c4, start)?,
            4 => walk.solve::<4>(&schema, without_c4, start)?,
            5 => walk.solve::<5>(&schema, without_c4, start)?,
            6 => walk.solve::<6>(&schema, without_c4, start)?,
            7 => walk.solve::<7>(&schema, without_c4, start)?,
            8 => walk.solve::<8>(&schema, without_c4, start)?,
            10 => walk.solve::<10>(&schema, without_c4, start)?,
            12 => walk.solve::<12>(&schema, without_c4, start)?,
            16 => walk.solve::<16>(&schema, without_c4, start)?,
            _ => return None,
        };
        self.keep_solve(mode, &schema, back, &solved, edges);
        Some(local)
    }
}

/// Whether the tests ask for no held boards (`large::HOLD_NONE`).
#[cfg(test)]
fn hold_none() -> bool {
    crate::domain::pairing::dutch::large::HOLD_NONE.with(|c| c.get())
}

#[cfg(not(test))]
fn hold_none() -> bool {
    false
}

/// Counts a solve on held boards, `warm` or not, for the tests.
#[cfg(test)]
fn count_held(warm: bool) {
    use crate::domain::pairing::dutch::large::{HELD_SOLVES, WARM_SOLVES};
    HELD_SOLVES.with(|c| c.set(c.get() + 1));
    if warm {
        WARM_SOLVES.with(|c| c.set(c.get() + 1));
    }
}

#[cfg(not(test))]
fn count_held(_: bool) {}

/// What a solve leaves for the next one of its loop: its mate and duals,
/// and its graph by rank (the boards tight under its duals).
type Kept = (Solved, Vec<(usize, usize)>);

/// A solve's walk over held boards: the boards between the ranks `back`,
/// by the solve's own numbering of them.
struct Walk<'h, 'b, 'r, 'f> {
    bracket: &'b Bracket<'r, 'f>,
    held: &'h HeldBoards,
    back: &'b [usize],
    extra: &'b [Extra],
    /// Each rank's vertex in the solve, `u32::MAX` when not in it.
    index: Vec<u32>,
    bye: usize,
    /// The extra fields weighed on every board (not a single row's).
    general: Vec<usize>,
    /// The extra field of each rank's own row, `usize::MAX` for none.
    row_field: Vec<usize>,
}

impl<'h, 'b, 'r, 'f> Walk<'h, 'b, 'r, 'f> {
    fn new(
        bracket: &'b Bracket<'r, 'f>,
        held: &'h HeldBoards,
        back: &'b [usize],
        extra: &'b [Extra],
    ) -> Self {
        let bye = bracket.round.bye_vertex();
        let mut index = vec![u32::MAX; bye + 1];
        for (x, &i) in back.iter().enumerate() {
            index[i] = x as u32;
        }
        let mut row_field = vec![usize::MAX; bye + 1];
        let mut general = Vec::new();
        for (k, f) in extra.iter().enumerate() {
            match f.row {
                Some(r) if row_field[r] == usize::MAX => row_field[r] = k,
                _ => general.push(k),
            }
        }
        Walk {
            bracket,
            held,
            back,
            extra,
            index,
            bye,
            general,
            row_field,
        }
    }

    /// Calls `f(x, y, i, j, class)` for every held board between two
    /// vertices of the solve (`x < y` its vertices, `i < j` their ranks).
    fn each(&self, mut f: impl FnMut(usize, usize, usize, usize, u32)) {
        for (x, &i) in self.back.iter().enumerate() {
            self.row(i, |y, j, c| f(x, y, i, j, c));
        }
    }

    /// Calls `f(y, j, class)` for every held board from rank `i` to a
    /// later rank `j` in the solve (vertex `y`).
    fn row(&self, i: usize, mut f: impl FnMut(usize, usize, u32)) {
        let held = self.held;
        let (from, to) = (held.start[i] as usize, held.start[i + 1] as usize);
        for k in from..to {
            let j = held.to[k] as usize;
            let y = self.index[j];
            if y != u32::MAX {
                f(y as usize, j, held.class[k]);
            }
        }
    }

    /// The board `i`-`j` (ranks, `i < j`) if it is held: its class.
    fn class_of(&self, i: usize, j: usize) -> Option<u32> {
        let held = self.held;
        let (from, to) = (held.start[i] as usize, held.start[i + 1] as usize);
        let k = held.to[from..to].binary_search(&(j as u32)).ok()?;
        Some(held.class[from + k])
    }

    /// The proven solve of the walk's boards packed by `schema`, with the
    /// tight partners, the solve (its mate and duals) and its graph by
    /// rank, the boards tight under its duals; started from `start` (a
    /// guess and the last solve's graph by rank) when given.
    fn solve<const L: usize>(
        &self,
        schema: &Schema,
        without_c4: bool,
        start: Option<(&Guess, &[(usize, usize)])>,
    ) -> Option<(Local, Kept)> {
        let at = offsets(schema);
        let first = self.bracket.ctx.fields();
        let quality: Vec<Wide<L>> = self
            .held
            .classes
            .iter()
            .map(|v| {
                let mut v = v.clone();
                self.bracket.leave_out(&mut v, without_c4);
                pack::<L>(&v, schema, &at)
            })
            .collect();
        let weigh = |i: usize, j: usize, c: u32| -> Wide<L> {
            let mut w = quality[c as usize];
            if j != self.bye {
                let field = |k: usize, w: &mut Wide<L>| {
                    let f = first + k;
                    pack_field(&mut w.0, self.extra[k].at(i, j), schema.widths[f], at[f]);
                };
                for &k in &self.general {
                    field(k, &mut w);
                }
                if self.row_field[i] != usize::MAX {
                    field(self.row_field[i], &mut w);
                }
            }
            w
        };
        let boards = |f: &mut dyn FnMut(usize, usize, Wide<L>)| {
            self.each(|x, y, i, j, c| f(x, y, weigh(i, j, c)));
        };
        let seed = start.and_then(|(guess, carried)| {
            let dual = guessed_duals::<L>(guess)?;
            Some(Seed {
                edges: self.seed_edges(carried, &weigh),
                mate: guess.mate.clone(),
                dual,
            })
        });
        let Proof {
            solved,
            tight,
            edges,
        } = prove::<L>(self.back.len(), &boards, seed, true)?;
        let kept = edges
            .iter()
            .filter(|&&(x, y, w)| solved.tight(x, y, w))
            .map(|&(x, y, _)| (self.back[x], self.back[y]))
            .collect();
        let out = Solved {
            mate: solved.solution.mate.clone(),
            tight: Vec::new(),
            duals: Some(Duals {
                limbs: L,
                values: solved.solution.dual.iter().flat_map(|w| w.0).collect(),
                warm: solved.solution.warm,
            }),
        };
        Some(((solved.solution.mate, tight), (out, kept)))
    }

    /// A warm solve's first graph: the last solve's tight boards (`carried`,
    /// by rank) still in this solve, and every board of each player with a
    /// field of its own, which are the boards whose weights changed most.
    fn seed_edges<const L: usize>(
        &self,
        carried: &[(usize, usize)],
        weigh: &impl Fn(usize, usize, u32) -> Wide<L>,
    ) -> Vec<Board<L>> {
        let mut pairs: Vec<(usize, usize, u32)> = Vec::new();
        for &(i, j) in carried {
            let (x, y) = (self.index[i], self.index[j]);
            if x == u32::MAX || y == u32::MAX {
                continue;
            }
            if let Some(c) = self.class_of(i, j) {
                pairs.push((i, j, c));
            }
        }
        for f in self.extra {
            if let Some(r) = f.row.filter(|&r| self.index[r] != u32::MAX) {
                self.row(r, |_, j, c| pairs.push((r, j, c)));
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
            .into_iter()
            .map(|(i, j, c)| {
                let (x, y) = (self.index[i] as usize, self.index[j] as usize);
                (x, y, weigh(i, j, c))
            })
            .collect()
    }
}
