//! Recording a round sheet: pairings, results and byes of one round of a
//! section, all or nothing. The rules of a sheet live here: a bye for a
//! player already paired, a bye given twice, a result already recorded
//! differently, a Swiss rematch, numbers and names that disagree.
//!
//! Everything this reads (the round, the entries, the games and byes
//! already there) is read through the writer's transaction, opened with
//! `BEGIN IMMEDIATE`: no other process can write between these reads and
//! the writes that depend on them. So two secretaries recording different
//! games of a round at once both succeed, and the same game recorded twice
//! is refused the second time, never duplicated.

use std::fmt;

use crate::domain::game::{GameResult, SheetRow};
use crate::domain::ids::RoundId;
use crate::domain::league::{Entry, EventKind, Section};
use crate::domain::record::ByeKind;
use crate::error::{Error, InputError, Result};
use crate::store::player::{entries, find_entry};
use crate::store::round::{self as rounds, bye_kind_str, named, ByeRow, GameRow, Recorded};
use crate::store::season::event_by_id;
use crate::store::Writer;

/// Where on a sheet a refused row is: "results.csv, line 3, black: ", or
/// nothing for a row typed on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct At {
    /// The sheet's name ("results.csv", "standard input").
    pub source: String,
    /// The row's line, when it came from a file.
    pub line: Option<usize>,
    /// The field ("white", "black", "result").
    pub field: String,
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}, line {line}, {}: ", self.source, self.field),
            None => Ok(()),
        }
    }
}

/// Why a row of a sheet is refused (besides the plain mistakes of a row,
/// which are input errors at its line and field).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Two players who already met over the board in this Swiss: most
    /// likely a sheet recorded under the wrong round.
    #[error("{at}{white} and {black} already played each other in round {earlier_round}; a Swiss pairs two players only once. Check the round number and the names")]
    Rematch {
        /// The row.
        at: At,
        /// White, with their number.
        white: String,
        /// Black, with their number.
        black: String,
        /// The round they met in.
        earlier_round: u32,
    },
    /// A requested bye for a player the round already pairs.
    #[error("{at}{name} already has a game in round {round} ({white} v {black}): the round is already paired")]
    ByeAfterPairing {
        /// The row.
        at: At,
        /// The player.
        name: String,
        /// The round.
        round: u32,
        /// Their game's White.
        white: String,
        /// Their game's Black.
        black: String,
    },
    /// A different bye for a player who has one in the round.
    #[error("{at}{name} already has a {kind} bye in round {round}")]
    ByeAlreadyGiven {
        /// The row.
        at: At,
        /// The player.
        name: String,
        /// The bye they have ("full", "half", "zero").
        kind: String,
        /// The round.
        round: u32,
    },
    /// A different result for a game already recorded.
    #[error("{at}round {round}: {white} v {black} is already recorded as {result}")]
    ResultAlreadyRecorded {
        /// The row.
        at: At,
        /// The round.
        round: u32,
        /// White.
        white: String,
        /// Black.
        black: String,
        /// The result recorded.
        result: String,
    },
}

/// Record a round sheet (pairings, results, byes) for round `number` of a
/// section, all or nothing. Every row is checked before anything is
/// written; the first problem is returned with its line and field.
/// `allow_rematch` accepts two players who already met in a Swiss.
pub fn record_sheet(
    tx: &Writer,
    section: &Section,
    number: u32,
    date: Option<&str>,
    rows: &[SheetRow],
    source: &str,
    allow_rematch: bool,
) -> Result<Recorded> {
    // Requested byes may be entered for any future round; anything the
    // pairing makes needs every earlier round paired first.
    let event = event_by_id(tx, section.event_id)?;
    super::schedule::round_in_event(&event, number)?;
    let round_id = rounds::ensure_round(tx, section, number, date)?;
    if rows.iter().any(|r| !matches!(r.bye, Some((_, true)))) {
        rounds::check_no_gap(tx, section, number)?;
    }
    let (games, byes) = rounds::round_contents(tx, section.id, number)?;
    let mut sheet = Sheet {
        tx,
        section,
        number,
        round_id,
        source,
        rematch_rule: event.kind == EventKind::Swiss && !allow_rematch,
        all: entries(tx, section.id)?,
        games,
        byes,
        done: Recorded::default(),
    };
    for row in rows {
        let white = sheet.find(row, "white", &row.white)?;
        check_active(&white, number).map_err(|p| sheet.err(row, "white", p))?;
        match row.bye {
            Some((kind, requested)) => sheet.bye(row, white, kind, requested)?,
            None => sheet.game(row, white)?,
        }
    }
    Ok(sheet.done)
}

/// A sheet being recorded: the round as it stands, and what was done.
struct Sheet<'a> {
    tx: &'a Writer<'a>,
    section: &'a Section,
    number: u32,
    round_id: RoundId,
    source: &'a str,
    /// A Swiss refuses a rematch (unless allowed).
    rematch_rule: bool,
    all: Vec<Entry>,
    games: Vec<GameRow>,
    byes: Vec<ByeRow>,
    done: Recorded,
}

