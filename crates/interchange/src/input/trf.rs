//! TRF-16, the FIDE Tournament Report File: one event's header and every
//! player's line of round results, in fixed columns.
//!
//! [`parse`] reads the bytes of a file into a [`TrfEvent`]: the header
//! fields, each player's data, and a [`Tournament`] of per-round records the
//! tiebreaks read. Lines the importer does not know (TRF-2025's additions,
//! the pairing programs' `XX?` lines, team lines) are ignored; CR and CRLF
//! line ends, trailing spaces and short lines whose later round blocks are
//! missing are accepted. Everything else that is wrong is an
//! [`InputError`] naming the line and column, never a panic.
//!
//! Player lines (`001`), columns 1-based:
//!
//! | columns | field |
//! |---|---|
//! | 5-8 | start number |
//! | 10 | sex |
//! | 11-13 | title |
//! | 15-47 | name |
//! | 49-52 | rating |
//! | 54-56 | federation |
//! | 58-68 | FIDE id |
//! | 70-79 | birth date |
//! | 81-84 | points |
//! | 86-89 | rank |
//! | 92-… | rounds, 10 columns each: opponent's start number (4), colour `w`/`b`/`-` (col. +5), result (col. +7) |
//!
//! Result codes: `1 = 0` played; `W D L` played but not rated (treated as
//! played); `+ -` forfeit win and loss (a `-` on both lines is a double
//! forfeit); `H` half-point bye, `F` full-point bye, `U` pairing-allocated
//! bye, `Z` zero-point bye, blank absent. With opponent `0000`: `+` and `-`
//! are forfeits against an unknown opponent, and the game codes `1 W`,
//! `= D`, `0 L` are read as a pairing-allocated bye, a half-point bye and a
//! zero-point bye.
//!
//! Choices where the format is loose:
//! - Rounds: the `XXR` line when present (a round block beyond it is an
//!   error), else the most round blocks on a player line; rounds missing at
//!   the end of a line are absences.
//! - Every game must appear on both players' lines in the same round with
//!   mirrored results (`1`/`0`, `=`/`=`, `+`/`-`, `-`/`-`) and different
//!   colours; `0`/`0` is a played game lost by both (an arbiter's
//!   decision, as Vega writes it): a loss over the board for each. A round robin exported in grid order (the k-th block is the
//!   game against the k-th other player, not round k) is recognised when
//!   every pair met equally often, and its games are placed in Berger
//!   rounds.
//! - Withdrawals come from a `### withdrawals:` comment line when the file
//!   has one (this program's exports do); otherwise `withdrawn_after` is set
//!   only for a clear withdrawal: the player took
//!   part in round k, then is missing (`Z` or blank) from at least the last
//!   two rounds anyone played.
//! - A `### assigned byes:` comment line (this program's exports) marks
//!   `H` and `Z` byes as assigned by the pairing rather than asked for.
//! - Round robin: line 092 says so, or every player met every other unless
//!   line 092 says Swiss.
//! - Names, titles and federations are kept as written (trimmed); dates
//!   become ISO; a rating of 0 is unrated.
//! - Read leniently, each with a warning in [`TrfEvent::warnings`] (the
//!   importer refuses them with `--strict`): a file that is not UTF-8 is
//!   read as Windows-1252 (Latin-1 with its printable 0x80-0x9F); a
//!   forfeit on one line whose opponent's line shows something else that
//!   round (a bye, an absence) keeps each player's own line for that
//!   player, the forfeit becoming one against an unknown opponent
//!   (`unmatched_forfeits`); a points column that disagrees with the
//!   results is ignored (the results are the record); a name that fills
//!   the whole name field (33 characters, the last in column 47 not a
//!   space) is kept as written, with a warning naming the line and the
//!   player that a longer name may have been cut there (correct it with
//!   `league player edit`). Lone CR line ends (old Macintosh files) are
//!   line ends.
//! - Long names: TRF-2026 (FIDE handbook C.04 Annex 2, TRF26, applied from
//!   1 September 2025) keeps the `001` name in columns 15-47 like TRF-16
//!   and has no record for a longer name, so no file can carry more than
//!   33 characters of a name without shifting the later columns. A line
//!   whose name runs past column 47 is refused with an error saying so
//!   (its later columns cannot be trusted); a full field is warned about.
//! - Refused: more than 99 rounds (the database's limit), a file with no
//!   player lines or no rounds, a control character anywhere.

use std::collections::HashMap;

use crate::domain::record::{ByeKind, Colour, Format, Outcome, PlayerRecord, Round, Tournament};
use crate::domain::score::{Points, Value};
use crate::input::InputError;
use crate::interchange::trf::{TrfEvent, TrfPlayer, ASSIGNED_BYES, NAME_WIDTH, WITHDRAWALS};

/// The name field's last column (1-based).
const NAME_LAST_COLUMN: usize = 47;

/// The first column of the round blocks (1-based) and their width.
const ROUNDS_COLUMN: usize = 92;
const BLOCK: usize = 10;
/// The most rounds an event may have (the database's limit, migration V1):
/// checked here, with the line, rather than left to the database.
const MAX_ROUNDS: usize = 99;
/// A player line must reach the points field.
const MIN_PLAYER_LINE: usize = 84;

