//! Colours under US Chess 29E: which colour each player is due, and who
//! gets White on a board.
//!
//! - **Due colour** (29E1, 29E2): a player with more Whites than Blacks (or
//!   the reverse) is due the colour that equalises; otherwise the colour
//!   opposite to their last game (alternation). Only games played over the
//!   board count. Equalisation is the stronger claim, and a larger
//!   imbalance stronger still.
//! - **The limit** (our reading of "equalise" as a bound, written in
//!   docs/pairing.md): a colour that would leave a player three games
//!   ahead in one colour, or give them the same colour three times in a
//!   row, is a *hard* failure, weighed before team-mates and before top
//!   half against bottom half.
//! - **Allocation** (29E3, 29E4): the colour that causes fewer hard
//!   failures; then both players their due colours when these differ; when
//!   both are due the same colour, the stronger claim wins; equal claims go
//!   back to the last round in which the two had different colours and
//!   alternate from it; identical histories give the higher-ranked player
//!   their due colour. When neither player is due a colour (round 1), the
//!   higher-ranked player of board 1 gets the event's initial colour (the
//!   "coin toss" of 29E2, stored with the event) and it alternates down the
//!   boards.

use crate::domain::pairing::Colour;

/// A colour claim.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Due {
    /// The colour the player is due.
    pub colour: Colour,
    /// 1 for alternation, 1 + the imbalance for equalisation.
    pub strength: u32,
}

impl Due {
    /// Whether the claim is one of equalisation (29E1) rather than
    /// alternation.
    pub fn equalises(&self) -> bool {
        self.strength > 1
    }
}

/// The colour a player with these colours is due, if any.
pub fn due(colours: &[Colour]) -> Option<Due> {
    let diff = balance(colours);
    if diff != 0 {
        return Some(Due {
            colour: if diff > 0 {
                Colour::Black
            } else {
                Colour::White
            },
            strength: 1 + diff.unsigned_abs(),
        });
    }
    colours.last().map(|c| Due {
        colour: c.opposite(),
        strength: 1,
    })
}

/// Whites minus Blacks.
pub fn balance(colours: &[Colour]) -> i32 {
    colours
        .iter()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum()
}

/// Whether `next` would leave the player three ahead in one colour or give
/// them the same colour three times in a row.
pub fn hard_failure(colours: &[Colour], next: Colour) -> bool {
    let d = balance(colours) + if next == Colour::White { 1 } else { -1 };
    let n = colours.len();
    d.abs() >= 3 || (n >= 2 && colours[n - 1] == next && colours[n - 2] == next)
}

/// How well a colour suits a player: (hard failure, equalisation missed,
/// alternation missed), each 0 or 1.
pub fn misses(colours: &[Colour], got: Colour) -> (u32, u32, u32) {
    let hard = hard_failure(colours, got) as u32;
    match due(colours) {
        Some(d) if d.colour != got => {
            if d.equalises() {
                (hard, 1, 0)
            } else {
                (hard, 0, 1)
            }
        }
        _ => (hard, 0, 0),
    }
}

/// Which part of 29E decided a board's colours (see [`allocate_why`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The other colour would give a player a third colour in a row or a
    /// difference of three (29E5f).
    Limit,
    /// Neither is due a colour: the initial colour, alternating by board
    /// (29E2).
    Lot,
    /// Only one player is due a colour, and gets it.
    OneDue,
    /// The players are due different colours, and each gets theirs.
    BothDue,
    /// Both are due the same colour; the stronger claim wins (29E4:
    /// equalisation over alternation, the larger imbalance first).
    Stronger,
    /// Equal claims: back to the last round in which the two had different
    /// colours, alternating from it (29E4).
    History,
    /// Equal claims and identical histories: the higher-ranked player gets
    /// their due colour (29E4).
    Higher,
}

/// The colour the higher-ranked player `hi` gets against `lo`. `lot` is the
/// colour `hi` gets when neither is due a colour (the initial colour,
/// alternated by board).
pub fn allocate(hi: &[Colour], lo: &[Colour], lot: Colour) -> Colour {
    allocate_why(hi, lo, lot).0
}

/// [`allocate`], with the rule that decided.
pub fn allocate_why(hi: &[Colour], lo: &[Colour], lot: Colour) -> (Colour, Reason) {
    let hard = |c: Colour| hard_failure(hi, c) as u32 + hard_failure(lo, c.opposite()) as u32;
    let (hw, hb) = (hard(Colour::White), hard(Colour::Black));
    if hw != hb {
        let c = if hw < hb {
            Colour::White
        } else {
            Colour::Black
        };
        return (c, Reason::Limit);
    }
    match (due(hi), due(lo)) {
        (None, None) => (lot, Reason::Lot),
        (Some(a), None) => (a.colour, Reason::OneDue),
        (None, Some(b)) => (b.colour.opposite(), Reason::OneDue),
        (Some(a), Some(b)) if a.colour != b.colour => (a.colour, Reason::BothDue),
        (Some(a), Some(b)) => {
            if a.strength != b.strength {
                let c = if a.strength > b.strength {
                    a.colour
                } else {
                    a.colour.opposite()
                };
                return (c, Reason::Stronger);
            }
            // Back to the last round in which they had different colours
            // (counted from each player's latest game), alternating from it.
            for (x, y) in hi.iter().rev().zip(lo.iter().rev()) {
                if x != y {
                    return (x.opposite(), Reason::History);
                }
            }
            (a.colour, Reason::Higher)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn equalisation_comes_before_alternation() {
        assert_eq!(
            due(&[W, W, B]).map(|d| (d.colour, d.strength)),
            Some((B, 2))
        );
        assert_eq!(due(&[W, B]).map(|d| (d.colour, d.strength)), Some((W, 1)));
        assert_eq!(due(&[]), None);
        // 29E4: a player due Black to equalise beats one due Black to alternate.
        assert_eq!(allocate(&[B, W], &[W, W, B], W), W);
    }

    #[test]
    fn equal_claims_go_back_to_the_last_different_round_then_to_the_higher_player() {
        // Both B W: identical, the higher-ranked gets their due Black.
        assert_eq!(allocate(&[B, W], &[B, W], W), B);
        // hi W B W B, lo B W W B: both due White by alternation. From the
        // latest game back: B/B, W/W, then B/W differ: hi had Black there,
        // so hi gets White.
        assert_eq!(allocate(&[W, B, W, B], &[B, W, W, B], B), W);
        assert_eq!(allocate(&[B, W, W, B], &[W, B, W, B], B), B);
    }

    #[test]
    fn a_third_colour_in_a_row_is_a_hard_failure() {
        assert!(hard_failure(&[B, W, W], W));
        assert!(!hard_failure(&[B, W, W], B));
        assert!(hard_failure(&[W, B, W, W], W) && !hard_failure(&[W, B, W], W));
        // The higher player's due colour would give the lower a third Black.
        assert_eq!(allocate(&[W, B], &[W, B, B], W), B);
        assert_eq!(misses(&[W, B], B), (0, 0, 1));
    }
}
