//! Standings: a section ranked by score, then by an order of tiebreaks.
//!
//! The procedure (spec §1, §4; FIDE C.07 art. 4.2, which states it best):
//! 1. rank by score (points, played and unplayed, never adjusted);
//! 2. if the order asks for it (spec 1.15, the club "actual play" rule),
//!    split each score group: players with points over the board ahead of
//!    players whose whole, non-zero score came from unplayed rounds;
//! 3. apply the tiebreaks one at a time, each only inside the groups still
//!    tied; type-A systems ([`Tiebreak::depends_on_group`]) are recomputed
//!    within each such group (our decision 5);
//! 4. players still tied after the whole order share the place ("3-5"); their
//!    rows keep pairing-number order.
//!
//! A value that is `None` (no value for that player) sorts last whatever the
//! direction; [`Tiebreak::lower_is_better`] reverses the direction.
//!
//! Nothing here reads a database or prints: [`standings`] and [`explain`]
//! take a [`Context`] and return plain values.

#[cfg(test)]
mod proptests;
#[cfg(any(test, feature = "testing"))]
pub mod sample;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;

use super::record::Tournament;
use super::score::{Points, Value};
use super::tiebreak::{Context, Order, Tiebreak, UsCode, Working};

/// A section's standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// The tiebreaks applied, in order; `Row::values` follows it.
    pub order: Vec<Tiebreak>,
    /// One row per player, best first.
    pub rows: Vec<Row>,
    /// The coin-flip seed, when the order contains `coin` (printed and
    /// stored so the draw can be reproduced).
    pub coin_seed: Option<u64>,
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Index into [`Tournament::players`].
    pub player: usize,
    /// Position of the row, from 1 (players sharing a place have different
    /// ranks, in pairing-number order).
    pub rank: usize,
    /// The place as printed: "3", or "3-5" when shared.
    pub place: String,
    /// The player's points.
    pub score: Points,
    /// The value of each tiebreak of `order` for this player. For type-A
    /// systems, computed within the group the player was in when that
    /// tiebreak was applied (the innermost subgroup, when it was applied
    /// again inside a subgroup it left tied), or within the player's score
    /// group if the player was already separated by then.
    pub values: Vec<Option<Value>>,
}

/// One tiebreak's value for a player, with its working.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The tiebreak.
    pub tiebreak: Tiebreak,
    /// Its value for the player (`None`: the system has none for them).
    pub value: Option<Value>,
    /// How the value was reached.
    pub working: Working,
}

/// Rank the section by score and then by `order` (see the module doc).
pub fn standings(ctx: &Context, order: &Order) -> Standings {
    let ranking = rank(ctx, order, false);
    let n = ranking.idx.len();
    let mut rows = Vec::with_capacity(n);
    for &(start, end) in &ranking.groups {
        let place = if end - start == 1 {
            (start + 1).to_string()
        } else {
            format!("{}-{}", start + 1, end)
        };
        for pos in start..end {
            let p = ranking.idx[pos];
            rows.push(Row {
                player: p,
                rank: pos + 1,
                place: place.clone(),
                score: ranking.score[p],
                values: ranking.values.iter().map(|column| column[p]).collect(),
            });
        }
    }
    let has_coin = order.tiebreaks.contains(&Tiebreak::Us(UsCode::Coin));
    Standings {
        order: order.tiebreaks.clone(),
        rows,
        coin_seed: if has_coin {
            ctx.options.coin_seed
        } else {
            None
        },
    }
}

/// Every tiebreak of `order` for one player, with its working. Type-A
/// systems are computed in the same group as in [`standings`], so the
/// explanation matches the table. An unknown player gets `None` values and
/// a note saying so.
pub fn explain(ctx: &Context, order: &Order, player: usize) -> Vec<Explained> {
    if player >= ctx.t.players.len() {
        return order
            .tiebreaks
            .iter()
            .map(|&tb| {
                let mut working = Working::default();
                working.note(format!("There is no player number {} here.", player + 1));
                Explained {
                    tiebreak: tb,
                    value: None,
                    working,
                }
            })
            .collect();
    }
    let ranking = rank(ctx, order, true);
    explained(ctx, order, &ranking, player)
}

/// [`explain`] for every player (by player index), ranking the section
/// once: what a page showing everyone's working needs (the same result as
/// calling [`explain`] for each player, without ranking again each time).
pub fn explain_all(ctx: &Context, order: &Order) -> Vec<Vec<Explained>> {
    let ranking = rank(ctx, order, true);
    (0..ctx.t.players.len())
        .map(|p| explained(ctx, order, &ranking, p))
        .collect()
}

