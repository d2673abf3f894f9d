//! The console's writes to a round's results, each in one transaction of
//! the store's writer. A form carries what its page showed (`expected`):
//! when the game changed since (a colleague on another device recorded or
//! corrected it, or the round was paired again), the write is refused and
//! says what the game holds now, rather than overwrite it.

use crate::domain::game::{GameResult, SheetRow};
use crate::domain::league::{Event, Section};
use crate::error::{Error, Result};
use crate::store::round::{self as rounds, GameRow};
use crate::store::{Readable, Store};

/// The round a write is about.
pub struct At {
    /// The event.
    pub event: Event,
    /// The section.
    pub section: Section,
    /// The round's number.
    pub round: u32,
}

/// What a write did, in full, as the CLI echoes it.
pub struct Done {
    /// "Club Swiss Open round 2: Ann Lee (1) v Bob Ray (2) 1-0."
    pub echo: String,
}

/// The game of round `at.round` in which `white_no` has White.
fn game(conn: &impl Readable, at: &At, white_no: u32) -> Result<GameRow> {
    let (games, _) = rounds::round_contents(conn, at.section.id, at.round)?;
    games
        .into_iter()
        .find(|g| g.white.pairing_no == white_no)
        .ok_or_else(|| {
            Error::invalid(format!(
                "round {} of {} changed since the page was loaded: player {white_no} no longer has White in it (the round was paired again or the game deleted); nothing was recorded",
                at.round, at.section.name
            ))
        })
}

/// Refuse when the game's result is not the one the page showed.
fn check_expected(at: &At, g: &GameRow, expected: Option<GameResult>) -> Result<()> {
    if g.result == expected {
        return Ok(());
    }
    Err(Error::invalid(format!(
        "{} changed since the page was loaded: it was {} and is now {}; nothing was recorded",
        game_label(at, g),
        expected
            .map(GameResult::pretty)
            .unwrap_or("without a result"),
        g.result
            .map(GameResult::pretty)
            .unwrap_or("without a result"),
    )))
}

/// "Round 2 board 3 (Ann Lee v Bob Ray)".
fn game_label(at: &At, g: &GameRow) -> String {
    format!(
        "Round {}{} ({} v {})",
        at.round,
        g.board.map(|b| format!(" board {b}")).unwrap_or_default(),
        g.white.name,
        g.black.name
    )
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

/// Record the result of the game in which `white_no` has White (the
/// store's recording of a round sheet's row, as `league game result`).
pub fn record(
    store: &mut Store,
    at: &At,
    white_no: u32,
    result: GameResult,
    expected: Option<GameResult>,
) -> Result<Done> {
    let g = store.write(|tx| {
        let g = game(tx, at, white_no)?;
        check_expected(at, &g, expected)?;
        let row = SheetRow {
            line: None,
            board: g.board,
            white: format!("#{}", g.white.pairing_no),
            black: Some(format!("#{}", g.black.pairing_no)),
            result: Some(result),
            bye: None,
            names: None,
        };
        crate::app::round::sheet::record_sheet(
            tx,
            &at.section,
            at.round,
            None,
            &[row],
            "console",
            false,
        )?;
        Ok(g)
    })?;
    Ok(Done {
        echo: format!("{} {}.", heading(at, &g), result.pretty()),
    })
}

/// Correct the result of the game in which `white_no` has White (`None`:
/// not played yet), with the reason, kept in the log with the old value.
pub fn correct(
    store: &mut Store,
    at: &At,
    white_no: u32,
    result: Option<GameResult>,
    reason: &str,
    expected: Option<GameResult>,
) -> Result<Done> {
    if reason.trim().is_empty() {
        return Err(Error::invalid(
            "a correction needs a reason (it goes in the log); nothing was changed",
        ));
    }
    let (g, changed) = store.write(|tx| {
        let g = game(tx, at, white_no)?;
        check_expected(at, &g, expected)?;
        let white = format!("#{}", g.white.pairing_no);
        rounds::correct_result(tx, &at.section, at.round, &white, result, reason)
    })?;
    let what = match (changed, result) {
        (false, _) => "is unchanged; nothing was changed or logged".to_string(),
        (true, Some(r)) => format!("corrected to {} (logged)", r.pretty()),
        (true, None) => "is not yet played again (result cleared; logged)".to_string(),
    };
    Ok(Done {
        echo: format!("{} {what}.", heading(at, &g)),
    })
}
