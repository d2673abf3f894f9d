//! The result actions on a small league: four players, round 1 paired on
//! two boards, round 2 not paired; player 5 had a bye in round 1, player 6
//! withdrew before round 1.

use super::*;
use crate::domain::ids::{EntryId, EventId, SectionId};
use crate::domain::league::{Event, Section};
use crate::store::player::entries as section_entries;
use crate::store::season::{event_by_id, section_by_id};
use crate::store::{fixture, Store};

fn league() -> (Store, Event, Section) {
    let store = Store::open_in_memory().unwrap();
    fixture::execute(
        &store,
        "INSERT INTO season (id, name) VALUES (1, '2026');
             INSERT INTO event (id, season_id, name, kind, rounds, tiebreaks) VALUES (1, 1, 'Club Swiss', 'swiss', 5, 'uscf-swiss');
             INSERT INTO section (id, event_id, name) VALUES (1, 1, 'Open');
             INSERT INTO player (id, name) VALUES (1, 'Ann Lee'), (2, 'Bob Ray'), (3, 'Cy Dunn'), (4, 'Di Moss'), (5, 'Ed Fox'), (6, 'Flo Hart');
             INSERT INTO entry (id, section_id, player_id, pairing_no) VALUES (1, 1, 1, 1), (2, 1, 2, 2), (3, 1, 3, 3), (4, 1, 4, 4), (5, 1, 5, 5), (6, 1, 6, 6);
             UPDATE entry SET withdrawn_after = 0 WHERE id = 6;
             INSERT INTO round (id, section_id, number) VALUES (1, 1, 1);
             INSERT INTO game (id, round_id, section_id, board, white_entry, black_entry) VALUES (1, 1, 1, 1, 1, 2), (2, 1, 1, 2, 3, 4);
             INSERT INTO bye (round_id, section_id, entry_id, kind, requested) VALUES (1, 1, 5, 'half', 1);",
    );
    let event = event_by_id(store.conn(), EventId(1)).unwrap();
    let section = section_by_id(store.conn(), SectionId(1)).unwrap();
    (store, event, section)
}

fn entry(store: &Store, id: i64) -> Entry {
    section_entries(store.conn(), SectionId(1))
        .unwrap()
        .into_iter()
        .find(|e| e.id == EntryId(id))
        .unwrap()
}

fn at<'a>(event: &'a Event, section: &'a Section, number: u32) -> Round<'a> {
    Round {
        event,
        section,
        number,
    }
}

/// The refusal an action ended with (panics on success or another error).
#[track_caller]
fn refusal<T: std::fmt::Debug>(r: Result<T>) -> Refusal {
    let e = r.unwrap_err();
    e.refusal::<Refusal>()
        .unwrap_or_else(|| panic!("not a result refusal: {e}"))
        .clone()
}

fn results(store: &Store) -> Vec<Option<String>> {
    fixture::column(store, "SELECT result FROM game ORDER BY id")
}

fn audit_count(store: &Store) -> i64 {
    fixture::number(store, "SELECT count(*) FROM audit").unwrap_or_default()
}

#[test]
fn a_result_recorded_by_board_or_by_player_echoes_the_game() {
    let (mut store, event, section) = league();
    let done = store
        .write(|tx| {
            record_result(
                tx,
                at(&event, &section, 1),
                Which::Board(2),
                Said::FromWhite(GameResult::BlackWins),
                Some(None),
            )
        })
        .unwrap();
    assert_eq!(
        (
            done.round,
            done.game.board,
            done.game.white.name.as_str(),
            done.game.black.name.as_str()
        ),
        (1, Some(2), "Cy Dunn", "Di Moss")
    );
    assert_eq!(
        (done.game.result, done.before, done.changed),
        (Some(GameResult::BlackWins), None, true)
    );
    let ann = entry(&store, 1);
    let done = store
        .write(|tx| {
            record_result(
                tx,
                at(&event, &section, 1),
                Which::Player(&ann),
                Said::Won { forfeit: true },
                None,
            )
        })
        .unwrap();
    assert_eq!(done.game.result, Some(GameResult::WhiteForfeitWin));
    assert_eq!(results(&store), [Some("1F-0F".into()), Some("0-1".into())]);
    // The same result again changes nothing; recording is not logged.
    let again = store
        .write(|tx| {
            record_result(
                tx,
                at(&event, &section, 1),
                Which::Board(1),
                Said::FromWhite(GameResult::WhiteForfeitWin),
                None,
            )
        })
        .unwrap();
    assert!(!again.changed);
    assert_eq!(audit_count(&store), 0);
}

