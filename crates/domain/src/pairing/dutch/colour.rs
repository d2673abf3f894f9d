//! Colours under the FIDE Dutch system: a player's colour preference
//! (C.04.3 article 1.6 in the 2026 text, A.6 before) and the allocation of
//! colours to a pair (article 5.2, with the C.04.1 rule that only games
//! actually played count for colours).
//!
//! Only games played over the board count: a forfeit, a bye or an absence
//! leaves no colour (C.04.1 h). The colour history is the sequence of the
//! colours of the games played, oldest first, with the unplayed rounds
//! removed (so `W B - W` is read as `W B W`).

use crate::domain::pairing::Colour;

/// How strongly a player wants a colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strength {
    /// No game played yet: no preference.
    None,
    /// Colour difference 0: alternate from the last game.
    Mild,
    /// Colour difference +1 or -1: the colour that evens it.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two
    /// games played.
    Absolute,
}

/// A player's colour facts before the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourState {
    /// Colours of the games played, oldest first.
    pub history: Vec<Colour>,
}

impl ColourState {
    /// From the colours of the games played, oldest first.
    pub fn new(history: Vec<Colour>) -> ColourState {
        ColourState { history }
    }

    /// Games with White minus games with Black.
    pub fn difference(&self) -> i32 {
        self.history
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum()
    }

    /// The colour of the last game played.
    pub fn last(&self) -> Option<Colour> {
        self.history.last().copied()
    }

    /// Whether the last two games played had the same colour, and which.
    fn last_two_same(&self) -> Option<Colour> {
        let n = self.history.len();
        (n >= 2 && self.history[n - 1] == self.history[n - 2]).then(|| self.history[n - 1])
    }

    /// The preferred colour and its strength (C.04.3 1.6 / A.6): absolute
    /// when the colour difference is beyond ±1 or the last two games had
    /// the same colour (the difference decides when both apply); strong at
    /// ±1; mild at 0 (the other colour than the last game); none before
    /// the first game played.
    pub fn preference(&self) -> (Option<Colour>, Strength) {
        let cd = self.difference();
        let Some(last) = self.last() else {
            return (None, Strength::None);
        };
        if cd > 1 {
            return (Some(Colour::Black), Strength::Absolute);
        }
        if cd < -1 {
            return (Some(Colour::White), Strength::Absolute);
        }
        if let Some(c) = self.last_two_same() {
            return (Some(c.opposite()), Strength::Absolute);
        }
        match cd {
            1 => (Some(Colour::Black), Strength::Strong),
            -1 => (Some(Colour::White), Strength::Strong),
            _ => (Some(last.opposite()), Strength::Mild),
        }
    }
}

/// One side of a pair as the colour allocation sees it.
#[derive(Clone, Debug)]
pub struct Side<'a> {
    /// The player's colour history: the differences and runs the rules
    /// of 5.2 read.
    pub colours: &'a ColourState,
    /// Pairing number (for 5.2.5).
    pub number: u32,
}