impl Sheet<'_> {
    /// Where `row`'s `field` is.
    fn at(&self, row: &SheetRow, field: &str) -> At {
        At {
            source: self.source.to_string(),
            line: row.line,
            field: field.to_string(),
        }
    }

    /// A plain mistake in a row: at its line and field when it has one.
    fn err(&self, row: &SheetRow, field: &str, problem: String) -> Error {
        match row.line {
            Some(line) => InputError::at(self.source, line, field, problem).into(),
            None => Error::invalid(problem),
        }
    }

    /// A rule of the schema broken by a row is the row's problem; anything
    /// else (a full disk, a damaged file) is the database's.
    fn schema(&self, row: &SheetRow, e: Error) -> Error {
        match e {
            Error::Invalid(problem) => self.err(row, "white", problem),
            other => other,
        }
    }

    fn find(&self, row: &SheetRow, field: &str, text: &str) -> Result<Entry> {
        find_entry(&self.all, self.tx, self.section, text)
            .map_err(|e| e.map_facts(|e| self.err(row, field, e.to_string())))
    }

    /// A bye row: refused for a player with a game, or with another bye.
    fn bye(&mut self, row: &SheetRow, white: Entry, kind: ByeKind, requested: bool) -> Result<()> {
        let number = self.number;
        if let Some(g) = self
            .games
            .iter()
            .find(|g| g.white.id == white.id || g.black.id == white.id)
        {
            if requested && g.result.is_none() {
                // A bye asked for after the round was paired.
                return Err(Error::refused(Refusal::ByeAfterPairing {
                    at: self.at(row, "white"),
                    name: white.name.clone(),
                    round: number,
                    white: g.white.name.clone(),
                    black: g.black.name.clone(),
                }));
            }
            return Err(self.err(
                row,
                "white",
                format!(
                    "{} already has a game in round {number} ({} v {})",
                    white.name, g.white.name, g.black.name
                ),
            ));
        }
        if let Some(b) = self.byes.iter().find(|b| b.entry.id == white.id) {
            // The same bye recorded again (a sheet recorded twice) is no
            // change; a different one is a correction.
            if b.kind == kind && b.requested == requested {
                self.done.unchanged += 1;
                return Ok(());
            }
            return Err(Error::refused(Refusal::ByeAlreadyGiven {
                at: self.at(row, "white"),
                name: white.name.clone(),
                kind: bye_kind_str(b.kind).to_string(),
                round: number,
            }));
        }
        let id = rounds::insert_bye(
            self.tx,
            self.round_id,
            self.section,
            white.id,
            kind,
            requested,
        )
        .map_err(|e| self.schema(row, e))?;
        self.done.lines.push(format!(
            "{}: {} bye ({})",
            named(&white),
            match kind {
                ByeKind::Full => "full-point",
                ByeKind::Half => "half-point",
                ByeKind::Zero => "zero-point",
            },
            if requested { "requested" } else { "assigned" }
        ));
        self.byes.push(ByeRow {
            id,
            entry: white,
            kind,
            requested,
            late_entry: false,
        });
        self.done.byes += 1;
        Ok(())
    }

    /// A game row: the same pairing takes its result; anything that
    /// clashes with the round is refused; a new pairing is written.
    fn game(&mut self, row: &SheetRow, white: Entry) -> Result<()> {
        let black = self.find(row, "black", row.black.as_deref().unwrap_or(""))?;
        if let Some(names) = &row.names {
            names_agree(
                &self.all,
                self.section,
                self.number,
                (&white, &black),
                names,
            )
            .map_err(|p| self.err(row, "white name", p))?;
        }
        check_active(&black, self.number).map_err(|p| self.err(row, "black", p))?;
        if white.id == black.id {
            return Err(self.err(row, "black", format!("{} cannot play themself", white.name)));
        }
        if self.same_pairing(row, &white, &black)? {
            return Ok(());
        }
        self.check_free(row, &white, &black)?;
        if self.rematch_rule {
            if let Some(earlier) =
                rounds::met_before(self.tx, self.section.id, self.number, white.id, black.id)?
            {
                return Err(Error::refused(Refusal::Rematch {
                    at: self.at(row, "black"),
                    white: named(&white),
                    black: named(&black),
                    earlier_round: earlier,
                }));
            }
        }
        self.done.lines.push(format!(
            "{} v {} {}",
            named(&white),
            named(&black),
            row.result
                .map_or("paired, no result yet", GameResult::pretty)
        ));
        let id = rounds::insert_game(
            self.tx,
            self.round_id,
            self.section,
            row.board,
            (white.id, black.id),
            row.result,
        )
        .map_err(|e| self.schema(row, e))?;
        self.games.push(GameRow {
            id,
            board: row.board,
            white,
            black,
            result: row.result,
        });
        self.done.pairings += 1;
        if row.result.is_some() {
            self.done.results += 1;
        }
        Ok(())
    }

    /// The same pairing already there: pairings first, results later.
    /// Whether the row was this pairing's.
    fn same_pairing(&mut self, row: &SheetRow, white: &Entry, black: &Entry) -> Result<bool> {
        let Some(i) = self
            .games
            .iter()
            .position(|g| g.white.id == white.id && g.black.id == black.id)
        else {
            return Ok(false);
        };
        let g = &self.games[i];
        match (g.result, row.result) {
            (_, None) => self.done.unchanged += 1,
            (Some(old), Some(new)) if old == new => self.done.unchanged += 1,
            (None, Some(res)) => {
                rounds::set_result(self.tx, g.id, res)?;
                self.done.results += 1;
                self.done.lines.push(format!(
                    "{} v {} {}",
                    named(&g.white),
                    named(&g.black),
                    res.pretty()
                ));
                self.games[i].result = Some(res);
            }
            (Some(old), Some(_)) => {
                return Err(Error::refused(Refusal::ResultAlreadyRecorded {
                    at: self.at(row, "result"),
                    round: self.number,
                    white: white.name.clone(),
                    black: black.name.clone(),
                    result: old.to_string(),
                }))
            }
        }
        Ok(true)
    }

    /// Neither player may already be paired (either way round) or have a
    /// bye in the round.
    fn check_free(&self, row: &SheetRow, white: &Entry, black: &Entry) -> Result<()> {
        let number = self.number;
        if let Some(g) = self
            .games
            .iter()
            .find(|g| g.white.id == black.id && g.black.id == white.id)
        {
            return Err(self.err(
                row,
                "white",
                format!("round {number} already pairs these players the other way round: {} (White) v {} (Black)", g.white.name, g.black.name),
            ));
        }
        for (field, p) in [("white", white), ("black", black)] {
            if let Some(g) = self
                .games
                .iter()
                .find(|g| g.white.id == p.id || g.black.id == p.id)
            {
                let other = if g.white.id == p.id {
                    &g.black
                } else {
                    &g.white
                };
                return Err(self.err(
                    row,
                    field,
                    format!(
                        "{} is already paired in round {number} (against {})",
                        p.name, other.name
                    ),
                ));
            }
            if self.byes.iter().any(|b| b.entry.id == p.id) {
                return Err(self.err(
                    row,
                    field,
                    format!("{} already has a bye in round {number}", p.name),
                ));
            }
        }
        Ok(())
    }
}