#[test]
fn a_result_named_after_black_is_refused_with_both_readings() {
    let (mut store, event, section) = league();
    let bob = entry(&store, 2);
    let r = store.write(|tx| {
        record_result(
            tx,
            at(&event, &section, 1),
            Which::Player(&bob),
            Said::AfterName(GameResult::WhiteWins),
            None,
        )
    });
    assert_eq!(
        refusal(r),
        Refusal::TwoReadings {
            round: 1,
            board: Some(1),
            white: "Ann Lee".into(),
            black: "Bob Ray".into(),
            typed: GameResult::WhiteWins,
            white_won: GameResult::WhiteWins,
            black_won: GameResult::BlackWins,
        }
    );
    // A draw reads the same both ways; "Bob won" cannot be misread.
    let done = store
        .write(|tx| {
            record_result(
                tx,
                at(&event, &section, 1),
                Which::Player(&bob),
                Said::Won { forfeit: false },
                None,
            )
        })
        .unwrap();
    assert_eq!(done.game.result, Some(GameResult::BlackWins));
    assert_eq!(results(&store)[0].as_deref(), Some("0-1"));
}

#[test]
fn a_game_that_is_not_there_is_refused_with_what_is_there() {
    let (mut store, event, section) = league();
    let win = Said::FromWhite(GameResult::WhiteWins);
    let mut try_record = |number, which| {
        refusal(store.write(|tx| record_result(tx, at(&event, &section, number), which, win, None)))
    };
    assert_eq!(
        try_record(1, Which::Board(7)),
        Refusal::NoSuchBoard {
            section: "Open".into(),
            round: 1,
            board: 7,
            boards: vec![1, 2]
        }
    );
    assert_eq!(
        try_record(2, Which::Board(1)),
        Refusal::RoundNotPaired {
            section: "Open".into(),
            round: 2
        }
    );
    let (store2, ..) = league();
    let (ed, flo, ann) = (entry(&store2, 5), entry(&store2, 6), entry(&store2, 1));
    assert_eq!(
        try_record(1, Which::Player(&ed)),
        Refusal::HadBye {
            name: "Ed Fox".into(),
            kind: ByeKind::Half,
            round: 1
        }
    );
    assert_eq!(
        try_record(1, Which::Player(&flo)),
        Refusal::Withdrawn {
            name: "Flo Hart".into(),
            after: 0,
            round: 1
        }
    );
    assert_eq!(
        try_record(2, Which::Player(&ann)),
        Refusal::NoGame {
            name: "Ann Lee".into(),
            round: 2
        }
    );
    assert_eq!(results(&store), [None, None]);
}

