//! The FIDE Dutch explanation, read from the result and the players'
//! histories (the engine's decisions are not changed or re-made here): for
//! each board the score bracket, who floated and why, and which step of
//! C.04.3 article 5.2 gave the colours; and why the pairing-allocated bye
//! went where it went.

use super::{name, score, BoardWhy, Explanation};
use crate::domain::pairing::dutch::colour::{ColourState, Strength};
use crate::domain::pairing::{ByeKind, Colour, Field, Pairing, Past};

/// What the explanation reads of one player.
struct Seen {
    number: u32,
    score: i32,
    colours: ColourState,
}

fn seen(field: &Field, number: u32) -> Seen {
    let e = field.entrants.iter().find(|e| e.number == number);
    let colours = e
        .map(|e| {
            e.history
                .iter()
                .filter_map(|p| match p {
                    Past::Played { colour, .. } => Some(*colour),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    Seen {
        number,
        score: e.map_or(0, |e| e.pairing_score().halves()),
        colours: ColourState::new(colours),
    }
}

/// The explanation of a FIDE Dutch pairing of `field`.
pub fn explain(field: &Field, pairing: &Pairing) -> Explanation {
    let boards: Vec<(Seen, Seen)> = pairing
        .boards
        .iter()
        .map(|b| (seen(field, b.white), seen(field, b.black)))
        .collect();
    let out = boards
        .iter()
        .enumerate()
        .map(|(k, (w, b))| BoardWhy {
            board: k + 1,
            white: w.number,
            black: b.number,
            pairing: bracket(w, b),
            floats: floats(field, &boards, w, b),
            colours: colours(field, w, b),
        })
        .collect();
    let bye = pairing
        .byes
        .iter()
        .find(|(_, k)| *k == ByeKind::PairingAllocated)
        .map(|&(n, _)| bye(field, &boards, n));
    Explanation {
        system: "FIDE Dutch system, C.04.3".to_string(),
        boards: out,
        bye,
    }
}

fn bracket(w: &Seen, b: &Seen) -> String {
    if w.score == b.score {
        format!(
            "paired within the {} score bracket, S1 against S2 as far as the criteria allow (C.04.3 articles 3 and 4)",
            score(w.score)
        )
    } else {
        format!(
            "a heterogeneous bracket: a player moved down from {} meets the {} bracket (C.04.3 article 3)",
            score(w.score.max(b.score)),
            score(w.score.min(b.score))
        )
    }
}

fn floats(field: &Field, boards: &[(Seen, Seen)], w: &Seen, b: &Seen) -> Vec<String> {
    if w.score == b.score {
        return Vec::new();
    }
    let (hi, lo) = if w.score > b.score { (w, b) } else { (b, w) };
    let s = hi.score;
    let in_group = boards
        .iter()
        .flat_map(|(x, y)| [x, y])
        .filter(|p| p.score == s)
        .count();
    let moved_in = boards
        .iter()
        .filter(|(x, y)| x.score.max(y.score) > s && x.score.min(y.score) == s)
        .count();
    let why = if (in_group - moved_in) % 2 == 1 {
        format!("the {} bracket has an odd number of players", score(s))
    } else {
        format!(
            "the {} bracket cannot be paired wholly within itself without a rematch or an absolute colour conflict (C1, C3), or the round as a whole needs the float (C5-C7)",
            score(s)
        )
    };
    vec![format!(
        "{}, on {}, floats down to meet {}, on {}, who floats up: {why}",
        name(field, hi.number),
        score(hi.score),
        name(field, lo.number),
        score(lo.score)
    )]
}

fn preference(p: &Seen) -> String {
    match p.colours.preference() {
        (None, _) => "no colour preference (no game yet)".to_string(),
        (Some(c), s) => {
            let strength = match s {
                Strength::Absolute => "absolute",
                Strength::Strong => "strong",
                Strength::Mild => "mild",
                Strength::None => "no",
            };
            let c = if c == Colour::White { "White" } else { "Black" };
            format!(
                "a {strength} preference for {c} (colour difference {:+})",
                p.colours.difference()
            )
        }
    }
}

/// Which step of article 5.2 the board's colours follow.
fn colours(field: &Field, w: &Seen, b: &Seen) -> String {
    let (pw, sw) = w.colours.preference();
    let (pb, sb) = b.colours.preference();
    let who = |p: &Seen| name(field, p.number);
    let step = match (pw, pb) {
        (None, None) => {
            "neither has played a game: the initial colour decides by pairing number (5.2.5)"
                .to_string()
        }
        (Some(a), Some(c)) if a == c => {
            if sw != sb
                || (sw == Strength::Absolute
                    && w.colours.difference().abs() != b.colours.difference().abs())
            {
                "both want the same colour: the stronger preference is granted (5.2.2)".to_string()
            } else if w.colours.history != b.colours.history {
                "both want the same colour equally: alternate from the last round in which they had different colours (5.2.3)".to_string()
            } else {
                "both want the same colour with the same history: the higher-ranked player's preference is granted (5.2.4)".to_string()
            }
        }
        _ => "their preferences differ, or only one has one: each gets what they want (5.2.1)"
            .to_string(),
    };
    let granted = |p: Option<Colour>, got: Colour| match p {
        Some(c) if c != got => " (not granted)",
        _ => "",
    };
    format!(
        "{} White, {}{}; {} Black, {}{}; {step}",
        who(w),
        preference(w),
        granted(pw, Colour::White),
        who(b),
        preference(b),
        granted(pb, Colour::Black)
    )
}

fn bye(field: &Field, boards: &[(Seen, Seen)], n: u32) -> String {
    let p = seen(field, n);
    let lowest = boards
        .iter()
        .flat_map(|(x, y)| [x.score, y.score])
        .chain([p.score])
        .min()
        .unwrap_or(p.score);
    let base = format!(
        "{}, on {}, gets the pairing-allocated bye: it goes to the lowest score that still lets the whole round be paired (C5), to a player who has had no pairing-allocated bye nor a win without playing (C2), fewest unplayed games first (C9), then by the colour and float criteria and the usual order",
        name(field, n),
        score(p.score)
    );
    if p.score > lowest {
        format!(
            "{base}; nobody on {} could take it and leave the rest pairable",
            score(lowest)
        )
    } else {
        base
    }
}
