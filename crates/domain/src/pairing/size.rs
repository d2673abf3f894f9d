//! How large a round the weighted engines (FIDE Dutch, US Chess Swiss) take
//! on, checked before they build anything.
//!
//! Both pack their criteria into one integer weight per possible board and
//! solve a maximum-weight matching over every pair of players. Two things
//! grow with the round: the weight's width (the Dutch system has a field
//! for each score difference, the US Chess system a block of bits for
//! each; both grow with the span of the scores, which the point values and
//! the rounds decide), and the memory for the boards (one weight for each
//! pair of players: n²/2). The matcher's widest weight is 8,192 bits; a
//! round needing more panicked (`BBW 10000.0`), and a file whose scores
//! span 43 million half points asked for 24 GB. A round beyond either
//! bound is refused as "cannot be paired", saying why, before any memory
//! is taken.

use super::Unpairable;

/// The widest weight the matcher holds (`Wide<128>`), in bits.
pub const MAX_BITS: u32 = 128 * 64;

/// The memory the boards' weights may take, in bytes: what a club's
/// machine can give a pairing without swapping.
pub const MAX_WEIGHT_BYTES: u64 = 4 << 30;

/// Bits needed to write `x`.
fn bits(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// The possible boards of `n` players (and their byes).
fn boards(n: usize) -> u64 {
    let n = n as u64;
    n * n.saturating_sub(1) / 2 + n
}

/// Whether the FIDE Dutch engine can pair `n` players whose pairing scores
/// span `span` half points, in round `round`, weighing every board (see
/// `dutch_estimate`).
pub fn dutch(n: usize, span: u32, round: u32) -> Result<(), Unpairable> {
    let (width, by_span, bytes) = dutch_estimate(n, span, round);
    fits("FIDE Dutch", n, u64::from(span), (width, by_span), bytes)
}

/// Whether the FIDE Dutch engine can weigh every board of `n` players.
pub fn dutch_fits(n: usize, span: u32, round: u32) -> bool {
    dutch(n, span, round).is_ok()
}

/// Whether the FIDE Dutch engine cannot weigh every board of the round
/// only for the number of players, not for the span of the scores: the
/// engine then pairs it from a few boards of each player where it can
/// prove that the same pairing (`dutch::large`).
pub fn dutch_too_many(n: usize, span: u32, round: u32) -> bool {
    let (width, by_span, bytes) = dutch_estimate(n, span, round);
    let too_wide = width > u64::from(MAX_BITS);
    (too_wide || bytes > MAX_WEIGHT_BYTES) && !(too_wide && by_span)
}

/// The bytes the FIDE Dutch engine takes to weigh every board of `n`
/// players (see `dutch_estimate`).
pub fn dutch_bytes(n: usize, span: u32, round: u32) -> u64 {
    dutch_estimate(n, span, round).2
}

/// The FIDE Dutch engine's weight width, whether the span takes most of
/// it, and the bytes of every board weighed. The width follows
/// `dutch::quality`: 2 × (span + 3) score-difference fields and 17
/// others, each with room for the sum over every board, and the ordering
/// fields, at most about 2n bits.
fn dutch_estimate(n: usize, span: u32, round: u32) -> (u64, bool, u64) {
    let span = u64::from(span);
    let sum = u64::from(bits(n as u64 / 2 + 2));
    let quality = (2 * span + 19) * (2 + sum)
        + 4 * (u64::from(bits(2 * span + 4)) + sum)
        + u64::from(bits(span + 1))
        + sum
        + u64::from(bits(u64::from(round)))
        + sum;
    let order = 2 * n as u64 + 16 * (u64::from(bits(n as u64)) + sum);
    let width = quality + order + u64::from(bits(n as u64 + 1)) + 2;
    // Each board keeps its fields (16 bytes each, and the ordering fields)
    // in the bracket's graph and in the graph solved, and its packed weight.
    let fields = 2 * span + 23 + 8;
    let bytes = boards(n) * (2 * 16 * fields + 96 + width / 8 + 16);
    (width, quality > order, bytes)
}

/// The refusal of a round of `n` players too large to weigh every board,
/// when the score group of `score` half points needs the ordering solves
/// of the dense engine over `vertices` players (the group alone when
/// `alone`, else the group and everybody below it), which would take
/// `bytes`.
pub fn dutch_group_refusal(
    n: usize,
    score: i32,
    (vertices, alone): (usize, bool),
    bytes: u64,
) -> String {
    let points = match score {
        2 => "1 point".to_string(),
        s => format!("{} points", f64::from(s) / 2.0),
    };
    format!(
        "{n} players are more than the FIDE Dutch engine can pair at once: the score group \
         of {points} cannot be paired from a few boards of each player (its first pairing in \
         the order of the rules is not among the best, and its order among the equally good \
         pairings could not be proven from a few boards either), and weighing every possible \
         board of the group{} ({vertices} players, about {} GB; at most {} GB) is more than \
         it may take; pair them in smaller sections",
        if alone {
            ""
        } else {
            " and the players below it"
        },
        bytes.div_ceil(1 << 30),
        MAX_WEIGHT_BYTES >> 30
    )
}

/// The refusal of a round of `n` players too large to weigh every board
/// when a pairing of everybody (and the bye to a player of the lowest
/// score who may get it) cannot be found among the boards of each player
/// with those next to them in the ranking.
pub fn dutch_completion_refusal(n: usize, round: u32) -> String {
    format!(
        "{n} players are more than the FIDE Dutch engine can pair at once: no pairing of \
         round {round} that pairs everybody, with the bye to a player of the lowest score who \
         may still get it, was found among the boards of each player with those ranked \
         next to them, and checking every possible board would take about {} GB \
         (at most {} GB); pair them in smaller sections",
        (boards(n) * 100).div_ceil(1 << 30),
        MAX_WEIGHT_BYTES >> 30
    )
}

/// Whether the US Chess engine can pair `n` players whose scores span
/// `span` half points: one block of bits for each half point of the span
/// (`uscf::cost`), and twelve fields of at most a rating's or a player
/// count's bits.
pub fn uscf(n: usize, span: u32) -> Result<(), Unpairable> {
    let (width, by_span, bytes) = uscf_estimate(n, span);
    fits("US Chess", n, u64::from(span), (width, by_span), bytes)
}

/// Whether the US Chess engine cannot weigh every board of the round only
/// for the number of players, not for the span of the scores: the engine
/// may then still pair it from a few boards of each player
/// (`uscf::sparse`), whose weights have no field per score difference.
pub fn uscf_too_many(n: usize, span: u32) -> bool {
    let (width, by_span, bytes) = uscf_estimate(n, span);
    let too_wide = width > u64::from(MAX_BITS);
    (too_wide || bytes > MAX_WEIGHT_BYTES) && !(too_wide && by_span)
}

/// The US Chess engine's weight width, whether the span takes most of it,
/// and the bytes of every board weighed.
fn uscf_estimate(n: usize, span: u32) -> (u64, bool, u64) {
    let given = u64::from(span);
    // The bye stands a point below the lowest score.
    let span = given + 2;
    let block = u64::from(bits(n as u64 / 2 + 2)) + 1;
    let sum = block - 1;
    let width = (span + 1) * block
        + 12 * (u64::from(bits((n as u64).max(4000))) + sum)
        + u64::from(bits(n as u64 + 1))
        + 2;
    let bytes = boards(n) * (2 * 16 * 13 + 96 + width / 8 + 16);
    (width, span * block > width / 2, bytes)
}

/// The refusal when a round is too large: `by_span` when the span of the
/// scores takes most of the weight's width, else the number of players.
fn fits(
    system: &str,
    n: usize,
    span: u64,
    (width, by_span): (u64, bool),
    bytes: u64,
) -> Result<(), Unpairable> {
    let refuse = |reason: String| {
        Err(Unpairable {
            players: Vec::new(),
            reason,
        })
    };
    if width > u64::from(MAX_BITS) && by_span {
        return refuse(format!(
            "the scores span {} points, more than the {system} engine can weigh; \
             check the points a result is worth (BBW, BBD, 162) and the acceleration",
            span as f64 / 2.0
        ));
    }
    if width > u64::from(MAX_BITS) || bytes > MAX_WEIGHT_BYTES {
        return refuse(format!(
            "{n} players are more than the {system} engine can pair at once: it weighs every \
             possible board (about {} GB for this round; at most {} GB); pair them in smaller sections",
            bytes.div_ceil(1 << 30),
            MAX_WEIGHT_BYTES >> 30
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_rounds_fit_and_huge_spans_or_fields_do_not() {
        // Nine rounds of football scoring (3 points a win) and 1,000 players.
        assert!(dutch(1000, 54, 9).is_ok());
        assert!(uscf(1000, 54).is_ok());
        // BBW 10000.0 after one round.
        assert!(dutch(10, 20_000, 2).is_err());
        assert!(uscf(10, 20_000).is_err());
        // 9,999 players: every board weighed is beyond the memory bound.
        let e = dutch(9_999, 0, 1).unwrap_err();
        assert!(
            e.reason.starts_with("9999 players are more"),
            "{}",
            e.reason
        );
        let e = uscf(9_999, 0).unwrap_err();
        assert!(
            e.reason.starts_with("9999 players are more"),
            "{}",
            e.reason
        );
        let e = dutch(10, 20_000, 2).unwrap_err();
        assert!(
            e.reason.starts_with("the scores span 10000 points"),
            "{}",
            e.reason
        );
    }

    /// 9,999 players are too many to weigh every board, but not too wide:
    /// the Dutch engine then takes its large path; a span beyond the
    /// weights still refuses outright.
    #[test]
    fn a_dutch_round_of_too_many_boards_goes_to_the_large_path() {
        assert!(dutch_too_many(9_999, 16, 9));
        assert!(!dutch_fits(9_999, 16, 9));
        assert!(!dutch_too_many(1_000, 16, 9));
        assert!(dutch_fits(1_000, 16, 9));
        assert!(!dutch_too_many(10, 20_000, 2));
        // What the whole round would take, as the refusal says.
        let gb = dutch_bytes(9_999, 0, 1).div_ceil(1 << 30);
        assert_eq!(gb, 173);
        let text = dutch_group_refusal(9_999, 2, (9_999, false), dutch_bytes(9_999, 2, 2));
        assert!(
            text.starts_with("9999 players are more than the FIDE Dutch engine can pair at once: the score group of 1 point cannot be paired from a few boards"),
            "{text}"
        );
        assert!(
            text.contains(
                "the group and the players below it (9999 players, about 179 GB; at most 4 GB)"
            ),
            "{text}"
        );
        let text = dutch_group_refusal(9_999, 2, (3_252, true), dutch_bytes(3_252, 2, 2));
        assert!(
            text.contains(
                "every possible board of the group (3252 players, about 11 GB; at most 4 GB)"
            ),
            "{text}"
        );
        let text = dutch_completion_refusal(9_999, 3);
        assert!(
            text.contains("no pairing of round 3 that pairs everybody"),
            "{text}"
        );
    }
}
