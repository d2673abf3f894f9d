//! A bracket's solves made without weighing every board into memory, for
//! a bracket too large for that (module `dutch::large`): each solve runs
//! on a few boards of each player and is proven optimal over every board
//! of its graph by LP duality (`large::solve::proven`), the boards weighed
//! on the fly, one at a time, and dropped.
//!
//! Why the bracket's answer is the dense engine's. Each solve weighs the
//! same boards with the same fields, packed as the dense solve packs them
//! (the same widths, without leaving out the fields that are the same on
//! every board, which changes no comparison), and returns an optimal
//! matching with the boards tight under optimal duals, as the dense solve
//! does. Which optimal matching it returns among ties may differ, and so
//! may the tight boards; the ordering steps fix no pair from either but
//! what every optimal solution has (module `warm`), except in the last
//! bracket, whose unfixed members take their pairs and the bye from the
//! last solve: there the answer is kept only when at most one member is
//! left unfixed (`Bracket::outcome`), and otherwise the bracket is left
//! undecided.

use super::{Bracket, Extra, Solution};
use crate::domain::pairing::dutch::large::solve::{proven, tight_partners};
use crate::domain::pairing::dutch::quality::{bye_values, c9_field, values};
use crate::domain::pairing::dutch::weights::{limbs, offsets, pack, schema_of_bits, Schema, Value};
use crate::domain::pairing::matching::Wide;

/// A solve's answer on its own vertices: each one's mate, and the
/// partners it has by a tight board.
pub(super) type Local = (Vec<Option<usize>>, Vec<Vec<usize>>);

impl Bracket<'_, '_> {
    /// The optimal matching of the boards between the ranks `back` (in
    /// increasing order, the bye vertex last), with the quality fields
    /// (C4 weighed as nothing when `without_c4`) and the `extra` fields,
    /// and the tight boards; `None` when a proof did not close or the
    /// weights are too wide.
    pub(super) fn solve_sparse(
        &self,
        back: &[usize],
        extra: &[Extra],
        without_c4: bool,
    ) -> Option<Local> {
        let m = back.len();
        if m < 2 {
            return Some((vec![None; m], vec![Vec::new(); m]));
        }
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
        let round = self.round;
        if self.useless(i, j) {
            return None;
        }
        let mut v = if j == round.bye_vertex() {
            if !round.players[i].bye_allowed {
                return None;
            }
            let mut v = bye_values(round, &self.ctx, i);
            v.extend(extra.iter().map(|_| Value::Num(0)));
            v
        } else {
            if !round.compatible(i, j) {
                return None;
            }
            let mut v = values(round, &self.ctx, i, j);
            v.extend(extra.iter().map(|f| (f.value)(i, j)));
            v
        };
        if without_c4 {
            v[0] = Value::Num(0);
        }
        if self.no_c9 {
            v[c9_field(&self.ctx)] = Value::Num(0);
        }
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
        let mut schema = schema_of_bits(&max, m / 2 + 1);
        for (k, f) in extra.iter().enumerate() {
            if f.single {
                schema.widths[first + k] = max[first + k];
            }
        }
        schema
    }
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
    let solved = proven::<L>(m, &weigh)?;
    let tight = tight_partners(m, &weigh, &solved);
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
        without_c4: bool,
        mut mate: Vec<Option<usize>>,
    ) -> Solution {
        let size = mate.len();
        let mut tight = vec![Vec::new(); size];
        match self.solve_sparse(back, extra, without_c4) {
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
