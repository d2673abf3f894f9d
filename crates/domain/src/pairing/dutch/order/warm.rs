//! The ordering solves of a bracket started from the last one's duals
//! (BENCHMARKS.md, "reuse the duals between solves").
//!
//! `Bracket::fix_transposition` fixes the opponents of S1 a few players at
//! a time: each solve has the quality fields and the steps' earlier fields
//! (the *prefix*, the same in every solve of the loop) and, lowest, the
//! fields of the players being fixed now. Two solves in a row thus differ
//! in the fixed pairs (left out of the graph), the lowest fields and a few
//! edges; the last solve's optimal duals, with every weight packed the
//! same way above those lowest fields (the prefix's fields given the same
//! widths, the lowest block the same total width), are feasible for every
//! edge that has nothing in the lowest fields, and its matching is tight
//! there. So the next solve starts from them (`matching::blossom::warm`)
//! and has only the players whose lowest fields changed, and their mates,
//! left to pair: a few stages instead of one for every pair.
//!
//! Exact whatever the guess: the warm start raises the duals where an edge
//! would have negative slack and keeps only the guessed pairs that are
//! tight, so it ends with an optimal matching and optimal duals as a cold
//! solve does; the ordering steps use nothing else (which optimal matching
//! among ties is returned decides only whether a later shortcut saves a
//! solve, never which pairs are fixed: see `fix_without_solving`). One
//! place does use more: the last bracket takes its unfixed pairs and the
//! bye from its last solve's matching, so its solves start warm only when
//! at most one member can be left unfixed (`Bracket::pair`, where the
//! flag is set); otherwise they stay cold and tie as before.
//!
//! The bracket's first solve (quality fields only) is cold, but its duals
//! are kept too, for each loop's first solve: those are scaled up to the
//! width of the loop's lowest fields. Its weights tie the most, so its
//! optimum has the most blossoms, and sharing a blossom's dual out to its
//! vertices leaves the matched edge at the blossom's base slack: such a
//! start frees about one pair per blossom (BENCHMARKS.md).
//!
//! The remainder's loop needs one more step. Its solves share two fields
//! the bracket's first solve does not have: how many pairs have their
//! higher player in the original S1, and the difference of the BSN sums
//! (the higher players' places). Neither is a sum of one value per
//! player (each depends on which of the two is higher), so no raise of
//! the duals keeps the first solve's matching tight: started from it, the
//! loop's first solve freed about 404 of 594 vertices and cost as much
//! as a cold one, and a solve with the BSN sums is slow even cold (their
//! many values tie little). So `Bracket::no_exchange` first solves with
//! the S1 field alone (one bit; cheap from the first solve's duals), and
//! when that solve pairs every player of S1 against S2, as it does in
//! nearly every bracket, no exchange is needed: every solution optimal
//! on the fields up to the S1 field has its `pr` pairs' higher players at
//! the places `0..pr`, so the BSN sums are the same in all of them, and
//! the loop leaves that field out, starting from this solve, which
//! already weighs every field the loop's solves share. Leaving out a field
//! that is constant on every optimal solution of the fields above it
//! changes no solve's set of optimal solutions, so no pair the steps fix.
//! Otherwise the loop keeps the field and starts from this solve as it
//! would from the first. A last bracket whose loop is cold (its last
//! solve's choice among ties is kept) keeps its fields as they were.

use super::Bracket;
use crate::domain::pairing::dutch::weights::{Duals, Edge, Guess, Schema, Solved, Value};

/// Which graph a solve used (a warm start needs the same kind of graph:
/// the same players, less the pairs fixed since).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Everybody left.
    Whole,
    /// The bracket and the next scoregroup (`Bracket::solve_part`).
    Part,
    /// The bracket alone (`Bracket::alone`).
    Alone,
}

/// What the last solve of an ordering loop leaves for the next one.
pub(super) struct Last {
    mode: Mode,
    /// The number of extra fields (after the quality fields) that every
    /// solve of the loop shares.
    prefix_extras: usize,
    widths: Vec<u32>,
    /// Limbs per dual.
    limbs: usize,
    /// The duals by rank (the bye vertex last), `limbs` each; zero for a
    /// rank that was not in the graph.
    duals: Vec<u64>,
    /// The mate of each rank in the last solve's graph.
    mate: Vec<Option<usize>>,
    present: Vec<bool>,
    /// A sparse solve's graph (module `sparse`) by rank, its boards tight
    /// under the duals: where the next sparse solve starts. Empty for a
    /// dense solve, which holds every board.
    pub(super) edges: Vec<(usize, usize)>,
}

impl Bracket<'_, '_> {
    /// The start for the solve about to be made of `edges` with `schema`
    /// (`back`: the solve's vertices as ranks), from the last solve of the
    /// same loop (or the bracket's first solve), when both pack their
    /// weights alike above their lowest fields: then the schema's widths
    /// there are made the last one's (wider fields are as exact), and the
    /// lowest block is padded with a zero field to the last one's width,
    /// or, when wider, the last duals are scaled up to it. `None` leaves
    /// everything as it was: the solve starts cold.
    pub(super) fn warm_guess(
        &self,
        mode: Mode,
        edges: &mut [Edge],
        schema: &mut Schema,
        back: &[usize],
    ) -> Option<Guess> {
        let (guess, padded) = self.fit_guess(mode, schema, back, |_| ())?;
        if padded {
            for e in edges.iter_mut() {
                e.values.push(Value::Num(0));
            }
        }
        Some(guess)
    }

