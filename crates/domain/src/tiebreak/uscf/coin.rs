//! Coin flip (34E13): a seeded, reproducible draw.

use crate::domain::record::Tournament;
use crate::domain::rng::step;
use crate::domain::score::Value;
use crate::domain::tiebreak::Working;

/// The draw for pairing number `pairing_no` under `seed`: a whole number
/// below 2⁴⁸; higher ranks first. Built from the league's one splitmix64
/// step ([`step`]), fixed so a stored seed reproduces the same draw on
/// every machine and in every version.
pub fn draw(seed: u64, pairing_no: u32) -> u64 {
    step(step(seed) ^ u64::from(pairing_no)) >> 16
}

/// **Coin flip** (US Chess 34E13): breaks whatever tie is left, at random,
/// from a seed that is stored and printed so the draw can be reproduced.
///
/// Choices (spec 1.14, decision 6): the value is a function of the event's
/// seed and the player's pairing number only (so it does not depend on the
/// order players are listed, nor on who else is tied); `None` for everyone
/// when the event has no seed, which is how an event says a coin flip is not
/// allowed (non-divisible prizes only, never a title).
pub fn coin(t: &Tournament, p: usize, seed: Option<u64>, w: Option<&mut Working>) -> Option<Value> {
    let pairing_no = t.players.get(p)?.pairing_no;
    let Some(seed) = seed else {
        if let Some(w) = w {
            w.note("This event does not allow a coin flip (no seed set): no value.");
        }
        return None;
    };
    let d = draw(seed, pairing_no);
    if let Some(w) = w {
        w.note(format!(
            "Coin flip with seed {seed} for pairing number {pairing_no}: draw {d}; \
             the higher draw ranks ahead (US Chess 34E13). The same seed always \
             gives the same draw."
        ));
    }
    Some(Value::int(d as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_seed_gives_the_same_draw_in_every_version() {
        // Pinned: changing the draw would change old events' standings.
        assert_eq!(draw(2024, 1), 4_944_118_935_809);
        assert_eq!(draw(2024, 2), 31_002_492_626_474);
        assert_eq!(draw(7, 1), 67_352_591_424_723);
    }
}
