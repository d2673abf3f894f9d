//! The pairing a director would write down first, before looking at
//! rematches and colours (29A-29D): the bye to its 28L2 receiver, then each
//! score group from the top, the odd player (the lowest-rated) dropped to
//! meet the highest-rated player of the next group (29D1), and the rest
//! paired top half against bottom half in rating order (29C1).
//!
//! The engine does not walk this pairing; it measures every other board
//! against it: a board's *switch* is how far it departs from the natural
//! one, in rating points, as US Chess measures transpositions and
//! interchanges (29E5: the rating difference of the two players who trade
//! places). For a board x–y that is the smaller of "y stands where x's
//! natural opponent stood" and "x stands where y's natural opponent stood".

use super::facts::Player;
use super::options::UnratedBye;

/// Where a player stands in the natural pairing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The natural opponent (rank), `None` for the natural bye receiver.
    pub opponent: Option<usize>,
    /// Which unit (a score group's halves, or a drop pair) the player is
    /// paired in.
    pub unit: usize,
    /// Upper half (or the player dropped down) rather than lower half.
    pub upper: bool,
}

/// The 28L2 order of bye receivers (ranks, most deserving of the bye first):
/// lowest score group first; within it rated players before unrated ones
/// (28L2: not to an unrated player while another can take it; with
/// [`UnratedBye::Lowest`] unrated players rank at rating 0 instead); then
/// the lowest rating; then the higher pairing number.
pub fn bye_order(players: &[Player], unrated: UnratedBye) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players.len())
        .filter(|&i| players[i].bye_allowed)
        .collect();
    order.sort_by_key(|&i| {
        let p = &players[i];
        let last = unrated == UnratedBye::Last && p.unrated();
        (p.score, last, p.rating, std::cmp::Reverse(p.number))
    });
    order
}

/// The natural pairing of `players` (ranked by score, then rating).
/// `bye` is whether somebody sits out; `allowed` says whether two players
/// may meet (the dropped player meets the highest *eligible* player of the
/// next group, 29D1). Returns each player's seat and the natural bye
/// receiver.
pub fn natural(
    players: &[Player],
    bye: bool,
    unrated: UnratedBye,
    allowed: impl Fn(usize, usize) -> bool,
) -> (Vec<Seat>, Option<usize>) {
    let n = players.len();
    let mut seats = vec![
        Seat {
            opponent: None,
            unit: usize::MAX,
            upper: false,
        };
        n
    ];
    let bye_to = if bye {
        bye_order(players, unrated).first().copied()
    } else {
        None
    };
    let rest: Vec<usize> = (0..n).filter(|&i| Some(i) != bye_to).collect();
    let mut unit = 0;
    let mut carry: Option<usize> = None;
    let mut start = 0;
    while start < rest.len() {
        let mut end = start;
        while end < rest.len() && players[rest[end]].score == players[rest[start]].score {
            end += 1;
        }
        let mut group: Vec<usize> = rest[start..end].to_vec();
        if let Some(d) = carry.take() {
            // 29D1: the dropped player meets the highest-rated player of
            // this group they may meet (the highest if they may meet none).
            let k = group.iter().position(|&g| allowed(d, g)).unwrap_or(0);
            let top = group.remove(k);
            seats[d] = Seat {
                opponent: Some(top),
                unit,
                upper: true,
            };
            seats[top] = Seat {
                opponent: Some(d),
                unit,
                upper: false,
            };
            unit += 1;
        }
        if group.len() % 2 == 1 {
            // 29D1: the lowest-rated player of the group is the odd one.
            carry = group.pop();
        }
        let half = group.len() / 2;
        for k in 0..half {
            let (a, b) = (group[k], group[k + half]);
            seats[a] = Seat {
                opponent: Some(b),
                unit,
                upper: true,
            };
            seats[b] = Seat {
                opponent: Some(a),
                unit,
                upper: false,
            };
        }
        unit += 1;
        start = end;
    }
    // An odd player left at the bottom (no bye allowed to anybody): they
    // stay without a natural opponent.
    (seats, bye_to)
}

/// The switch of board `x`–`y` against the natural pairing, in rating
/// points (see the module doc), and the same in ranks for ties.
pub fn switch(players: &[Player], seats: &[Seat], x: usize, y: usize) -> (u32, u32) {
    let r = |i: usize| players[i].rating;
    let mut points = u32::MAX;
    let mut ranks = u32::MAX;
    if let Some(nx) = seats[x].opponent {
        points = points.min(r(y).abs_diff(r(nx)));
        ranks = ranks.min((y as u32).abs_diff(nx as u32));
    }
    if let Some(ny) = seats[y].opponent {
        points = points.min(r(x).abs_diff(r(ny)));
        ranks = ranks.min((x as u32).abs_diff(ny as u32));
    }
    if points == u32::MAX {
        (0, 0)
    } else {
        (points, ranks)
    }
}

/// Whether board `x`–`y` is the natural one, a transposition (an upper
/// and a lower player of the same unit, not natural opponents) or an
/// interchange (anything else: both from one half, or from different
/// units).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The natural pairing: top half against bottom half, in order.
    Natural,
    /// Upper against lower player of one unit, not natural opponents.
    Transposition,
    /// Anything else: both from one half, or from different units.
    Interchange,
}

/// The kind of board `x`–`y`.
pub fn kind(seats: &[Seat], x: usize, y: usize) -> Kind {
    let (a, b) = (seats[x], seats[y]);
    if a.opponent == Some(y) {
        Kind::Natural
    } else if a.unit == b.unit && a.unit != usize::MAX && a.upper != b.upper {
        Kind::Transposition
    } else {
        Kind::Interchange
    }
}