    /// [`Bracket::warm_guess`] for a graph whose boards the caller weighs
    /// (module `sparse`): the start, and whether a zero field was added
    /// at the end of `schema` to pad its lowest block; `edges` gets the
    /// last solve's graph by rank (empty after a dense solve).
    pub(super) fn fit_guess(
        &self,
        mode: Mode,
        schema: &mut Schema,
        back: &[usize],
        edges: impl FnOnce(&[(usize, usize)]),
    ) -> Option<(Guess, bool)> {
        let prefix = self.warm.prefix.get()?;
        let last = self.warm.last.borrow();
        let first = self.warm.first.borrow();
        let last = last.as_ref().or(first.as_ref())?;
        // The fields both weigh alike: the quality fields and the extra
        // fields both solves share.
        let pf = self.ctx.fields() + prefix.min(last.prefix_extras);
        let fits = (last.mode == Mode::Whole) == (mode == Mode::Whole)
            && last.widths.len() >= pf
            && schema.widths.len() >= pf
            && (0..pf).all(|f| schema.widths[f] <= last.widths[f])
            && back.iter().all(|&i| last.present[i]);
        if !fits {
            return None;
        }
        let low_last: u32 = last.widths[pf..].iter().sum();
        let low_now: u32 = schema.widths[pf..].iter().sum();
        schema.widths[..pf].copy_from_slice(&last.widths[..pf]);
        let padded = low_now < low_last;
        if padded {
            schema.widths.push(low_last - low_now);
        }
        edges(&last.edges);
        let mut index = vec![usize::MAX; last.mate.len()];
        for (x, &i) in back.iter().enumerate() {
            index[i] = x;
        }
        let mate = back
            .iter()
            .map(|&i| last.mate[i].map(|j| index[j]).filter(|&y| y != usize::MAX))
            .collect();
        let k = last.limbs;
        let shift = low_now.saturating_sub(low_last);
        let limbs = k + (shift as usize).div_ceil(64);
        let values = back
            .iter()
            .flat_map(|&i| shifted(&last.duals[i * k..(i + 1) * k], shift, limbs))
            .collect();
        let guess = Guess {
            mate,
            duals: Duals {
                limbs,
                values,
                warm: false,
            },
        };
        Some((guess, padded))
    }

    /// How many bits of fields an ordering solve gives the players of S1
    /// it fixes (`Bracket::fix_transposition`): about 240, but so that the
    /// weights end at a limb's end, since each limb more makes every step
    /// of the matcher slower (BENCHMARKS.md, "Rounds 2 and 3 of 1,000
    /// players profiled"). The fields above come from the solve the loop
    /// starts from. A cold loop (`cold`) keeps 240: there the last solve's
    /// choice among ties is kept, and the chunk would change its weights.
    /// The chunk changes no pair: each player of a chunk has its own field,
    /// in BSN order, so one solve fixes the chunk's opponents as solves of
    /// its players one after the other would.
    pub(super) fn chunk_bits(&self, cold: bool) -> usize {
        const BITS: u32 = 240;
        let last = self.warm.last.borrow();
        let first = self.warm.first.borrow();
        let Some(from) = last.as_ref().or(first.as_ref()).filter(|_| !cold) else {
            return BITS as usize;
        };
        let vertices = from.present.iter().filter(|&&p| p).count();
        let above = from.widths.iter().sum::<u32>() + usize::BITS - vertices.leading_zeros() + 2;
        let room = (above + BITS) / 64 * 64 - above;
        (if room >= BITS / 2 { room } else { room + 64 }) as usize
    }

    /// Keeps what the next solve of the loop may start from: the duals and
    /// the matching of `solved`.
    pub(super) fn keep_warm(&self, mode: Mode, schema: &Schema, back: &[usize], solved: &Solved) {
        self.keep_solve(mode, schema, back, solved, Vec::new());
    }

    /// [`Bracket::keep_warm`], with a sparse solve's graph by rank.
    pub(super) fn keep_solve(
        &self,
        mode: Mode,
        schema: &Schema,
        back: &[usize],
        solved: &Solved,
        edges: Vec<(usize, usize)>,
    ) {
        let Some(prefix) = self.warm.prefix.get() else {
            return;
        };
        let kept = solved.duals.as_ref().map(|d| {
            let size = self.round.bye_vertex() + 1;
            let k = d.limbs;
            let mut duals = vec![0u64; size * k];
            let mut mate = vec![None; size];
            let mut present = vec![false; size];
            for (x, &i) in back.iter().enumerate() {
                duals[i * k..(i + 1) * k].copy_from_slice(&d.values[x * k..(x + 1) * k]);
                mate[i] = solved.mate[x].map(|y| back[y]);
                present[i] = true;
            }
            Last {
                mode,
                prefix_extras: prefix,
                widths: schema.widths.clone(),
                limbs: k,
                duals,
                mate,
                present,
                edges,
            }
        });
        *self.warm.last.borrow_mut() = kept;
    }
}

/// `limbs` (least significant first) shifted left by `shift` bits, as
/// `out` limbs.
fn shifted(limbs: &[u64], shift: u32, out: usize) -> Vec<u64> {
    let mut v = vec![0u64; out];
    let (whole, part) = ((shift / 64) as usize, shift % 64);
    for (k, &x) in limbs.iter().enumerate() {
        if k + whole < out {
            v[k + whole] |= x << part;
        }
        if part > 0 && k + whole + 1 < out {
            v[k + whole + 1] |= x >> (64 - part);
        }
    }
    v
}