/// One player's side of a round, as written on their line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Side {
    Absent,
    Bye(Outcome),
    /// A forfeit whose opponent is `0000`.
    UnknownForfeit(Outcome),
    Game {
        opponent: u32,
        colour: Option<Colour>,
        result: GameResult,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum GameResult {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
}

impl GameResult {
    fn code(self) -> char {
        match self {
            GameResult::Win => '1',
            GameResult::Draw => '=',
            GameResult::Loss => '0',
            GameResult::ForfeitWin => '+',
            GameResult::ForfeitLoss => '-',
        }
    }

    fn wins(self) -> bool {
        matches!(self, GameResult::Win | GameResult::ForfeitWin)
    }
}

/// A player line as read, before the rounds are matched up.
struct Line {
    line: usize,
    player: TrfPlayer,
    /// Each round's side and the block's first column.
    rounds: Vec<(Side, usize)>,
}

/// Read a TRF-16 file. `source` names it in errors ("july.trf").
pub fn parse(bytes: &[u8], source: &str) -> Result<TrfEvent, InputError> {
    let mut warnings: Vec<String> = Vec::new();
    let (decoded, latin1) = decode(bytes);
    if let Some(w) = latin1 {
        warnings.push(w);
    }
    // Old Macintosh files end lines with CR alone.
    let decoded = if decoded.contains('\r') {
        std::borrow::Cow::Owned(decoded.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        decoded
    };
    let text: &str = &decoded;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    super::no_control_text(text, source)?;

    let Scanned {
        header,
        xxr,
        dates_line,
        withdrawals,
        assigned,
        mut lines,
    } = scan(text, source, &mut warnings)?;
    let rounds = round_count(&lines, xxr, source)?;
    mend_forfeits(&mut lines, rounds, source, &mut warnings)?;

    // Players by start number; their rounds matched up.
    let mut sorted: Vec<&Line> = lines.iter().collect();
    sorted.sort_by_key(|l| l.player.start_no);
    let mut records = player_records(&sorted, rounds, source)?;
    if let Some((list, n)) = assigned {
        set_assigned(&mut records, &list, n, source)?;
    }
    match withdrawals {
        Some((list, n)) => set_withdrawals(&mut records, &list, rounds, n, source)?,
        None => mark_withdrawals(&mut records),
    }

    let format = match header.get("type") {
        Some(t) if t.to_ascii_lowercase().contains("robin") => Format::RoundRobin,
        Some(t) if t.to_ascii_lowercase().contains("swiss") => Format::Swiss,
        _ if everyone_met(&records) => Format::RoundRobin,
        _ => Format::Swiss,
    };
    let tournament = Tournament {
        format,
        rounds,
        players: records,
    };
    tournament
        .check()
        .map_err(|problem| InputError::new(source, problem))?;
    warnings.extend(points_column_warnings(&sorted, &tournament));

    let round_dates = (0..rounds)
        .map(|r| {
            let chars = dates_line.as_deref()?;
            let from = ROUNDS_COLUMN - 1 + r * BLOCK;
            iso_date(&field(chars, from, from + BLOCK))
        })
        .collect();
    Ok(TrfEvent {
        name: header.get("name").cloned(),
        city: header.get("city").cloned(),
        federation: header.get("federation").cloned(),
        chief_arbiter: header.get("chief_arbiter").cloned(),
        deputy_arbiter: header.get("deputy_arbiter").cloned(),
        time_control: header.get("time_control").cloned(),
        start_date: header.get("start").and_then(|d| iso_date(d)),
        end_date: header.get("end").and_then(|d| iso_date(d)),
        rounds,
        round_dates,
        format,
        players: sorted.iter().map(|l| l.player.clone()).collect(),
        warnings,
        tournament,
    })
}

/// A file's lines as read, one pass, before the rounds are matched up.
struct Scanned {
    /// The header fields by key ("name", "city", ...), the first given.
    header: HashMap<&'static str, String>,
    /// The XXR line's number of rounds, and its line.
    xxr: Option<(usize, usize)>,
    /// The 132 line (round dates), as characters.
    dates_line: Option<Vec<char>>,
    /// The withdrawals line's (start number, last round) pairs, and its line.
    withdrawals: Option<(Vec<(u32, u32)>, usize)>,
    /// The assigned byes line's (start number, round) pairs, and its line.
    assigned: Option<(Vec<(u32, u32)>, usize)>,
    /// The player lines, in file order.
    lines: Vec<Line>,
}

/// Read every line of `text` once: player lines, header fields, the
/// dates, withdrawals, assigned byes and XXR lines.
fn scan(text: &str, source: &str, warnings: &mut Vec<String>) -> Result<Scanned, InputError> {
    let mut out = Scanned {
        header: HashMap::new(),
        xxr: None,
        dates_line: None,
        withdrawals: None,
        assigned: None,
        lines: Vec::new(),
    };
    let mut seen: HashMap<u32, usize> = HashMap::new();
    for (k, raw) in text.split('\n').enumerate() {
        let n = k + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let chars: Vec<char> = raw.chars().collect();
        let code: String = chars.iter().take(3).collect();
        match code.as_str() {
            "001" => {
                let line = player_line(&chars, n, source)?;
                if let Some(first) = seen.insert(line.player.start_no, n) {
                    return Err(InputError::at(
                        source,
                        n,
                        "column 5",
                        format!(
                            "start number {} is used twice (first on line {first}); each player \
                             needs their own number",
                            line.player.start_no
                        ),
                    ));
                }
                if let Some(w) = full_name_field(&chars, &line.player, n) {
                    warnings.push(w);
                }
                let mut line = line;
                line.player.name =
                    super::name_without_stray_bidi(&line.player.name, source, n, warnings);
                out.lines.push(line);
            }
            "012" | "022" | "032" | "042" | "052" | "092" | "102" | "112" | "122" => {
                let value = field(&chars, 4, chars.len());
                if !value.is_empty() {
                    out.header.entry(header_key(&code)).or_insert(value);
                }
            }
            "132" => out.dates_line = Some(chars),
            "###" if raw.starts_with(WITHDRAWALS) => {
                let list = pairs_line(
                    &raw[WITHDRAWALS.len()..],
                    n,
                    source,
                    "withdrawals",
                    "a start number and the last round played, such as 12/3",
                )?;
                out.withdrawals = Some((list, n));
            }
            "###" if raw.starts_with(ASSIGNED_BYES) => {
                let list = pairs_line(
                    &raw[ASSIGNED_BYES.len()..],
                    n,
                    source,
                    "assigned byes",
                    "a start number and a round, such as 12/3",
                )?;
                out.assigned = Some((list, n));
            }
            "XXR" => out.xxr = Some((xxr_rounds(&chars, n, source)?, n)),
            _ => {}
        }
    }
    Ok(out)
}

/// The XXR line's number of rounds (line `n`).
fn xxr_rounds(chars: &[char], n: usize, source: &str) -> Result<usize, InputError> {
    let value = field(chars, 3, chars.len());
    let rounds = value.parse::<usize>().map_err(|_| {
        InputError::at(
            source,
            n,
            "column 5",
            format!("the XXR line's number of rounds \"{value}\" is not a number"),
        )
    })?;
    if rounds > MAX_ROUNDS {
        return Err(InputError::at(
            source,
            n,
            "column 5",
            format!("the XXR line gives {rounds} rounds; an event has at most {MAX_ROUNDS}"),
        ));
    }
    Ok(rounds)
}

/// The event's rounds: the XXR line's, else the longest record. Refuses a
/// record longer than XXR allows, and a file with no player or no round.
fn round_count(
    lines: &[Line],
    xxr: Option<(usize, usize)>,
    source: &str,
) -> Result<usize, InputError> {
    let written = lines.iter().map(|l| l.rounds.len()).max().unwrap_or(0);
    let rounds = match xxr {
        Some((rounds, _)) => {
            if let Some(l) = lines.iter().find(|l| l.rounds.len() > rounds) {
                let column = l.rounds[rounds].1;
                return Err(InputError::at(
                    source,
                    l.line,
                    format!("column {column}"),
                    format!(
                        "round {} is recorded, but the XXR line says the event has {rounds} \
                         rounds",
                        rounds + 1
                    ),
                ));
            }
            rounds
        }
        None if written > MAX_ROUNDS => {
            let l = lines.iter().find(|l| l.rounds.len() > MAX_ROUNDS);
            let (line, column) = l.map_or((0, 0), |l| (l.line, l.rounds[MAX_ROUNDS].1));
            return Err(InputError::at(
                source,
                line,
                format!("column {column}"),
                format!("more than {MAX_ROUNDS} rounds on one player line"),
            ));
        }
        None => written,
    };
    if lines.is_empty() {
        return Err(InputError::at(
            source,
            1,
            "player lines",
            "the file has no player lines (lines beginning 001); there is nothing to import",
        ));
    }
    if rounds == 0 {
        let line = xxr.map_or(lines[0].line, |(_, n)| n);
        return Err(InputError::at(
            source,
            line,
            "rounds",
            "the file has no rounds (no XXR line and no round on any player line); there is nothing to import",
        ));
    }
    Ok(rounds)
}

/// Each line's index among `sorted` (the lines by start number).
fn start_index(sorted: &[&Line]) -> HashMap<u32, usize> {
    sorted
        .iter()
        .enumerate()
        .map(|(i, l)| (l.player.start_no, i))
        .collect()
}

/// Two lines that contradict each other over a forfeit: each player's own
/// line is kept for that player (see the module doc), with a warning.
fn mend_forfeits(
    lines: &mut [Line],
    rounds: usize,
    source: &str,
    warnings: &mut Vec<String>,
) -> Result<(), InputError> {
    let fixes = {
        let mut sorted: Vec<&Line> = lines.iter().collect();
        sorted.sort_by_key(|l| l.player.start_no);
        let index = start_index(&sorted);
        match check_aligned(&sorted, &index, source) {
            Err((_, Mismatch::NotPointingBack))
                if regrid(&sorted, &index, rounds, source)?.is_none() =>
            {
                unmatched_forfeits(&sorted, &index)
            }
            _ => vec![],
        }
    };
    for (line_no, r, side, warning) in fixes {
        if let Some(l) = lines.iter_mut().find(|l| l.line == line_no) {
            l.rounds[r].0 = side;
        }
        warnings.push(warning);
    }
    Ok(())
}

/// The players' records, `sorted` by start number, their rounds matched
/// up with their opponents' lines.
fn player_records(
    sorted: &[&Line],
    rounds: usize,
    source: &str,
) -> Result<Vec<PlayerRecord>, InputError> {
    let index = start_index(sorted);
    let sides: Vec<Vec<Side>> = match check_aligned(sorted, &index, source) {
        Ok(()) => sorted
            .iter()
            .map(|l| (0..rounds).map(|r| side_at(l, r)).collect())
            .collect(),
        Err((error, Mismatch::NotPointingBack)) => {
            regrid(sorted, &index, rounds, source)?.ok_or(error)?
        }
        Err((error, Mismatch::Other)) => return Err(error),
    };
    Ok(sorted
        .iter()
        .zip(&sides)
        .map(|(l, own)| PlayerRecord {
            pairing_no: l.player.start_no,
            name: l.player.name.clone(),
            rating: l.player.rating,
            rounds: own
                .iter()
                .enumerate()
                .map(|(r, &side)| record_round(side, r, &sides, &index))
                .collect(),
            withdrawn_after: None,
        })
        .collect())
}

/// A warning for each player whose points column disagrees with their
/// results (the results are used).
fn points_column_warnings(sorted: &[&Line], tournament: &Tournament) -> Vec<String> {
    let mut warnings = Vec::new();
    for (l, record) in sorted.iter().zip(&tournament.players) {
        if let Some(stated) = l.player.points {
            let total = record.score();
            if stated != total {
                warnings.push(format!(
                    "line {}: player {}'s points column says {}, but the results on the line add up to {}; the results are used",
                    l.line,
                    l.player.start_no,
                    stated.decimal(),
                    total.decimal()
                ));
            }
        }
    }
    warnings
}

/// A round block's side, blank when the line stops before it.
fn side_at(l: &Line, r: usize) -> Side {
    l.rounds.get(r).map_or(Side::Absent, |s| s.0)
}

/// One side of a round as a record (a forfeit loss that both lines record
/// is a double forfeit).
fn record_round(side: Side, r: usize, sides: &[Vec<Side>], index: &HashMap<u32, usize>) -> Round {
    match side {
        Side::Absent => Round::ABSENT,
        Side::Bye(outcome) | Side::UnknownForfeit(outcome) => Round {
            outcome,
            opponent: None,
            colour: None,
        },
        Side::Game {
            opponent,
            colour,
            result,
        } => {
            let opponent = index.get(&opponent).copied();
            let double = result == GameResult::ForfeitLoss
                && opponent.is_some_and(|o| {
                    matches!(
                        sides.get(o).and_then(|s| s.get(r)),
                        Some(Side::Game {
                            result: GameResult::ForfeitLoss,
                            ..
                        })
                    )
                });
            Round {
                outcome: match result {
                    GameResult::Win => Outcome::Win,
                    GameResult::Draw => Outcome::Draw,
                    GameResult::Loss => Outcome::Loss,
                    GameResult::ForfeitWin => Outcome::ForfeitWin,
                    GameResult::ForfeitLoss if double => Outcome::DoubleForfeit,
                    GameResult::ForfeitLoss => Outcome::ForfeitLoss,
                },
                opponent,
                colour,
            }
        }
    }
}

/// Why the lines do not match round by round.
enum Mismatch {
    /// A line names an opponent whose line shows something else in that
    /// round (a grid-order round robin looks like this).
    NotPointingBack,
    Other,
}

/// One game as one line records it.
#[derive(Copy, Clone)]
struct Half<'a> {
    line: &'a Line,
    round: usize,
    column: usize,
    result: GameResult,
    colour: Option<Colour>,
}

/// Both lines' record of one game must agree: one winner at most, results
/// that mirror each other, different colours.
fn compare(source: &str, mine: Half, theirs: Half) -> Result<(), InputError> {
    let (me, them) = (mine.line.player.start_no, theirs.line.player.start_no);
    let r = mine.round + 1;
    let at = |problem: String| {
        InputError::at(
            source,
            mine.line.line,
            format!("column {}", mine.column),
            problem,
        )
    };
    if mine.result.wins() && theirs.result.wins() {
        return Err(at(format!(
            "round {r}: players {me} and {them} are both recorded as winning their game \
             (line {}: {}, line {}: {})",
            mine.line.line,
            mine.result.code(),
            theirs.line.line,
            theirs.result.code()
        )));
    }
    let agree = matches!(
        (mine.result, theirs.result),
        (GameResult::Win, GameResult::Loss)
            | (GameResult::Loss, GameResult::Win)
            // Played and lost by both: an arbiter's decision (Vega writes
            // `0` on both lines). Both score 0; the game counts as played.
            | (GameResult::Loss, GameResult::Loss)
            | (GameResult::Draw, GameResult::Draw)
            | (GameResult::ForfeitWin, GameResult::ForfeitLoss)
            | (GameResult::ForfeitLoss, GameResult::ForfeitWin)
            | (GameResult::ForfeitLoss, GameResult::ForfeitLoss)
    );
    if !agree {
        return Err(at(format!(
            "round {r}: players {me} and {them} record their game differently (line {}: {}, \
             line {}: {})",
            mine.line.line,
            mine.result.code(),
            theirs.line.line,
            theirs.result.code()
        )));
    }
    if mine.colour.is_some() && mine.colour == theirs.colour {
        return Err(at(format!(
            "round {r}: players {me} and {them} are both recorded with {}",
            if mine.colour == Some(Colour::White) {
                "White"
            } else {
                "Black"
            }
        )));
    }
    Ok(())
}

/// Every game named on a line exists, round by round, on the opponent's
/// line, and both agree.
fn check_aligned(
    lines: &[&Line],
    index: &HashMap<u32, usize>,
    source: &str,
) -> Result<(), (InputError, Mismatch)> {
    for l in lines {
        for (r, &(s, column)) in l.rounds.iter().enumerate() {
            let Side::Game {
                opponent,
                colour,
                result,
            } = s
            else {
                continue;
            };
            let me = l.player.start_no;
            let at = |problem: String| {
                InputError::at(source, l.line, format!("column {column}"), problem)
            };
            if opponent == me {
                return Err((
                    at(format!(
                        "round {}: player {me} is paired against themself",
                        r + 1
                    )),
                    Mismatch::Other,
                ));
            }
            let Some(other) = index.get(&opponent).map(|&i| lines[i]) else {
                return Err((
                    at(format!(
                        "round {}: opponent {opponent} does not exist (no player line has that \
                         start number)",
                        r + 1
                    )),
                    Mismatch::Other,
                ));
            };
            match (side_at(other, r), other.rounds.get(r)) {
                (
                    Side::Game {
                        opponent: back,
                        colour: their_colour,
                        result: theirs,
                    },
                    Some(&(_, their_column)),
                ) if back == me => {
                    let mine = Half {
                        line: l,
                        round: r,
                        column,
                        result,
                        colour,
                    };
                    let theirs = Half {
                        line: other,
                        round: r,
                        column: their_column,
                        result: theirs,
                        colour: their_colour,
                    };
                    compare(source, mine, theirs).map_err(|e| (e, Mismatch::Other))?;
                }
                (other_side, _) => {
                    return Err((
                        at(format!(
                            "round {}: player {me} is paired with {opponent}, but line {} \
                             (player {opponent}) shows {} in that round",
                            r + 1,
                            other.line,
                            describe(other_side)
                        )),
                        Mismatch::NotPointingBack,
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A round robin whose lines list each player's games in grid order (the
/// k-th block is the game against the k-th other player) rather than by
/// round, as some exports do. When every pair of players met the same
/// number of times m and the event has m × (N − 1) rounds (N the number of
/// players rounded up to even), each game is placed in the round the
/// standard Berger (circle) schedule gives it, the m-th meeting in the m-th
/// cycle; the file does not say which round each game really was, so the
/// round order is the schedule's. `Ok(None)` when the lines are not such a
/// round robin (the caller reports the original mismatch).
fn regrid(
    lines: &[&Line],
    index: &HashMap<u32, usize>,
    rounds: usize,
    source: &str,
) -> Result<Option<Vec<Vec<Side>>>, InputError> {
    let n = lines.len();
    if n < 2 {
        return Ok(None);
    }
    // Games per ordered pair, in block order.
    let mut games: HashMap<(usize, usize), Vec<Half>> = HashMap::new();
    for (a, l) in lines.iter().enumerate() {
        for (r, &(s, column)) in l.rounds.iter().enumerate() {
            match s {
                Side::Absent => {}
                Side::Game {
                    opponent,
                    colour,
                    result,
                } => {
                    let Some(&b) = index.get(&opponent) else {
                        return Ok(None);
                    };
                    if b == a {
                        return Ok(None);
                    }
                    games.entry((a, b)).or_default().push(Half {
                        line: l,
                        round: r,
                        column,
                        result,
                        colour,
                    });
                }
                _ => return Ok(None),
            }
        }
    }
    let m = games.get(&(0, 1)).map_or(0, Vec::len);
    let even = n + n % 2;
    if m == 0 || games.len() != n * (n - 1) || rounds != m * (even - 1) {
        return Ok(None);
    }
    if games.values().any(|g| g.len() != m) {
        return Ok(None);
    }
    let mut sides = vec![vec![Side::Absent; rounds]; n];
    for a in 0..n {
        for b in a + 1..n {
            let (Some(mine), Some(theirs)) = (games.get(&(a, b)), games.get(&(b, a))) else {
                return Ok(None);
            };
            // Circle method: round k pairs position N − 1 with k, and the
            // positions k ± j (mod N − 1) with each other.
            let k = if b == even - 1 {
                a
            } else {
                (a + b) * (even / 2) % (even - 1)
            };
            for (c, (x, y)) in mine.iter().zip(theirs).enumerate() {
                compare(source, *x, *y)?;
                let r = c * (even - 1) + k;
                sides[a][r] = Side::Game {
                    opponent: lines[b].player.start_no,
                    colour: x.colour,
                    result: x.result,
                };
                sides[b][r] = Side::Game {
                    opponent: lines[a].player.start_no,
                    colour: y.colour,
                    result: y.result,
                };
            }
        }
    }
    Ok(Some(sides))
}

fn header_key(code: &str) -> &'static str {
    match code {
        "012" => "name",
        "022" => "city",
        "032" => "federation",
        "042" => "start",
        "052" => "end",
        "102" => "chief_arbiter",
        "112" => "deputy_arbiter",
        "122" => "time_control",
        _ => "type",
    }
}

/// The text, or an error at the first byte that is not UTF-8.
fn decode(bytes: &[u8]) -> (std::borrow::Cow<'_, str>, Option<String>) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (std::borrow::Cow::Borrowed(text), None),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let byte = bytes.get(e.valid_up_to()).copied().unwrap_or(0);
            let text: String = bytes.iter().map(|&b| windows_1252(b)).collect();
            (
                std::borrow::Cow::Owned(text),
                Some(format!(
                    "the file is not UTF-8 (byte 0x{byte:02X} on line {line}); it was read as Latin-1 (Windows-1252), as older pairing programs write it: check the accented names"
                )),
            )
        }
    }
}

/// A Windows-1252 byte as a character (Latin-1 with printable characters
/// in 0x80-0x9F; the five bytes it leaves undefined stay C1 control
/// characters, which the control-character rule then refuses).
fn windows_1252(b: u8) -> char {
    const HIGH: [u16; 32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013,
        0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ];
    match b {
        0x80..=0x9F => char::from_u32(u32::from(HIGH[usize::from(b - 0x80)])).unwrap_or('?'),
        _ => char::from(b),
    }
}

/// Forfeits one line records against an opponent whose line shows
/// something else in that round (a bye, an absence, another game): each
/// becomes a forfeit against an unknown opponent on that player's own line,
/// so each player keeps their own line's points. Returns (line, round, the
/// new side, a warning naming both lines and the resolution). Played
/// results are not resolved this way: a game's result must come from both
/// lines.
fn unmatched_forfeits(
    lines: &[&Line],
    index: &HashMap<u32, usize>,
) -> Vec<(usize, usize, Side, String)> {
    let mut out = Vec::new();
    for l in lines {
        for (r, &(side, _)) in l.rounds.iter().enumerate() {
            let Side::Game {
                opponent, result, ..
            } = side
            else {
                continue;
            };
            let outcome = match result {
                GameResult::ForfeitWin => Outcome::ForfeitWin,
                GameResult::ForfeitLoss => Outcome::ForfeitLoss,
                _ => continue,
            };
            let Some(other) = index.get(&opponent).map(|&i| lines[i]) else {
                continue;
            };
            let theirs = side_at(other, r);
            let points_back =
                matches!(theirs, Side::Game { opponent: back, .. } if back == l.player.start_no);
            if points_back {
                continue;
            }
            let me = l.player.start_no;
            out.push((
                l.line,
                r,
                Side::UnknownForfeit(outcome),
                format!(
                    "round {}: line {} (player {me}) records a forfeit {} against player {opponent}, but line {} (player {opponent}) shows {} in that round; each player's own line is kept: player {me} a forfeit {} (opponent not counted), player {opponent} {}",
                    r + 1,
                    l.line,
                    if outcome == Outcome::ForfeitWin { "win" } else { "loss" },
                    other.line,
                    what(theirs),
                    if outcome == Outcome::ForfeitWin { "win" } else { "loss" },
                    what(theirs),
                ),
            ));
        }
    }
    out
}

/// Characters `from..to` (0-based) of a line, trimmed; "" past the end.
fn field(chars: &[char], from: usize, to: usize) -> String {
    let to = to.min(chars.len());
    if from >= to {
        return String::new();
    }
    // Trimmed as `str::trim` trims, before the one allocation.
    let cell = &chars[from..to];
    let Some(start) = cell.iter().position(|c| !c.is_whitespace()) else {
        return String::new();
    };
    let end = cell
        .iter()
        .rposition(|c| !c.is_whitespace())
        .unwrap_or(start);
    cell[start..=end].iter().collect()
}

fn player_line(chars: &[char], n: usize, source: &str) -> Result<Line, InputError> {
    if chars.len() < MIN_PLAYER_LINE {
        return Err(InputError::at(
            source,
            n,
            format!("column {}", chars.len() + 1),
            format!(
                "this player line stops at column {}; a TRF player line carries its fields up \
                 to column {MIN_PLAYER_LINE} (the points)",
                chars.len()
            ),
        ));
    }
    let err = |column: usize, problem: String| {
        InputError::at(source, n, format!("column {column}"), problem)
    };
    let start_no = start_number(chars, &err)?;
    let rating = rating_field(chars, &err)?;
    let points = points_field(chars, &err)?;
    let text = |from, to| Some(field(chars, from, to)).filter(|s| !s.is_empty());
    let birth = text(69, 79).map(|b| iso_date(&b).unwrap_or(b));
    let player = TrfPlayer {
        start_no,
        name: field(chars, 14, NAME_LAST_COLUMN),
        sex: chars.get(9).copied().filter(|c| !c.is_whitespace()),
        title: text(10, 13),
        rating,
        federation: text(53, 56),
        fide_id: field(chars, 57, 68)
            .parse::<u64>()
            .ok()
            .filter(|&id| id > 0),
        birth,
        points,
        rank: field(chars, 85, 89).parse::<u32>().ok(),
    };

    let rounds = round_blocks(chars, &err)?;
    Ok(Line {
        line: n,
        player,
        rounds,
    })
}

/// The start number (columns 5-8): a number from 1.
fn start_number(
    chars: &[char],
    err: &dyn Fn(usize, String) -> InputError,
) -> Result<u32, InputError> {
    let start = field(chars, 4, 8);
    Ok(match start.parse::<u32>() {
        Ok(0) => {
            return Err(err(
                5,
                "start number 0: start numbers begin at 1".to_string(),
            ))
        }
        Ok(s) => s,
        Err(_) => {
            return Err(err(
                5,
                format!("start number \"{start}\" is not a number (columns 5-8)"),
            ))
        }
    })
}

/// The rating (columns 49-52), none when blank or 0; a name run into it
/// is refused as such.
fn rating_field(
    chars: &[char],
    err: &dyn Fn(usize, String) -> InputError,
) -> Result<Option<u32>, InputError> {
    let rating_text = field(chars, 48, 52);
    Ok(match rating_text.as_str() {
        "" => None,
        t => match t.parse::<u32>() {
            Ok(0) => None,
            Ok(r) => Some(r),
            Err(_)
                if chars
                    .get(NAME_LAST_COLUMN)
                    .is_some_and(|c| !c.is_whitespace()) =>
            {
                return Err(err(
                    48,
                    format!(
                        "the name runs past column {NAME_LAST_COLUMN} into the rating (columns \
                         49-52 read \"{t}\"); TRF's name field is columns 15-{NAME_LAST_COLUMN}, \
                         {NAME_WIDTH} characters at most: shorten the name there"
                    ),
                ))
            }
            Err(_) => {
                return Err(err(
                    49,
                    format!("rating \"{t}\" is not a number (columns 49-52)"),
                ))
            }
        },
    })
}

/// The points column (81-84), in half points; none when blank.
fn points_field(
    chars: &[char],
    err: &dyn Fn(usize, String) -> InputError,
) -> Result<Option<Points>, InputError> {
    let points_text = field(chars, 80, 84);
    Ok(match points_text.as_str() {
        "" => None,
        t => match Value::parse(&t.replace(',', ".")) {
            Some(v) if v.0 >= 0 && v.0 % 50 == 0 => Some(Points::from_halves((v.0 / 50) as i32)),
            _ => {
                return Err(err(
                    81,
                    format!(
                        "points \"{t}\" are not a number of half-points such as 3.5 (columns \
                         81-84)"
                    ),
                ))
            }
        },
    })
}

/// The round blocks, each with its first column, up to the last one that
/// is not blank.
fn round_blocks(
    chars: &[char],
    err: &dyn Fn(usize, String) -> InputError,
) -> Result<Vec<(Side, usize)>, InputError> {
    let mut rounds = Vec::new();
    let mut from = ROUNDS_COLUMN - 1;
    while from < chars.len() {
        let column = from + 1;
        let opponent_text = field(chars, from, from + 4);
        let colour = chars.get(from + 5).copied().unwrap_or(' ');
        let result = chars.get(from + 7).copied().unwrap_or(' ');
        let round = rounds.len() + 1;
        let opponent = if opponent_text.is_empty() {
            0
        } else {
            opponent_text.parse::<u32>().map_err(|_| {
                err(
                    column,
                    format!(
                        "round {round}: opponent \"{opponent_text}\" is not a start number \
                         (columns {column}-{})",
                        column + 3
                    ),
                )
            })?
        };
        let colour = match colour {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            c => {
                return Err(err(
                    column + 5,
                    format!("round {round}: colour '{c}' is not w, b or -"),
                ))
            }
        };
        let side = round_side(opponent, colour, result)
            .map_err(|problem| err(column + 7, format!("round {round}: {problem}")))?;
        rounds.push((side, column));
        from += BLOCK;
    }
    while rounds.last().is_some_and(|r| r.0 == Side::Absent) {
        rounds.pop();
    }
    Ok(rounds)
}

/// One round block's meaning.
fn round_side(opponent: u32, colour: Option<Colour>, result: char) -> Result<Side, String> {
    let bye = |kind, requested| Outcome::Bye { kind, requested };
    let code = result.to_ascii_uppercase();
    if code == ' ' {
        return Ok(Side::Absent);
    }
    if opponent == 0 {
        return Ok(match code {
            'H' | '=' | 'D' => Side::Bye(bye(ByeKind::Half, true)),
            'F' => Side::Bye(bye(ByeKind::Full, true)),
            'U' | '1' | 'W' => Side::Bye(bye(ByeKind::Full, false)),
            'Z' | '0' | 'L' => Side::Bye(bye(ByeKind::Zero, true)),
            '+' => Side::UnknownForfeit(Outcome::ForfeitWin),
            '-' => Side::UnknownForfeit(Outcome::ForfeitLoss),
            c => return Err(unknown_code(c)),
        });
    }
    let result = match code {
        '1' | 'W' => GameResult::Win,
        '=' | 'D' => GameResult::Draw,
        '0' | 'L' => GameResult::Loss,
        '+' => GameResult::ForfeitWin,
        '-' => GameResult::ForfeitLoss,
        'H' | 'F' | 'U' | 'Z' => {
            return Err(format!(
                "result '{result}' is a bye, but an opponent ({opponent}) is named; write 0000 \
                 as the opponent of a bye"
            ))
        }
        c => return Err(unknown_code(c)),
    };
    Ok(Side::Game {
        opponent,
        colour,
        result,
    })
}

fn unknown_code(c: char) -> String {
    format!("result code '{c}' is not one of 1 = 0 + - W D L H F U Z")
}

/// The warning for a name that fills the whole name field (columns
/// 15-47, 33 characters, the last one not a space): a longer name may have
/// been cut there by the program that wrote the file. TRF-2026 keeps the
/// name in these columns, so what is there is kept; the secretary checks it
/// and corrects it with `league player edit`.
fn full_name_field(chars: &[char], player: &TrfPlayer, line: usize) -> Option<String> {
    let last = chars.get(NAME_LAST_COLUMN - 1)?;
    if last.is_whitespace() {
        return None;
    }
    Some(format!(
        "line {line}: player {}'s name \"{}\" fills the whole name field (columns 15-47, \
         {NAME_WIDTH} characters), so a longer name may have been cut; check it and give the \
         full name with `league player edit \"{}\" --name`",
        player.start_no, player.name, player.name
    ))
}

/// A side in a warning's words: "a half-point bye", "a forfeit win".
fn what(side: Side) -> String {
    match side {
        Side::Absent => "no game and no bye".into(),
        Side::Bye(Outcome::Bye { kind, .. }) => match kind {
            ByeKind::Full => "a full-point bye".into(),
            ByeKind::Half => "a half-point bye".into(),
            ByeKind::Zero => "a zero-point bye".into(),
        },
        Side::Bye(_) => "a bye".into(),
        Side::UnknownForfeit(Outcome::ForfeitWin) => "a forfeit win against no one".into(),
        Side::UnknownForfeit(_) => "a forfeit loss against no one".into(),
        Side::Game { opponent, .. } => format!("a game against {opponent}"),
    }
}

fn describe(side: Side) -> String {
    match side {
        Side::Absent => "no game".to_string(),
        Side::Bye(_) | Side::UnknownForfeit(_) => "a bye or an unpaired round".to_string(),
        Side::Game { opponent, .. } => format!("a game against {opponent}"),
    }
}

/// `withdrawn_after` = k when the player took part in round k (a game, a
/// forfeit or a bye other than a zero-point one) and is then missing (`Z`
/// or blank) from at least the last two rounds anyone played. A single
/// missed final round is an absence, not clearly a withdrawal; a player
/// missing from every round never started. Requested half-point byes are
/// never part of a withdrawal.
fn mark_withdrawals(records: &mut [PlayerRecord]) {
    let missing = |r: &Round| {
        matches!(
            r.outcome,
            Outcome::Absent
                | Outcome::Bye {
                    kind: ByeKind::Zero,
                    ..
                }
        )
    };
    let last_taken = |p: &PlayerRecord| p.rounds.iter().rposition(|r| !missing(r)).map(|i| i + 1);
    let played = records.iter().filter_map(last_taken).max().unwrap_or(0);
    for p in records.iter_mut() {
        if let Some(k) = last_taken(p) {
            if played >= k + 2 {
                p.withdrawn_after = Some(k as u32);
            }
        }
    }
}

/// The pairs `start/after` of a `### withdrawals:` line (written by
/// [`crate::export::trf`]); `none` is an empty list.
fn pairs_line(
    text: &str,
    n: usize,
    source: &str,
    field: &str,
    example: &str,
) -> Result<Vec<(u32, u32)>, InputError> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|pair| {
            let (start, after) = pair.trim().split_once('/').unwrap_or((pair.trim(), ""));
            match (start.trim().parse::<u32>(), after.trim().parse::<u32>()) {
                (Ok(s), Ok(a)) => Ok((s, a)),
                _ => Err(InputError::at(
                    source,
                    n,
                    field,
                    format!("\"{}\" is not {example}", pair.trim()),
                )),
            }
        })
        .collect()
}

/// Half- and zero-point byes the pairing assigned (TRF's `H` and `Z` are
/// byes the player asked for).
fn set_assigned(
    records: &mut [PlayerRecord],
    list: &[(u32, u32)],
    n: usize,
    source: &str,
) -> Result<(), InputError> {
    for &(start, round) in list {
        let bye = records
            .iter_mut()
            .find(|p| p.pairing_no == start)
            .and_then(|p| p.rounds.get_mut((round as usize).checked_sub(1)?))
            .filter(|r| {
                matches!(
                    r.outcome,
                    Outcome::Bye {
                        kind: ByeKind::Half | ByeKind::Zero,
                        ..
                    }
                )
            });
        match bye {
            Some(r) => {
                if let Outcome::Bye { kind, .. } = r.outcome {
                    r.outcome = Outcome::Bye {
                        kind,
                        requested: false,
                    };
                }
            }
            None => {
                return Err(InputError::at(
                    source,
                    n,
                    "assigned byes",
                    format!(
                        "player {start} has no half- or zero-point bye (H or Z) in round {round}"
                    ),
                ))
            }
        }
    }
    Ok(())
}

/// Withdrawals as the file lists them: every start number must exist and
/// the round must be within the event.
fn set_withdrawals(
    records: &mut [PlayerRecord],
    list: &[(u32, u32)],
    rounds: usize,
    n: usize,
    source: &str,
) -> Result<(), InputError> {
    for &(start, after) in list {
        let Some(p) = records.iter_mut().find(|p| p.pairing_no == start) else {
            return Err(InputError::at(
                source,
                n,
                "withdrawals",
                format!("start number {start} withdraws, but no player line has that number"),
            ));
        };
        if after as usize > rounds {
            return Err(InputError::at(
                source,
                n,
                "withdrawals",
                format!(
                    "player {start} withdraws after round {after}, but the event has {rounds} \
                     rounds"
                ),
            ));
        }
        let later = p
            .rounds
            .iter()
            .enumerate()
            .skip(after as usize)
            .find(|(_, r)| {
                !matches!(
                    r.outcome,
                    Outcome::Absent
                        | Outcome::Bye {
                            kind: ByeKind::Zero,
                            ..
                        }
                )
            });
        if let Some((r, _)) = later {
            return Err(InputError::at(
                source,
                n,
                "withdrawals",
                format!(
                    "player {start} withdraws after round {after}, but their line has a result \
                     in round {}",
                    r + 1
                ),
            ));
        }
        p.withdrawn_after = Some(after);
    }
    Ok(())
}

/// Every player met every other (played or forfeited).
fn everyone_met(records: &[PlayerRecord]) -> bool {
    let n = records.len();
    if n < 2 {
        return false;
    }
    records.iter().all(|p| {
        let mut met: Vec<usize> = p.rounds.iter().filter_map(|r| r.opponent).collect();
        met.sort_unstable();
        met.dedup();
        met.len() == n - 1
    })
}

/// `2024/03/18`, `2024-03-18`, `18.03.2024` or TRF's `24/03/18` as
/// `2024-03-18`; `None` for anything else or an impossible date.
pub fn iso_date(text: &str) -> Option<String> {
    let parts: Vec<&str> = text.trim().split(['/', '-', '.']).collect();
    if parts.len() != 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let num = |s: &str| s.parse::<i32>().ok();
    let (y, m, d) = if parts[0].len() == 4 {
        (num(parts[0])?, num(parts[1])?, num(parts[2])?)
    } else if parts[2].len() == 4 {
        (num(parts[2])?, num(parts[1])?, num(parts[0])?)
    } else if parts[0].len() == 2 && parts[2].len() <= 2 {
        let yy = num(parts[0])?;
        (
            if yy < 70 { 2000 + yy } else { 1900 + yy },
            num(parts[1])?,
            num(parts[2])?,
        )
    } else {
        return None;
    };
    let month = time::Month::try_from(u8::try_from(m).ok()?).ok()?;
    let date = time::Date::from_calendar_date(y, month, u8::try_from(d).ok()?).ok()?;
    Some(format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        date.month() as u8,
        date.day()
    ))
}

pub mod pairing;
#[cfg(test)]
mod tests;
