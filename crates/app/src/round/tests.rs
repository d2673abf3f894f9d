//! The round actions on a league in memory: the typed refusals and their
//! facts, and a preview confirmed only while the round is as shown.

use super::pair::{self, Request};
use super::sheet::{self, Refusal as SheetRefusal};
use super::{Change, Refusal, Side};
use crate::domain::game::{GameResult, SheetRow};
use crate::domain::league::{Event, EventKind, Section};
use crate::store::player::{add_player, enter, NewPlayer};
use crate::store::season::{add_event, add_season, add_section, NewEvent};
use crate::store::Store;

/// A four-round Swiss of `n` players rated 2000, 1990, ...
fn swiss(n: u32) -> (Store, Event, Section) {
    let mut store = Store::open_in_memory().unwrap();
    let (event, section) = store
        .write(|tx| {
            let season = add_season(tx, "2026", None, None)?;
            let event = add_event(
                tx,
                &season,
                &NewEvent {
                    name: "Club Swiss",
                    kind: EventKind::Swiss,
                    rounds: 4,
                    start_date: None,
                    end_date: None,
                    tiebreaks: EventKind::Swiss.default_tiebreaks(),
                    actual_play_first: false,
                    fide_edition: None,
                    sb_adjusted: false,
                    coin_allowed: false,
                },
            )?;
            let section = add_section(tx, &event, "Open", None, None)?;
            for i in 0..n {
                let name = format!("Player {i:02}");
                let p = add_player(
                    tx,
                    &NewPlayer {
                        name: &name,
                        rating: Some(2000 - 10 * i),
                        ..Default::default()
                    },
                )?;
                enter(tx, &section, &p, None, None)?;
            }
            Ok((event, section))
        })
        .unwrap();
    (store, event, section)
}

fn next() -> Request {
    Request {
        round: None,
        system: None,
        replace: false,
        seed: 1,
    }
}

fn refusal(e: &crate::error::Error) -> Refusal {
    e.refusal::<Refusal>()
        .cloned()
        .unwrap_or_else(|| panic!("not a round refusal: {e}"))
}

#[test]
fn a_preview_writes_nothing_and_its_confirm_writes_exactly_that_pairing() {
    let (mut store, event, section) = swiss(6);
    let shown = pair::preview(store.conn(), &event, &section, &next()).unwrap();
    assert_eq!(shown.round, 1);
    assert_eq!(shown.pairing.boards.len(), 3);
    assert!(crate::store::round::paired_rounds(store.conn(), section.id)
        .unwrap()
        .is_empty());
    let done = store.write(|tx| pair::confirm(tx, &shown)).unwrap();
    assert_eq!(
        (done.round, done.boards, done.byes, done.replaced),
        (1, 3, 0, 0)
    );
    assert!(done.numbered || !shown.renumbers());
    let (games, _) = crate::store::round::round_contents(store.conn(), section.id, 1).unwrap();
    let written: Vec<(u32, u32)> = games
        .iter()
        .map(|g| (g.white.pairing_no, g.black.pairing_no))
        .collect();
    let planned: Vec<(u32, u32)> = shown
        .pairing
        .boards
        .iter()
        .map(|b| (b.white, b.black))
        .collect();
    assert_eq!(written, planned);
}

#[test]
fn a_confirm_after_the_round_was_paired_meanwhile_says_so() {
    let (mut store, event, section) = swiss(6);
    let shown = pair::preview(store.conn(), &event, &section, &next()).unwrap();
    store
        .write(|tx| pair::pair(tx, &event, &section, &next()))
        .unwrap();
    let e = store.write(|tx| pair::confirm(tx, &shown)).unwrap_err();
    assert_eq!(
        refusal(&e),
        Refusal::PlanChanged {
            round: 1,
            whose: "Open".into(),
            change: Change::Paired
        }
    );
}

