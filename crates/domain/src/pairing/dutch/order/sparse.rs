//! A bracket's solves made without weighing every board into memory, for
//! a bracket too large for that (module `dutch::large`): each solve runs
//! on a few boards of each player and is proven optimal over every board
//! of its graph by LP duality (`large::solve::prove`).
//!
//! The bracket's first solve weighs the boards on the fly, one at a time,
//! and drops them. Once it is made, the boards the later solves can use
//! (those tight under its duals, `Bracket::useless`) are held, each as the
//! class of its quality fields ([`HeldBoards`], 8 bytes a board), so a
//! pass over them looks the fields up instead of working them out again;
//! and each solve of an ordering loop starts from the last one (module
//! `warm`): its duals, fitted to the new weights as a dense solve's are,
//! and its graph, with every board of the players whose own fields are new
//! (those boards' weights changed most). A solve then takes a pass or two
//! over the boards and a few stages of the matcher, where a cold one took
//! six passes and every stage: a 9,999-player round 2 takes 2 minutes,
//! where it took more than half an hour (BENCHMARKS.md).
//!
//! Why the bracket's answer is the dense engine's. Each solve weighs the
//! same boards with the same fields, packed as the dense solve packs them
//! (the same widths, or wider where a warm start keeps the last solve's,
//! without leaving out the fields that are the same on every board: none
//! of which changes a comparison), and returns an optimal matching with
//! the boards tight under optimal duals, as the dense solve does, whatever
//! it started from. Which optimal matching it returns among ties may
//! differ, and so may the tight boards; the ordering steps fix no pair
//! from either but what every optimal solution has (module `warm`),
//! except in the last bracket, whose unfixed members take their pairs and
//! the bye from the last solve: there the answer is kept only when at
//! most one member is left unfixed (`Bracket::outcome`), and otherwise the
//! bracket is left undecided. (Its solves start warm only when at most one
//! member can be left unfixed, as the dense engine's do.)

mod held;

pub(super) use held::Held;

use super::warm::Mode;
use super::{Bracket, Extra, Solution};
use crate::domain::pairing::dutch::kinds::Classes;
use crate::domain::pairing::dutch::large::solve::{all_pairs, prove, Proof};
use crate::domain::pairing::dutch::quality::{bye_values, leave_out, values};
use crate::domain::pairing::dutch::weights::{limbs, offsets, pack, schema_of_bits, Schema, Value};
use crate::domain::pairing::matching::Wide;

/// A board's quality fields: its class, or the fields themselves.
enum Quality {
    Class(u32),
    Fields(Vec<Value>),
}

/// A solve's answer on its own vertices: each one's mate, and the
/// partners it has by a tight board.
pub(super) type Local = (Vec<Option<usize>>, Vec<Vec<usize>>);

impl Bracket<'_, '_> {
    /// The optimal matching of the boards between the ranks `back` (in
    /// increasing order, the bye vertex last), with the quality fields
    /// (C4 weighed as nothing but on the whole graph, as the dense solve
    /// of `mode` does) and the `extra` fields, and the tight boards;
    /// `None` when a proof did not close or the weights are too wide.
    pub(super) fn solve_sparse(
        &self,
        back: &[usize],
        extra: &[Extra],
        mode: Mode,
    ) -> Option<Local> {
        let m = back.len();
        if m < 2 {
            return Some((vec![None; m], vec![Vec::new(); m]));
        }
        if let Some(held) = self.held_for(back) {
            return self.solve_held(&held, back, extra, mode);
        }
        // Weighed on the fly, the solve starts cold and leaves nothing to
        // start from.
        *self.warm.last.borrow_mut() = None;
        let without_c4 = mode != Mode::Whole;
        let board = |x: usize, y: usize| self.sparse_board(back[x], back[y], extra, without_c4);
        let schema = self.sparse_schema(m, &board, extra);
        match limbs(m, &schema) {
            2 => solve_packed::<2>(m, &board, &schema),
            3 => solve_packed::<3>(m, &board, &schema),
            4 => solve_packed::<4>(m, &board, &schema),
            5 => solve_packed::<5>(m, &board, &schema),
            6 => solve_packed::<6>(m, &board, &schema),
            7 => solve_packed::<7>(m, &board, &schema),
            8 => solve_packed::<8>(m, &board, &schema),
            10 => solve_packed::<10>(m, &board, &schema),
            12 => solve_packed::<12>(m, &board, &schema),
            16 => solve_packed::<16>(m, &board, &schema),
            _ => None,
        }
    }

