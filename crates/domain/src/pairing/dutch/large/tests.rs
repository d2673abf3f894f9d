//! The large path gives the dense engine's pairing: random tournaments
//! paired both ways, round after round.

use super::super::pair_with;
use super::super::tests::play;
use super::{KEPT_WHOLE, PREFER_CORE, SPARSE_BRACKETS, WITHIN_CORE};
use crate::domain::pairing::{ByeKind, Colour, Entrant, Field, Pairing, PointSystem, Unpairable};
use crate::domain::rng::Rng;
use crate::domain::score::Points;

fn entrant(number: u32) -> Entrant {
    Entrant {
        number,
        rating: 2000 - number,
        title: String::new(),
        name: format!("Player {number}"),
        history: Vec::new(),
        available: true,
        requested_bye: None,
        acceleration: Points::ZERO,
        club: String::new(),
    }
}

/// The pairing of each round both ways; the dense one is played on.
fn compare(f: &mut Field, rng: &mut Rng, t: u32) -> usize {
    let mut compared = 0;
    for r in 1..=f.total_rounds {
        f.round = r;
        for e in &mut f.entrants {
            e.requested_bye = (r > 1 && rng.chance(10)).then_some(ByeKind::RequestedHalf);
            e.available = e.requested_bye.is_none();
        }
        let dense: Result<Pairing, Unpairable> = pair_with(f, true, false);
        let large = pair_with(f, true, true);
        match (&dense, &large) {
            (Ok(d), Ok(l)) => assert_eq!(d, l, "tournament {t}, round {r}"),
            // The large path may refuse, never pair differently; when the
            // dense engine cannot pair, neither can it.
            (Ok(_), Err(e)) => panic!("tournament {t}, round {r}: large path refused: {e}"),
            (Err(_), _) => {}
        }
        let Ok(p) = dense else { break };
        compared += 1;
        play(f, &p, rng, 20);
    }
    compared
}

/// Random tournaments of 7 to 66 players, odd and even, some forbidden
/// pairs and requested byes: every round the large path pairs as the
/// dense engine does, and it decides many brackets itself (not only by
/// handing them to the dense engine), and hands many others to it on
/// their members alone (a bracket every optimal pairing keeps whole) or
/// on the bracket and the next scoregroup (preferred here where the whole
/// would fit, as it is where it would not).
#[test]
fn the_large_path_pairs_as_the_dense_engine() {
    let mut rng = Rng::new(20261126);
    let mut rounds = 0;
    SPARSE_BRACKETS.with(|c| c.set(0));
    KEPT_WHOLE.with(|c| c.set(0));
    WITHIN_CORE.with(|c| c.set(0));
    PREFER_CORE.with(|c| c.set(true));
    for t in 0..40 {
        let n = 7 + rng.below(60) as u32;
        let total = 5 + (t % 5);
        let mut f = Field {
            round: 1,
            total_rounds: total,
            initial_colour: Colour::White,
            points: PointSystem::default(),
            forbidden: Vec::new(),
            entrants: (1..=n).map(entrant).collect(),
        };
        if t % 4 == 1 {
            f.forbidden = vec![(1, 2), (3, n), (n / 2, n / 2 + 1)];
        }
        rounds += compare(&mut f, &mut rng, t);
    }
    let sparse = SPARSE_BRACKETS.with(|c| c.get());
    let kept = KEPT_WHOLE.with(|c| c.get());
    let core = WITHIN_CORE.with(|c| c.get());
    eprintln!(
        "{rounds} rounds, {sparse} brackets decided sparse, {kept} kept whole, {core} within core"
    );
    assert!(rounds > 200, "only {rounds} rounds compared");
    assert!(
        sparse > 300,
        "only {sparse} brackets decided by the large path"
    );
    assert!(
        kept > 20,
        "only {kept} brackets ordered on their members alone"
    );
    assert!(
        core > 20,
        "only {core} brackets ordered on the bracket and the next scoregroup"
    );
}