#[test]
fn a_round_already_paired_is_refused_with_its_games_and_replaced_while_no_result_is_in() {
    let (mut store, event, section) = swiss(6);
    store
        .write(|tx| pair::pair(tx, &event, &section, &next()))
        .unwrap();
    let again = Request {
        round: Some(1),
        ..next()
    };
    let e = pair::preview(store.conn(), &event, &section, &again).unwrap_err();
    assert_eq!(
        refusal(&e),
        Refusal::RoundAlreadyPaired {
            round: 1,
            whose: "Open".into(),
            side: Side::Players,
            paired: 3,
            has_results: false
        }
    );
    assert!(!e.to_string().contains("--"), "{e}");
    let replace = Request {
        replace: true,
        ..again
    };
    let (_, done) = store
        .write(|tx| pair::pair(tx, &event, &section, &replace))
        .unwrap();
    assert_eq!(done.replaced, 3);
}

#[test]
fn round_two_waits_for_round_ones_results_and_a_rematch_is_refused() {
    let (mut store, event, section) = swiss(4);
    let (shown, _) = store
        .write(|tx| pair::pair(tx, &event, &section, &next()))
        .unwrap();
    let e = pair::preview(store.conn(), &event, &section, &next()).unwrap_err();
    assert!(matches!(
        refusal(&e),
        Refusal::PendingResults {
            round: 2,
            earlier: 1,
            more: 1,
            first: Some(_),
            ..
        }
    ));
    // Round 1's results in, then the same two players typed into round 2.
    let board = shown.pairing.boards[0];
    let rows: Vec<SheetRow> = shown
        .pairing
        .boards
        .iter()
        .map(|b| row(b.white, b.black, Some(GameResult::WhiteWins)))
        .collect();
    store
        .write(|tx| sheet::record_sheet(tx, &section, 1, None, &rows, "r1.csv", false))
        .unwrap();
    let e = store
        .write(|tx| {
            sheet::record_sheet(
                tx,
                &section,
                2,
                None,
                &[row(board.black, board.white, None)],
                "r2.csv",
                false,
            )
        })
        .unwrap_err();
    let Some(SheetRefusal::Rematch {
        earlier_round, at, ..
    }) = e.refusal::<SheetRefusal>()
    else {
        panic!("not a rematch: {e}");
    };
    assert_eq!(
        (*earlier_round, at.line, at.field.as_str()),
        (1, Some(2), "black")
    );
}

fn row(white: u32, black: u32, result: Option<GameResult>) -> SheetRow {
    SheetRow {
        line: Some(2),
        board: None,
        white: format!("#{white}"),
        black: Some(format!("#{black}")),
        result,
        bye: None,
        names: None,
    }
}

#[test]
fn only_the_last_round_goes_and_one_with_results_needs_a_reason() {
    let (mut store, event, section) = swiss(4);
    let e = store
        .write(|tx| super::delete::delete_round(tx, &section, 1, false, None))
        .unwrap_err();
    assert_eq!(
        refusal(&e),
        Refusal::NotPaired {
            whose: "Open".into(),
            round: 1
        }
    );
    let (shown, _) = store
        .write(|tx| pair::pair(tx, &event, &section, &next()))
        .unwrap();
    let b = shown.pairing.boards[0];
    store
        .write(|tx| {
            sheet::record_sheet(
                tx,
                &section,
                1,
                None,
                &[row(b.white, b.black, Some(GameResult::Draw))],
                "r1.csv",
                false,
            )
        })
        .unwrap();
    let e = store
        .write(|tx| super::delete::delete_round(tx, &section, 1, false, None))
        .unwrap_err();
    assert_eq!(
        refusal(&e),
        Refusal::HasResults {
            round: 1,
            whose: "Open".into(),
            results: 1
        }
    );
    let d = store
        .write(|tx| super::delete::delete_round(tx, &section, 1, true, Some("wrong night")))
        .unwrap();
    assert_eq!((d.games, d.results), (2, 1));
}
