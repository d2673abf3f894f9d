//! A simple Swiss pairing for generated data: players sorted by score then
//! rating meet the nearest player they have not met (never a rematch when
//! one can be avoided), colours alternate.
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

/// Pair `players` (an even number) with no rematch: top down, each player
/// meets the nearest player they have not met, backing up when the rest
/// cannot be paired (a greedy walk can strand the last two, who have met).
/// If no rematch-free pairing is found within a bounded search, the greedy
/// pairing is returned and a rematch may remain. Returns (white, black) ids.
pub fn pair(players: &mut [Seed], met: &HashSet<(usize, usize)>) -> Vec<(usize, usize)> {
    players.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(b.rating.cmp(&a.rating))
            .then(a.id.cmp(&b.id))
    });
    let mut free = vec![true; players.len()];
    let mut chosen = Vec::new();
    let mut budget = 200_000usize;
    let order: Vec<(usize, usize)> = if search(players, met, &mut free, &mut chosen, &mut budget) {
        chosen
    } else {
        greedy(players, met)
    };
    order
        .into_iter()
        .map(|(i, j)| {
            let (a, b) = (&players[i], &players[j]);
            if a.colour_balance <= b.colour_balance {
                (a.id, b.id)
            } else {
                (b.id, a.id)
            }
        })
        .collect()
}

/// Depth-first: pair the first free player with each unmet free player in
/// order, until everyone is paired or the budget runs out.
fn search(
    players: &[Seed],
    met: &HashSet<(usize, usize)>,
    free: &mut [bool],
    chosen: &mut Vec<(usize, usize)>,
    budget: &mut usize,
) -> bool {
    let Some(first) = free.iter().position(|&f| f) else {
        return true;
    };
    free[first] = false;
    for j in first + 1..players.len() {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        if !free[j] || met.contains(&key(players[first].id, players[j].id)) {
            continue;
        }
        free[j] = false;
        chosen.push((first, j));
        if search(players, met, free, chosen, budget) {
            return true;
        }
        chosen.pop();
        free[j] = true;
    }
    free[first] = true;
    false
}

/// The nearest unmet player, rematches allowed when nobody else is left.
fn greedy(players: &[Seed], met: &HashSet<(usize, usize)>) -> Vec<(usize, usize)> {
    let mut free: Vec<usize> = (0..players.len()).collect();
    let mut out = Vec::new();
    while free.len() >= 2 {
        let first = free.remove(0);
        let pos = free
            .iter()
            .position(|&j| !met.contains(&key(players[first].id, players[j].id)))
            .unwrap_or(0);
        out.push((first, free.remove(pos)));
    }
    out
}

pub fn key(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_two_are_not_left_to_meet_again() {
        // Greedy pairs 0-1 and leaves 2-3, who have met; the search pairs
        // 0-2 and 1-3 instead.
        let mut players: Vec<Seed> = (0..4)
            .map(|id| Seed {
                id,
                score: 0,
                rating: 2000 - id as u32,
                colour_balance: 0,
            })
            .collect();
        let met: HashSet<_> = [key(2, 3)].into_iter().collect();
        let mut got: Vec<(usize, usize)> = pair(&mut players, &met)
            .into_iter()
            .map(|(a, b)| key(a, b))
            .collect();
        got.sort();
        assert_eq!(got, vec![(0, 2), (1, 3)]);
    }
}
