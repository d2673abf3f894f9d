//! Why a round was paired as it was, board by board, in words a director
//! reads to a player who asks "why am I not playing X?": whether each board
//! is the natural pairing or a switch (which rule, how many rating points),
//! who floated to another score group and why, why the bye went where it
//! went, and which colour rule gave each colour.
//!
//! Each Swiss system writes its own explanation (the US Chess engine from
//! its decisions, `uscf::explain`; the FIDE Dutch one read from the
//! result, [`dutch`]); the front ends print it as text or put it in JSON as
//! it is.

pub mod dutch;

use serde::Serialize;

use super::{Entrant, Field};

/// The explanation of one round's pairing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The system that paired the round, in words.
    pub system: String,
    /// One entry per board, board 1 first.
    pub boards: Vec<BoardWhy>,
    /// Why the pairing-allocated bye went where it went, if one was given.
    pub bye: Option<String>,
}

/// The reasons for one board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BoardWhy {
    /// Board number, from 1.
    pub board: usize,
    /// White's pairing number.
    pub white: u32,
    /// Black's pairing number.
    pub black: u32,
    /// Natural pairing, or which switch and why.
    pub pairing: String,
    /// Who met a player of another score, and why; empty when both have
    /// the same score.
    pub floats: Vec<String>,
    /// Which colour rule gave White to White.
    pub colours: String,
}

impl Explanation {
    /// The explanation as lines of text, one block per board.
    pub fn lines(&self, field: &Field) -> Vec<String> {
        let mut out = vec![format!("Why this pairing ({}):", self.system)];
        for b in &self.boards {
            out.push(format!(
                "Board {}: {} - {}",
                b.board,
                name(field, b.white),
                name(field, b.black)
            ));
            out.push(format!("  pairing: {}", b.pairing));
            for f in &b.floats {
                out.push(format!("  score groups: {f}"));
            }
            out.push(format!("  colours: {}", b.colours));
        }
        if let Some(bye) = &self.bye {
            out.push(format!("Bye: {bye}"));
        }
        out
    }
}

impl Explanation {
    /// The short form a round's web page shows (issue 29): one line per
    /// board (the pairing's reason, any float, the colour rule), then the
    /// bye's reason.
    pub fn summary(&self, field: &Field) -> Vec<String> {
        let mut out: Vec<String> = self
            .boards
            .iter()
            .map(|b| {
                let mut line = format!(
                    "Board {}: {} - {}: {}",
                    b.board,
                    name(field, b.white),
                    name(field, b.black),
                    b.pairing
                );
                for f in &b.floats {
                    line.push_str("; ");
                    line.push_str(f);
                }
                line.push_str("; colours: ");
                line.push_str(&b.colours);
                line
            })
            .collect();
        if let Some(bye) = &self.bye {
            out.push(format!("Bye: {bye}"));
        }
        out
    }
}

/// A player as explanations name them: "Ann Lee (4)".
pub fn name(field: &Field, number: u32) -> String {
    match entrant(field, number) {
        Some(e) if !e.name.is_empty() => format!("{} ({number})", e.name),
        _ => format!("player {number}"),
    }
}

/// The entrant with pairing number `number`.
pub fn entrant(field: &Field, number: u32) -> Option<&Entrant> {
    field.entrants.iter().find(|e| e.number == number)
}

/// A score in half points as a secretary writes it: "1½", "½", "2".
pub fn score(halves: i32) -> String {
    let whole = halves.div_euclid(2);
    match (halves.rem_euclid(2), whole) {
        (0, w) => w.to_string(),
        (_, 0) => "½".to_string(),
        (_, w) => format!("{w}½"),
    }
}