#[test]
fn a_different_result_already_there_and_a_stale_page_are_refused() {
    let (mut store, event, section) = league();
    let round = at(&event, &section, 1);
    store
        .write(|tx| record_result(tx, round, Which::Board(1), Said::Draw, None))
        .unwrap();
    let r = store.write(|tx| {
        record_result(
            tx,
            round,
            Which::Board(1),
            Said::FromWhite(GameResult::WhiteWins),
            None,
        )
    });
    assert_eq!(
        refusal(r),
        Refusal::AlreadyRecorded {
            round: 1,
            white: "Ann Lee".into(),
            black: "Bob Ray".into(),
            result: GameResult::Draw
        }
    );
    // The page showed no result; someone has recorded the draw since.
    let r = store.write(|tx| {
        record_result(
            tx,
            round,
            Which::Board(1),
            Said::FromWhite(GameResult::WhiteWins),
            Some(None),
        )
    });
    let stale = Refusal::ChangedSince {
        round: 1,
        white: "Ann Lee".into(),
        black: "Bob Ray".into(),
        board: Some(1),
        seen: None,
        now: Some(GameResult::Draw),
    };
    assert_eq!(refusal(r), stale);
    let r = store.write(|tx| {
        correct_result(
            tx,
            round,
            Which::Board(1),
            Said::FromWhite(GameResult::WhiteWins),
            "slip",
            Some(None),
        )
    });
    assert_eq!(refusal(r), stale);
    assert_eq!(results(&store)[0].as_deref(), Some("1/2-1/2"));
}

#[test]
fn a_correction_needs_a_reason_and_is_logged() {
    let (mut store, event, section) = league();
    let round = at(&event, &section, 1);
    let win = Said::FromWhite(GameResult::WhiteWins);
    store
        .write(|tx| record_result(tx, round, Which::Board(1), Said::Draw, None))
        .unwrap();
    let r = store.write(|tx| correct_result(tx, round, Which::Board(1), win, "  ", None));
    assert_eq!(refusal(r), Refusal::CorrectionNeedsReason);
    let done = store
        .write(|tx| {
            correct_result(
                tx,
                round,
                Which::Board(1),
                win,
                "misread",
                Some(Some(GameResult::Draw)),
            )
        })
        .unwrap();
    assert_eq!(
        (done.before, done.game.result, done.changed),
        (Some(GameResult::Draw), Some(GameResult::WhiteWins), true)
    );
    let logged: Vec<Option<String>> = ["subject", "old_value", "new_value", "reason"]
        .iter()
        .flat_map(|c| fixture::column(&store, &format!("SELECT {c} FROM audit")))
        .collect();
    assert_eq!(
        logged,
        [
            "Club Swiss Open round 1 board 1: Ann Lee v Bob Ray",
            "1/2-1/2",
            "1-0",
            "misread"
        ]
        .map(|v| Some(v.to_string()))
    );
    // Deleting the result leaves the game paired, not yet played.
    let done = store
        .write(|tx| clear_result(tx, round, Which::Board(1), "wrong board", None))
        .unwrap();
    assert_eq!(
        (done.before, done.game.result),
        (Some(GameResult::WhiteWins), None)
    );
    assert_eq!(results(&store), [None, None]);
    assert_eq!(audit_count(&store), 2);
}

#[test]
fn the_last_entry_is_undone_and_only_the_last() {
    let (mut store, event, section) = league();
    let round = at(&event, &section, 1);
    let r = store.write(|tx| undo_last_entry(tx, round));
    assert_eq!(
        refusal(r),
        Refusal::NothingToUndo {
            section: "Open".into(),
            round: 1
        }
    );
    store
        .write(|tx| record_result(tx, round, Which::Board(1), Said::Draw, None))
        .unwrap();
    store
        .write(|tx| {
            record_result(
                tx,
                round,
                Which::Board(2),
                Said::FromWhite(GameResult::WhiteWins),
                None,
            )
        })
        .unwrap();
    let done = store.write(|tx| undo_last_entry(tx, round)).unwrap();
    assert_eq!(
        (done.game.board, done.before, done.game.result),
        (Some(2), Some(GameResult::WhiteWins), None)
    );
    assert_eq!(results(&store), [Some("1/2-1/2".into()), None]);
    // The round is again as it was just after board 1's entry: that entry
    // is now the last, and goes too; then nothing is left to undo.
    let done = store.write(|tx| undo_last_entry(tx, round)).unwrap();
    assert_eq!(
        (done.game.board, done.before),
        (Some(1), Some(GameResult::Draw))
    );
    assert_eq!(results(&store), [None, None]);
    let r = store.write(|tx| undo_last_entry(tx, round));
    assert_eq!(
        refusal(r),
        Refusal::NothingToUndo {
            section: "Open".into(),
            round: 1
        }
    );
    // Two undos are logged as corrections.
    assert_eq!(audit_count(&store), 2);
}