/// The colour the first player gets, the second getting the other
/// (C.04.3 5.2). `first` must be the higher-ranked player (higher score,
/// then lower pairing number, article 1.2).
///
/// 1. Grant both preferences when they differ (or one has none).
/// 2. Grant the stronger preference; when both are absolute, the wider
///    colour difference.
/// 3. Alternate from the most recent game (counting back, each player's
///    played games only) in which the two had different colours.
/// 4. Grant the higher-ranked player's preference.
/// 5. The higher-ranked player gets the initial colour when their pairing
///    number is odd, the other colour when it is even.
pub fn allocate(first: &Side, second: &Side, initial: Colour) -> Colour {
    let (p1, s1) = first.colours.preference();
    let (p2, s2) = second.colours.preference();
    match (p1, p2) {
        (Some(a), Some(b)) if a != b => return a,
        (Some(a), None) => return a,
        (None, Some(b)) => return b.opposite(),
        _ => {}
    }
    if let (Some(a), Some(_)) = (p1, p2) {
        // Same colour wanted by both.
        if s1 != s2 {
            return if s1 > s2 { a } else { a.opposite() };
        }
        if s1 == Strength::Absolute {
            let d1 = first.colours.difference().abs();
            let d2 = second.colours.difference().abs();
            if d1 != d2 {
                return if d1 > d2 { a } else { a.opposite() };
            }
        }
        let h1 = &first.colours.history;
        let h2 = &second.colours.history;
        for (c1, c2) in h1.iter().rev().zip(h2.iter().rev()) {
            if c1 != c2 {
                return c1.opposite();
            }
        }
        return a;
    }
    if first.number % 2 == 1 {
        initial
    } else {
        initial.opposite()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    fn state(h: &[Colour]) -> ColourState {
        ColourState::new(h.to_vec())
    }

    #[test]
    fn preferences_follow_the_colour_difference_and_the_last_two_games() {
        assert_eq!(state(&[]).preference(), (None, Strength::None));
        assert_eq!(state(&[W]).preference(), (Some(B), Strength::Strong));
        assert_eq!(state(&[W, B]).preference(), (Some(W), Strength::Mild));
        assert_eq!(state(&[B, W]).preference(), (Some(B), Strength::Mild));
        assert_eq!(
            state(&[B, W, W]).preference(),
            (Some(B), Strength::Absolute)
        );
        assert_eq!(state(&[W, B, W]).preference(), (Some(B), Strength::Strong));
        assert_eq!(
            state(&[B, W, B, B]).preference(),
            (Some(W), Strength::Absolute)
        );
        assert_eq!(
            state(&[W, W, B, W]).preference(),
            (Some(B), Strength::Absolute),
            "difference +2"
        );
    }

    fn side(c: &ColourState, number: u32) -> Side<'_> {
        Side { colours: c, number }
    }

    #[test]
    fn both_preferences_granted_when_they_differ() {
        let a = state(&[W]);
        let b = state(&[B]);
        assert_eq!(allocate(&side(&a, 1), &side(&b, 2), W), B);
        let none = state(&[]);
        assert_eq!(
            allocate(&side(&none, 1), &side(&a, 2), W),
            W,
            "the other's preference is granted"
        );
    }

    #[test]
    fn the_stronger_preference_wins() {
        let mild = state(&[W, B]); // wants White, mild
        let strong = state(&[B]); // wants White, strong
        assert_eq!(allocate(&side(&mild, 1), &side(&strong, 2), W), B);
        let abs = state(&[W, B, B]); // absolute White
        assert_eq!(allocate(&side(&strong, 1), &side(&abs, 2), W), B);
    }

    #[test]
    fn two_absolute_preferences_go_by_the_wider_difference() {
        let a = state(&[B, B]); // -2
        let b = state(&[W, B, B, B]); // -2 as well, and last two black
        let c = state(&[B, B, W, B, B]); // -3
        assert_eq!(
            allocate(&side(&a, 1), &side(&c, 2), W),
            B,
            "the wider difference gets White"
        );
        // Equal differences: alternate from the most recent differing game.
        // a: B B; b: ... W B B B → aligned from the end: B/B, B/B, then - / B: no difference.
        assert_eq!(
            allocate(&side(&a, 1), &side(&b, 2), W),
            W,
            "no difference: higher-ranked's preference"
        );
    }

    #[test]
    fn alternation_from_the_last_different_round() {
        // Both want White mildly: a had B W B? no: both mild White = last Black, cd 0.
        let a = state(&[W, B]);
        let b = state(&[B, W, W, B]);
        // From the end: B/B, W/W, then a has nothing: -> higher-ranked preference.
        assert_eq!(allocate(&side(&a, 3), &side(&b, 4), B), W);
        let c = state(&[W, B, W, B]);
        let d = state(&[B, W, W, B]);
        // From the end: B/B, W/W, B/W differ: c had Black there, so White now? c's
        // game 2 was Black, d's White: alternate → c White.
        assert_eq!(allocate(&side(&c, 5), &side(&d, 6), B), W);
        assert_eq!(allocate(&side(&d, 5), &side(&c, 6), B), B);
    }

    #[test]
    fn no_preferences_go_by_the_initial_colour_and_the_pairing_number() {
        let none = state(&[]);
        assert_eq!(allocate(&side(&none, 1), &side(&none, 9), W), W);
        assert_eq!(allocate(&side(&none, 2), &side(&none, 9), W), B);
        assert_eq!(allocate(&side(&none, 3), &side(&none, 9), B), B);
        assert_eq!(allocate(&side(&none, 4), &side(&none, 9), B), W);
    }
}