/// One player's working, each value computed in the group the ranking
/// recorded for them.
fn explained(ctx: &Context, order: &Order, ranking: &Ranking, player: usize) -> Vec<Explained> {
    order
        .tiebreaks
        .iter()
        .zip(&ranking.logs)
        .map(|(&tb, log)| {
            let group: &[usize] = log
                .of
                .get(player)
                .and_then(|&g| log.groups.get(g))
                .map_or(&[], Vec::as_slice);
            let mut working = Working::default();
            let value = ctx.value(tb, player, group, Some(&mut working));
            if value.is_none() && working.terms.is_empty() && working.notes.is_empty() {
                working.note(match tb {
                    Tiebreak::Team(_) => {
                        "A team tiebreak: it has no value in individual standings."
                    }
                    _ => "No value for this player.",
                });
            }
            Explained {
                tiebreak: tb,
                value,
                working,
            }
        })
        .collect()
}

/// The result of ranking: the order of players, the final groups, every
/// value, and (for [`explain`]) the group one player was in at each step.
struct Ranking {
    /// Players, best first.
    idx: Vec<usize>,
    /// Final tied groups as ranges of `idx`, best first.
    groups: Vec<(usize, usize)>,
    /// Score of every player (by player index).
    score: Vec<Points>,
    /// `values[k][p]`: tiebreak `k` for player `p`.
    values: Vec<Vec<Option<Value>>>,
    /// When asked for (by [`explain`]): at each tiebreak, the group every
    /// player's value was computed in.
    logs: Vec<GroupLog>,
}

/// The groups one tiebreak was computed in: each group (sorted) once, and
/// for every player the index of the last group they were in.
#[derive(Default)]
struct GroupLog {
    groups: Vec<Vec<usize>>,
    /// By player index: index into `groups`.
    of: Vec<usize>,
}

impl GroupLog {
    /// Record that `members` (sorted) were valued within `group`.
    fn record(&mut self, members: &[usize], group: Vec<usize>) {
        let id = self.groups.len();
        for &p in members {
            self.of[p] = id;
        }
        self.groups.push(group);
    }
}

/// Compare two values so that `Less` means `a` ranks ahead: `None` last,
/// higher first unless `lower_is_better`.
fn compare(a: Option<Value>, b: Option<Value>, lower_is_better: bool) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) if lower_is_better => x.cmp(&y),
        (Some(x), Some(y)) => y.cmp(&x),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Score and over-the-board points over the rounds considered (a short
/// record reads as absent in the missing rounds).
fn scores(t: &Tournament) -> (Vec<Points>, Vec<Points>) {
    t.players
        .iter()
        .map(|p| {
            let rounds = p.rounds.iter().take(t.rounds);
            let score: Points = rounds.clone().map(|r| r.points()).sum();
            let played: Points = rounds
                .filter(|r| r.outcome.is_played())
                .map(|r| r.points())
                .sum();
            (score, played)
        })
        .unzip()
}

/// Rank the section (the procedure of the module doc). With `log`, also
/// record the group each tiebreak was computed in for every player.
fn rank(ctx: &Context, order: &Order, log: bool) -> Ranking {
    let t = ctx.t;
    let n = t.players.len();
    let (score, played) = scores(t);
    // Spec 1.15: within a score group, part 0 scored over the board (or
    // scored nothing at all), part 1 scored only in unplayed rounds.
    let part = |p: usize| -> u8 {
        u8::from(order.actual_play_first && score[p] > Points::ZERO && played[p] == Points::ZERO)
    };
    let pairing_no = |p: usize| t.players[p].pairing_no;
    let mut idx: Vec<usize> = (0..n).collect();
    idx.sort_by(|&a, &b| {
        score[b]
            .cmp(&score[a])
            .then(part(a).cmp(&part(b)))
            .then(pairing_no(a).cmp(&pairing_no(b)))
            .then(a.cmp(&b))
    });

    // Score groups (for type-A values of players already separated) and
    // the starting tied groups (score groups, split by the actual-play rule).
    let Groups {
        score_group_of,
        score_groups,
        mut groups,
    } = groups_of(&idx, &score, &part);
    // Sorted members of each score group, built when first needed. Sorting
    // the tiebreaks only permutes players inside a score group, so the
    // members never change.
    let mut score_group_members: Vec<Option<Vec<usize>>> = vec![None; score_groups.len()];

    let mut values: Vec<Vec<Option<Value>>> = Vec::with_capacity(order.tiebreaks.len());
    let mut logs: Vec<GroupLog> = Vec::new();
    for &tb in &order.tiebreaks {
        let mut step = Step {
            ctx,
            tb,
            type_a: tb.depends_on_group(),
            lower: tb.lower_is_better(),
            column: vec![None; n],
            log: log.then(|| GroupLog {
                groups: Vec::new(),
                of: vec![usize::MAX; n],
            }),
            buf: Vec::new(),
        };
        let mut next: Vec<(usize, usize)> = Vec::with_capacity(groups.len());
        for &(s, e) in &groups {
            if e - s > 1 {
                step.refine(&mut idx, s, e, &mut next);
                continue;
            }
            // Already separated: the value is for display only. Type-A
            // systems are then computed within the player's score group.
            let p = idx[s];
            let value = if step.type_a {
                let g = score_group_of[p];
                let members = score_group_members[g].get_or_insert_with(|| {
                    let (gs, ge) = score_groups[g];
                    let mut m = idx[gs..ge].to_vec();
                    m.sort_unstable();
                    m
                });
                if let Some(log) = &mut step.log {
                    log.record(&[p], members.clone());
                }
                ctx.value(tb, p, members, None)
            } else {
                if let Some(log) = &mut step.log {
                    log.record(&[p], vec![p]);
                }
                ctx.value(tb, p, &idx[s..e], None)
            };
            step.column[p] = value;
            next.push((s, e));
        }
        groups = next;
        values.push(step.column);
        logs.extend(step.log);
    }
    Ranking {
        idx,
        groups,
        score,
        values,
        logs,
    }
}

/// The score groups of a ranking and the tied groups it starts from.
struct Groups {
    /// Each player's score group.
    score_group_of: Vec<usize>,
    /// Each score group's positions in the order, `start..end`.
    score_groups: Vec<(usize, usize)>,
    /// The starting tied groups: the score groups, split by `part`.
    groups: Vec<(usize, usize)>,
}

/// The groups of players ranked `idx`, by `score` and then by `part` (the
/// actual-play rule's side of the score group).
fn groups_of(idx: &[usize], score: &[Points], part: &dyn Fn(usize) -> u8) -> Groups {
    let n = idx.len();
    let mut score_group_of = vec![0usize; n];
    let mut score_groups: Vec<(usize, usize)> = Vec::new();
    let mut groups: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && score[idx[end]] == score[idx[start]] {
            end += 1;
        }
        for &p in &idx[start..end] {
            score_group_of[p] = score_groups.len();
        }
        score_groups.push((start, end));
        let mut s = start;
        while s < end {
            let mut e = s + 1;
            while e < end && part(idx[e]) == part(idx[s]) {
                e += 1;
            }
            groups.push((s, e));
            s = e;
        }
        start = end;
    }
    Groups {
        score_group_of,
        score_groups,
        groups,
    }
}