    /// The quality fields of the board between ranks `i < j` (or `i` and
    /// the bye vertex `j`) before C4 or C9 is left out: its class, or the
    /// fields themselves (the bye's boards, or a round of too many kinds);
    /// `None` when it is not in the graph.
    fn quality_of(&self, i: usize, j: usize) -> Option<Quality> {
        let round = self.round;
        if self.useless(i, j) {
            return None;
        }
        if j == round.bye_vertex() {
            return round.players[i]
                .bye_allowed
                .then(|| Quality::Fields(bye_values(round, &self.ctx, i)));
        }
        if !round.compatible(i, j) {
            return None;
        }
        Some(match self.classes() {
            Some(classes) => Quality::Class(classes.class(round, &self.ctx, i, j)),
            None => Quality::Fields(values(round, &self.ctx, i, j)),
        })
    }

    /// [`Bracket::quality_of`], the fields themselves.
    fn quality_board(&self, i: usize, j: usize) -> Option<Vec<Value>> {
        Some(match self.quality_of(i, j)? {
            Quality::Class(c) => self.classes()?.fields(c).to_vec(),
            Quality::Fields(v) => v,
        })
    }

    /// The classes of the bracket's boards (module `kinds`), made once.
    fn classes(&self) -> Option<&Classes> {
        self.classes
            .get_or_init(|| Classes::new(self.round, &self.ctx))
            .as_ref()
    }

    /// `v`, the quality fields of a board, with C4 weighed as nothing
    /// when `without_c4` and C9 when the bracket leaves it out.
    fn leave_out(&self, v: &mut [Value], without_c4: bool) {
        leave_out(&self.ctx, v, without_c4, self.no_c9);
    }

    /// The fields of the board between ranks `i < j` (or `i` and the bye
    /// vertex `j`) as the dense solve weighs it (`Bracket::solve_graph`),
    /// or `None` when it is not in the graph.
    fn sparse_board(
        &self,
        i: usize,
        j: usize,
        extra: &[Extra],
        without_c4: bool,
    ) -> Option<Vec<Value>> {
        let mut v = self.quality_board(i, j)?;
        if j == self.round.bye_vertex() {
            v.extend(extra.iter().map(|_| Value::Num(0)));
        } else {
            v.extend(extra.iter().map(|f| f.at(i, j)));
        }
        self.leave_out(&mut v, without_c4);
        Some(v)
    }

    /// The widths the dense solve gives the fields of these boards
    /// (`weights::schema`, then `single_widths`), from one pass over them.
    fn sparse_schema(
        &self,
        m: usize,
        board: &impl Fn(usize, usize) -> Option<Vec<Value>>,
        extra: &[Extra],
    ) -> Schema {
        let first = self.ctx.fields();
        let mut max = vec![0u32; first + extra.len()];
        for x in 0..m {
            for y in x + 1..m {
                if let Some(v) = board(x, y) {
                    for (f, value) in v.iter().enumerate() {
                        max[f] = max[f].max(value.max_bits());
                    }
                }
            }
        }
        widths_of(max, m, extra, first)
    }
}

/// The widths the dense solve gives fields whose largest values take
/// `max` bits on a graph of `m` vertices (`weights::schema`, then
/// `single_widths` for the extra fields from `first` on).
fn widths_of(max: Vec<u32>, m: usize, extra: &[Extra], first: usize) -> Schema {
    let mut schema = schema_of_bits(&max, m / 2 + 1);
    for (k, f) in extra.iter().enumerate() {
        if f.single {
            schema.widths[first + k] = max[first + k];
        }
    }
    schema
}

/// [`Bracket::solve_sparse`] with weights of `L` limbs.
fn solve_packed<const L: usize>(
    m: usize,
    board: &impl Fn(usize, usize) -> Option<Vec<Value>>,
    schema: &Schema,
) -> Option<Local> {
    let at = offsets(schema);
    let weigh =
        |x: usize, y: usize| -> Option<Wide<L>> { board(x, y).map(|v| pack::<L>(&v, schema, &at)) };
    let Proof { solved, tight, .. } = prove::<L>(m, &all_pairs(m, &weigh), None, true)?;
    Some((solved.solution.mate, tight))
}

impl Bracket<'_, '_> {
    /// The solution of a sparse solve of the ranks `back`, with the fixed
    /// pairs already in `mate` (by rank); an empty one, and the bracket
    /// marked undecided, when the solve could not be made.
    pub(super) fn sparse_solution(
        &self,
        back: &[usize],
        extra: &[Extra],
        mode: Mode,
        mut mate: Vec<Option<usize>>,
    ) -> Solution {
        let size = mate.len();
        let mut tight = vec![Vec::new(); size];
        match self.solve_sparse(back, extra, mode) {
            Some((local, partners)) => {
                for (x, m) in local.iter().enumerate() {
                    mate[back[x]] = m.map(|y| back[y]);
                }
                for (x, list) in partners.into_iter().enumerate() {
                    tight[back[x]] = list.into_iter().map(|y| back[y]).collect();
                }
            }
            None => self.overflow.set(true),
        }
        let mut present = vec![false; size];
        for &i in back {
            present[i] = true;
        }
        Solution {
            mate,
            tight,
            present,
        }
    }
}
