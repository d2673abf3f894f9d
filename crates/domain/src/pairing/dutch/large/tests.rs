//! The large path gives the dense engine's pairing: random tournaments
//! paired both ways, round after round.

use super::super::pair_with;
use super::super::tests::{entrant, play};
use super::{
    HELD_SOLVES, HOLD_NONE, KEPT_WHOLE, PREFER_CORE, PREFER_SPARSE, SPARSE_BRACKETS,
    SPARSE_ORDERED, WARM_SOLVES, WITHIN_CORE,
};
use crate::domain::pairing::{ByeKind, Colour, Field, Pairing, PointSystem, Unpairable};
use crate::domain::rng::Rng;

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
    PREFER_CORE.with(|c| c.set(true));
    let rounds = tournaments(20261126);
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

/// The same with every bracket the large path cannot decide from its
/// first candidate ordered by sparse solves (`order::sparse`), as it is
/// when the dense engine would not fit: the dense engine's pairing every
/// round (or a refusal the test counts: only a last bracket whose answer
/// depends on which of equally good pairings a solve returns). The solves
/// after a bracket's first are made on its held boards, most of them
/// started from the last solve.
#[test]
fn sparse_ordering_solves_pair_as_the_dense_engine() {
    PREFER_SPARSE.with(|c| c.set(true));
    let rounds = tournaments(20261127);
    let ordered = SPARSE_ORDERED.with(|c| c.get());
    let held = HELD_SOLVES.with(|c| c.get());
    let warm = WARM_SOLVES.with(|c| c.get());
    eprintln!(
        "{rounds} rounds, {ordered} brackets ordered by sparse solves, \
         {held} solves on held boards, {warm} of them warm"
    );
    assert!(rounds > 200, "only {rounds} rounds compared");
    assert!(
        ordered > 300,
        "only {ordered} brackets ordered by sparse solves"
    );
    assert!(held > 1000, "only {held} solves on held boards");
    assert!(warm > 300, "only {warm} solves started from the last one");
}

/// The same with no boards held (as in a bracket past the limit): every
/// sparse solve weighs its boards on the fly, cold.
#[test]
fn sparse_solves_weighed_on_the_fly_pair_as_the_dense_engine() {
    PREFER_SPARSE.with(|c| c.set(true));
    HOLD_NONE.with(|c| c.set(true));
    let rounds = tournaments(20261128);
    let ordered = SPARSE_ORDERED.with(|c| c.get());
    let held = HELD_SOLVES.with(|c| c.get());
    eprintln!("{rounds} rounds, {ordered} brackets ordered by sparse solves, {held} held");
    assert!(rounds > 200, "only {rounds} rounds compared");
    assert!(
        ordered > 300,
        "only {ordered} brackets ordered by sparse solves"
    );
    assert_eq!(held, 0, "solves made on held boards");
}

/// Random tournaments of 7 to 66 players compared round by round
/// ([`compare`]); returns the rounds compared.
fn tournaments(seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut rounds = 0;
    for t in 0..40 {
        let n = 7 + rng.below(60) as u32;
        let total = 5 + (t % 5);
        let mut f = Field {
            round: 1,
            total_rounds: total,
            initial_colour: Colour::White,
            points: PointSystem::default(),
            forbidden: Vec::new(),
            entrants: (1..=n).map(|k| entrant(k, Vec::new())).collect(),
        };
        if t % 4 == 1 {
            f.forbidden = vec![(1, 2), (3, n), (n / 2, n / 2 + 1)];
        }
        rounds += compare(&mut f, &mut rng, t);
    }
    rounds
}