#[test]
fn an_entry_followed_by_another_change_is_not_undone() {
    let (mut store, event, section) = league();
    let round = at(&event, &section, 1);
    store
        .write(|tx| record_result(tx, round, Which::Board(1), Said::Draw, None))
        .unwrap();
    // Board 2's result comes in as a correction, not an entry.
    store
        .write(|tx| {
            correct_result(
                tx,
                round,
                Which::Board(2),
                Said::FromWhite(GameResult::WhiteWins),
                "late slip",
                None,
            )
        })
        .unwrap();
    let r = store.write(|tx| undo_last_entry(tx, round));
    assert_eq!(
        refusal(r),
        Refusal::ChangedAfterEntry {
            round: 1,
            white: "Ann Lee".into(),
            black: "Bob Ray".into(),
            board: Some(1),
            entered: GameResult::Draw,
        }
    );
    assert_eq!(
        results(&store),
        [Some("1/2-1/2".into()), Some("1-0".into())]
    );
}

#[test]
fn an_entry_corrected_since_is_not_undone() {
    let (mut store, event, section) = league();
    let round = at(&event, &section, 1);
    store
        .write(|tx| record_result(tx, round, Which::Board(2), Said::Draw, None))
        .unwrap();
    store
        .write(|tx| {
            correct_result(
                tx,
                round,
                Which::Board(2),
                Said::FromWhite(GameResult::BlackWins),
                "misread",
                None,
            )
        })
        .unwrap();
    let r = store.write(|tx| undo_last_entry(tx, round));
    assert_eq!(
        refusal(r),
        Refusal::EntryChanged {
            round: 1,
            white: "Cy Dunn".into(),
            black: "Di Moss".into(),
            board: Some(2),
            entered: GameResult::Draw,
            now: Some(GameResult::BlackWins),
        }
    );
    assert_eq!(results(&store)[1].as_deref(), Some("0-1"));
}

#[test]
fn a_game_with_a_result_is_deleted_only_when_confirmed() {
    let (mut store, event, section) = league();
    let round = at(&event, &section, 1);
    let (ann, ed, flo) = (entry(&store, 1), entry(&store, 5), entry(&store, 6));
    store
        .write(|tx| record_result(tx, round, Which::Board(1), Said::Draw, None))
        .unwrap();
    assert_eq!(
        refusal(store.write(|tx| delete_game(tx, round, &ann, "", true))),
        Refusal::DeletionNeedsReason
    );
    assert_eq!(
        refusal(store.write(|tx| delete_game(tx, round, &ann, "wrong round", false))),
        Refusal::HasResult {
            round: 1,
            white: "Ann Lee (1)".into(),
            black: "Bob Ray (2)".into(),
            result: GameResult::Draw
        }
    );
    let done = store
        .write(|tx| delete_game(tx, round, &ann, "wrong round", true))
        .unwrap();
    assert_eq!(
        done.what,
        "Club Swiss Open round 1 board 1: Ann Lee (1) v Bob Ray (2) (1/2-1/2)"
    );
    assert_eq!(done.game.map(|g| g.board), Some(Some(1)));
    let done = store
        .write(|tx| delete_game(tx, round, &ed, "asked for none", false))
        .unwrap();
    assert_eq!(
        (done.what.as_str(), done.game),
        ("Club Swiss Open round 1: Ed Fox half-point bye", None)
    );
    assert_eq!(
        refusal(store.write(|tx| delete_game(tx, round, &flo, "x", false))),
        Refusal::NothingToDelete {
            name: "Flo Hart".into(),
            round: 1
        }
    );
    assert_eq!(results(&store), [None]);
    assert_eq!(audit_count(&store), 2);
}
