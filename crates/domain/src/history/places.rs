//! Places in a section's standings as ranges (a shared place "2-3" is
//! places 2 to 3), and the winners: everyone sharing the first place.
//!
//! The places are read from [`Standings`] as the `standings` command
//! computes them (score, then the event's tiebreak order), so a tie that a
//! tiebreak separates has one winner, and only players the whole order
//! leaves tied share first place.

use crate::domain::standings::Standings;

/// One player's place.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Index of the player in the section's records.
    pub player: usize,
    /// The best place of the range, 1-based: "2" of "2-3".
    pub first: usize,
    /// The worst place of the range: "3" of "2-3"; equal to `first` when
    /// the place is not shared.
    pub last: usize,
}

impl Place {
    /// Whether other players share this place.
    pub fn shared(&self) -> bool {
        self.last > self.first
    }
}

/// Every player's place range, best first.
pub fn places(st: &Standings) -> Vec<Place> {
    let mut out = Vec::with_capacity(st.rows.len());
    let mut i = 0;
    while i < st.rows.len() {
        let mut j = i + 1;
        while j < st.rows.len() && st.rows[j].place == st.rows[i].place {
            j += 1;
        }
        for row in &st.rows[i..j] {
            out.push(Place {
                player: row.player,
                first: i + 1,
                last: j,
            });
        }
        i = j;
    }
    out
}

/// The players sharing first place (one unless the order left a tie);
/// empty for a section without players.
pub fn winners(st: &Standings) -> Vec<usize> {
    places(st)
        .into_iter()
        .take_while(|p| p.first == 1)
        .map(|p| p.player)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::score::Points;
    use crate::domain::standings::Row;

    fn st(places: &[&str]) -> Standings {
        Standings {
            order: vec![],
            rows: places
                .iter()
                .enumerate()
                .map(|(i, p)| Row {
                    player: 10 + i,
                    rank: i + 1,
                    place: p.to_string(),
                    score: Points(0),
                    values: vec![],
                })
                .collect(),
            coin_seed: None,
        }
    }

    #[test]
    fn shared_places_become_ranges() {
        let p = places(&st(&["1", "2-3", "2-3", "4"]));
        assert_eq!(
            p.iter()
                .map(|p| (p.player, p.first, p.last))
                .collect::<Vec<_>>(),
            vec![(10, 1, 1), (11, 2, 3), (12, 2, 3), (13, 4, 4)]
        );
        assert!(p[1].shared() && !p[0].shared());
    }

    #[test]
    fn winners_are_everyone_sharing_first() {
        assert_eq!(winners(&st(&["1", "2", "3"])), vec![10]);
        assert_eq!(winners(&st(&["1-2", "1-2", "3"])), vec![10, 11]);
        assert!(winners(&st(&[])).is_empty());
    }
}