/// One tiebreak being applied to the still-tied groups.
struct Step<'c, 'a> {
    ctx: &'c Context<'a>,
    tb: Tiebreak,
    type_a: bool,
    lower: bool,
    /// Value of this tiebreak for every player (by player index).
    column: Vec<Option<Value>>,
    /// Where each player's value was computed, when recorded.
    log: Option<GroupLog>,
    buf: Vec<(usize, Option<Value>)>,
}

impl Step<'_, '_> {
    /// Break the tied group `idx[s..e]` on this tiebreak, appending the
    /// resulting groups to `out` in rank order. A type-A system is applied
    /// again inside every subgroup it leaves tied, until it separates no
    /// more (FIDE art. 4.2; spec decision 5); each player keeps the value
    /// from the last group they were in.
    fn refine(&mut self, idx: &mut [usize], s: usize, e: usize, out: &mut Vec<(usize, usize)>) {
        let mut group = idx[s..e].to_vec();
        group.sort_unstable();
        if let Some(log) = &mut self.log {
            log.record(&group, group.clone());
        }
        self.buf.clear();
        for &p in &idx[s..e] {
            let v = self.ctx.value(self.tb, p, &group, None);
            self.column[p] = v;
            self.buf.push((p, v));
        }
        // Stable: players equal on this tiebreak keep their order.
        let lower = self.lower;
        self.buf.sort_by(|a, b| compare(a.1, b.1, lower));
        let mut parts: Vec<(usize, usize)> = Vec::new();
        let mut run = s;
        for i in 0..self.buf.len() {
            idx[s + i] = self.buf[i].0;
            if i > 0 && compare(self.buf[i - 1].1, self.buf[i].1, lower) != Ordering::Equal {
                parts.push((run, s + i));
                run = s + i;
            }
        }
        parts.push((run, e));
        if !self.type_a || parts.len() == 1 {
            out.extend(parts);
            return;
        }
        for (ps, pe) in parts {
            if pe - ps > 1 {
                self.refine(idx, ps, pe, out);
            } else {
                out.push((ps, pe));
            }
        }
    }
}
