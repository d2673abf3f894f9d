//! The console's writes to a round's results, through the application
//! layer ([`crate::app::result`]), each in one transaction of the store's
//! writer. A form names its game by board and by both players and carries
//! the result its page showed: when the round was paired again since (the
//! board holds other players) or the game changed (a colleague on another
//! device recorded or corrected it), the write is refused and says what
//! the board holds now, rather than write over it.

use crate::app::result::{self as app, Changed, Refusal, Said, Which};
use crate::domain::game::GameResult;
use crate::domain::league::{Event, Section};
use crate::error::{Error, Result};
use crate::store::round::{self as rounds, GameRow};
use crate::store::{Store, Writer};

/// The round a write is about.
pub struct At {
    /// The event.
    pub event: Event,
    /// The section.
    pub section: Section,
    /// The round's number.
    pub round: u32,
}

impl At {
    fn app(&self) -> app::Round<'_> {
        app::Round {
            event: &self.event,
            section: &self.section,
            number: self.round,
        }
    }
}

/// The game a form names: White's and Black's pairing numbers (and the
/// board, when the game has one), and the result the page showed.
#[derive(Clone, Copy, Debug)]
pub struct Shown {
    /// White's pairing number.
    pub white: u32,
    /// Black's pairing number.
    pub black: u32,
    /// The result the page showed (`None`: none yet).
    pub result: Option<GameResult>,
}

/// What a write did, in full, as the CLI echoes it.
pub struct Done {
    /// "Club Swiss Open round 2: Ann Lee (1) v Bob Ray (2) 1-0."
    pub echo: String,
}

/// The game the form showed, still paired as it was (the same two players,
/// White and Black): how the application layer is to find it.
fn still_paired(tx: &Writer, at: &At, shown: Shown) -> Result<(GameRow, Which<'static>)> {
    let (games, _) = rounds::round_contents(tx, at.section.id, at.round)?;
    let found = games
        .into_iter()
        .find(|g| g.white.pairing_no == shown.white && g.black.pairing_no == shown.black);
    match found {
        Some(g) => {
            let which = match g.board {
                Some(b) => Which::Board(b),
                None => return Err(no_board(at, &g)),
            };
            Ok((g, which))
        }
        None => Err(Error::invalid(format!(
            "round {} of {} changed since the page was loaded: players {} and {} no longer play each other in it (the round was paired again, or the game deleted); nothing was recorded",
            at.round, at.section.name, shown.white, shown.black
        ))),
    }
}

/// A game without a board number (typed in by hand) cannot be named by a
/// board: it is entered at the terminal by a player's name.
fn no_board(at: &At, g: &GameRow) -> Error {
    Error::invalid(format!(
        "round {}: {} v {} has no board number, so the console cannot name it; record it at the terminal (`league game result`)",
        at.round, g.white.name, g.black.name
    ))
}

/// "Club Swiss Open round 2: Ann Lee (1) v Bob Ray (2)".
fn heading(at: &At, g: &GameRow) -> String {
    format!(
        "{} round {}: {} v {}",
        super::label(&at.event, &at.section),
        at.round,
        rounds::named(&g.white),
        rounds::named(&g.black)
    )
}

/// Record the result of the game the form showed.
pub fn record(store: &mut Store, at: &At, shown: Shown, result: GameResult) -> Result<Done> {
    let done = store.write(|tx| {
        let (_, which) = still_paired(tx, at, shown)?;
        app::record_result(
            tx,
            at.app(),
            which,
            Said::FromWhite(result),
            Some(shown.result),
        )
    })?;
    let what = if done.changed {
        result.pretty().to_string()
    } else {
        format!("is already {}; nothing changed", result.pretty())
    };
    Ok(Done {
        echo: format!("{} {what}.", heading(at, &done.game)),
    })
}

/// Correct the result of the game the form showed (`None`: not played
/// yet), with the reason, kept in the log with the old value.
pub fn correct(
    store: &mut Store,
    at: &At,
    shown: Shown,
    result: Option<GameResult>,
    reason: &str,
) -> Result<Done> {
    let done = store.write(|tx| {
        let (_, which) = still_paired(tx, at, shown)?;
        match result {
            Some(r) => app::correct_result(
                tx,
                at.app(),
                which,
                Said::FromWhite(r),
                reason,
                Some(shown.result),
            ),
            None => app::clear_result(tx, at.app(), which, reason, Some(shown.result)),
        }
    })?;
    Ok(Done {
        echo: format!("{} {}.", heading(at, &done.game), corrected(&done)),
    })
}

fn corrected(done: &Changed) -> String {
    match (done.changed, done.game.result) {
        (false, Some(r)) => format!("is already {}; nothing changed or logged", r.pretty()),
        (false, None) => "has no result yet; nothing changed".to_string(),
        (true, Some(r)) => format!("corrected to {} (logged)", r.pretty()),
        (true, None) => "is not yet played again (result cleared; logged)".to_string(),
    }
}

/// Undo the last result entered game by game in the round.
pub fn undo(store: &mut Store, at: &At) -> Result<Done> {
    let done = store.write(|tx| app::undo_last_entry(tx, at.app()))?;
    Ok(Done {
        echo: format!(
            "Undone: {} is not yet played again ({} taken back; logged).",
            heading(at, &done.game),
            done.before.map_or("no result", GameResult::pretty)
        ),
    })
}

/// The console's way on from a refused result action: which page to go to.
pub fn way_on(e: &Error, at: &At, shown: Option<Shown>) -> Option<(String, String)> {
    let correct = |s: Shown| {
        format!(
            "/results/correct?section={}&round={}&white={}&black={}",
            at.section.id.0, at.round, s.white, s.black
        )
    };
    match e.refusal::<Refusal>()? {
        Refusal::AlreadyRecorded { .. } | Refusal::ChangedAfterEntry { .. } => {
            shown.map(|s| ("Correct this result".to_string(), correct(s)))
        }
        Refusal::RoundNotPaired { round, .. } => Some((
            format!("Pair round {round}"),
            format!("/pair?section={}", at.section.id.0),
        )),
        _ => None,
    }
}
