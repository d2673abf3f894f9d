//! A simple Swiss pairing for generated data: players sorted by score then
//! rating meet the nearest player they have not met, colours alternate.
//! It is good enough to make realistic demo and benchmark events; it is not
//! a rated-event pairing program.

use std::collections::HashSet;

/// One player as the pairing sees them.
pub struct Seed {
    pub id: usize,
    pub score: i32,
    pub rating: u32,
    /// Whites minus blacks so far.
    pub colour_balance: i32,
}

/// Pair `players` (an even number) avoiding rematches where possible.
/// Returns (white, black) ids.
pub fn pair(players: &mut [Seed], met: &HashSet<(usize, usize)>) -> Vec<(usize, usize)> {
    players.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    let mut free: Vec<usize> = (0..players.len()).collect();
    let mut out = Vec::new();
    while let Some(first) = free.first().copied() {
        free.remove(0);
        let a = &players[first];
        let pos = free
            .iter()
            .position(|&j| !met.contains(&key(a.id, players[j].id)))
            .unwrap_or(0);
        if free.is_empty() {
            break;
        }
        let second = free.remove(pos);
        let b = &players[second];
        if a.colour_balance <= b.colour_balance {
            out.push((a.id, b.id));
        } else {
            out.push((b.id, a.id));
        }
    }
    out
}

pub fn key(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}