/// A sheet's names beside its numbers must name the same players: when
/// they do not, the sheet is most likely another round's or another
/// section's, and recording its numbers would put results on the wrong
/// players. Says what the numbers and the names each mean, and the likely
/// cause. A name left empty is not checked.
fn names_agree(
    all: &[Entry],
    section: &Section,
    number: u32,
    (white, black): (&Entry, &Entry),
    (white_name, black_name): &(String, String),
) -> std::result::Result<(), String> {
    use crate::domain::names::fold;
    let differs = |e: &Entry, name: &str| !name.trim().is_empty() && fold(name) != fold(&e.name);
    if !differs(white, white_name) && !differs(black, black_name) {
        return Ok(());
    }
    let here = |name: &str| all.iter().find(|e| fold(&e.name) == fold(name));
    let given: Vec<&str> = [white_name.as_str(), black_name.as_str()]
        .into_iter()
        .filter(|n| !n.trim().is_empty())
        .collect();
    let found: Vec<&Entry> = given.iter().filter_map(|n| here(n)).collect();
    let cause = if found.len() == given.len() {
        format!(
            "{} in {}: this looks like another round's sheet",
            found
                .iter()
                .map(|e| format!("{} is #{}", e.name, e.pairing_no))
                .collect::<Vec<_>>()
                .join(" and "),
            section.name
        )
    } else if found.is_empty() {
        format!(
            "nobody in {} is called {}: this looks like another section's sheet",
            section.name,
            given.join(" or ")
        )
    } else {
        "this looks like another section's or another round's sheet".to_string()
    };
    Err(format!(
        "the numbers and the names disagree: the numbers say {} v {}, the names say {} v {}; {cause}. \
         Nothing was recorded: check that this is {}'s round {number} sheet, and correct the numbers or the names",
        named(white),
        named(black),
        if white_name.trim().is_empty() { "(no name)" } else { white_name },
        if black_name.trim().is_empty() { "(no name)" } else { black_name },
        section.name
    ))
}

/// A withdrawn player cannot be paired after their withdrawal.
fn check_active(entry: &Entry, round: u32) -> std::result::Result<(), String> {
    match entry.withdrawn_after {
        Some(w) if round > w => Err(format!(
            "{} withdrew after round {w} and cannot be paired in round {round}",
            entry.name
        )),
        _ => Ok(()),
    }
}
