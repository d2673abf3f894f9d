//! A TRF file read as the input of a pairing: who is in the event, what
//! each player did in the rounds so far, and the pairing settings, turned
//! into a [`Field`] for the round to pair.
//!
//! The importer (`input::trf`) reads a finished event into the league's
//! records; this reader has other needs: the round about to be paired, the
//! byes asked for in it, the pairing extensions, and the file kept line by
//! line so the new round can be written back into it (`--format trf`).
//!
//! Lines read (columns 1-based; anything else is kept and ignored):
//! - `001` player lines: start number (5-8), title (11-13), name (15-47),
//!   rating (49-52), points (81-84), then 10-column round blocks from column
//!   92: opponent (4), colour at +5 (`w`/`b`/`-`), result at +7.
//! - JaVaFo's and bbpPairings' extensions: `XXR n` (rounds), `XXC white1` /
//!   `black1` (initial colour), `XXA nnnn p1 p2 ...` (acceleration points of
//!   player nnnn, one value per round), `XXP a b` (a and b never meet),
//!   `BBW`/`BBD`/`BBL`/`BBZ`/`BBF`/`BBU` (points for a win, draw, loss,
//!   zero-point bye, forfeit loss, pairing-allocated bye).
//! - TRF-2026 records: `142` rounds, `152` initial colour (`W`/`B`), `162`
//!   points per result code, `192` system (must name the Dutch system if
//!   present), `240` byes asked for (`240 H 003 0026 0047`), `250`
//!   acceleration, `260` forbidden pairs (for the rounds it names).
//!
//! Choices where the format is loose, written down:
//! - The round to pair defaults to the first round in which nobody has a
//!   game or a pairing-allocated bye. A round-N cell `0000 - H`, `F` or `Z`
//!   (or a `240` record) is a bye asked for: the player is left out.
//! - The score column, when filled in, must equal the sum of the player's
//!   results as the file's point values count them; a game must appear on
//!   both players' lines in the same round.
//! - A player whose line has no cell for an earlier round was absent then.

use std::collections::HashMap;

use crate::domain::pairing::{ByeKind, Colour, Entrant, Field, Pairing, Past, PointSystem};
use crate::domain::score::{Points, Value};
use crate::input::InputError;

/// First column (0-based) of the round blocks, and their width.
const ROUNDS_FROM: usize = 91;
const BLOCK: usize = 10;

/// One round block of a player line.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Cell {
    opponent: u32,
    colour: Option<Colour>,
    /// Result code, upper case; ' ' when blank.
    code: char,
    /// 1-based column of the block, for errors.
    column: usize,
}

/// One `001` line.
#[derive(Clone, Debug)]
struct FilePlayer {
    line: usize,
    number: u32,
    title: String,
    name: String,
    rating: u32,
    points: Option<Points>,
    cells: Vec<Cell>,
}

/// A TRF file read for pairing: its lines and what they say.
#[derive(Clone, Debug)]
pub struct PairingFile {
    source: String,
    lines: Vec<String>,
    players: Vec<FilePlayer>,
    rounds: Option<u32>,
    initial_colour: Option<Colour>,
    points: PointSystem,
    /// Points for a zero-point bye (`BBZ`, record 162 `A`).
    zero_bye: Points,
    /// Forbidden pairs as written: players who must not meet each other
    /// (an `XXP` line or a `260` record), from a first to a last round.
    /// Kept as groups, not pairs: a line of 30,000 numbers is 450 million
    /// pairs (it aborted at 4 GB).
    forbidden: Vec<Forbidden>,
    /// Requested byes from `240` records: (round, player, kind).
    byes: Vec<(u32, u32, ByeKind)>,
    /// Acceleration as written, in file order (a later record wins): a `250`
    /// record's ranges of rounds and players are kept as ranges (3.7 KB of
    /// them asked for 6.4 GB when every round and player was listed).
    acceleration: Vec<Acceleration>,
}

/// Players of a forbidden group (`XXP`, `260`), for rounds `first..=last`.
#[derive(Clone, Debug)]
struct Forbidden {
    players: Vec<u32>,
    first: u32,
    last: u32,
    /// The line, for errors.
    line: usize,
}

/// Acceleration points for rounds `rounds` of players `players`.
#[derive(Clone, Debug)]
struct Acceleration {
    rounds: (u32, u32),
    players: (u32, u32),
    points: Points,
}

/// The most a result (or an acceleration) may be worth: 10 points. The
/// usual systems give 1 (FIDE), 2 or 3 (football scoring) for a win; a
/// value beyond this is a typing slip, and the pairing weights grow with
/// the span of the scores.
pub const MAX_POINTS: Points = Points::from_halves(20);

fn err(
    source: &str,
    line: usize,
    field: impl Into<String>,
    problem: impl Into<String>,
) -> InputError {
    InputError::at(source, line, field, problem)
}

/// Characters `from..to` (0-based) of a line, trimmed.
fn cut(chars: &[char], from: usize, to: usize) -> String {
    let to = to.min(chars.len());
    if from >= to {
        return String::new();
    }
    chars[from..to]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

/// "1.5" → 3 half points; only whole half points.
fn half_points(text: &str) -> Option<Points> {
    let v = Value::parse(&text.replace(',', "."))?;
    (v.0 >= 0 && v.0 % 50 == 0 && v.0 / 50 <= i64::from(i32::MAX))
        .then(|| Points::from_halves((v.0 / 50) as i32))
}

/// What a result or an acceleration is worth: whole half points from 0
/// to [`MAX_POINTS`].
fn result_points(text: &str) -> Option<Points> {
    half_points(text).filter(|&p| p <= MAX_POINTS)
}

/// One line of the file, as the readers of its records see it.
struct RecordLine<'a> {
    /// The line's characters.
    chars: &'a [char],
    /// Its line number.
    n: usize,
    /// Its first three characters: the record's tag.
    tag: &'a str,
    /// The rest of the line, trimmed.
    rest: &'a str,
    /// The rest's words.
    words: &'a [&'a str],
    /// The file's name, for errors.
    source: &'a str,
}

impl PairingFile {
    /// Reads a file's bytes; `source` names it in errors.
    pub fn read(bytes: &[u8], source: &str) -> Result<PairingFile, InputError> {
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            err(
                source,
                line,
                "text",
                "the file is not UTF-8 text; save it as UTF-8",
            )
        })?;
        let mut file = PairingFile {
            source: source.to_string(),
            lines: text
                .lines()
                .map(|l| l.trim_end_matches('\r').to_string())
                .collect(),
            players: Vec::new(),
            rounds: None,
            initial_colour: None,
            points: PointSystem::default(),
            zero_bye: Points::ZERO,
            forbidden: Vec::new(),
            byes: Vec::new(),
            acceleration: Vec::new(),
        };
        let lines = file.lines.clone();
        for (i, raw) in lines.iter().enumerate() {
            let n = i + 1;
            let chars: Vec<char> = raw.chars().collect();
            let tag: String = chars.iter().take(3).collect();
            let rest = cut(&chars, 3, chars.len());
            let words: Vec<&str> = rest.split_whitespace().collect();
            let record = RecordLine {
                chars: &chars,
                n,
                tag: &tag,
                rest: &rest,
                words: &words,
                source,
            };
            match tag.as_str() {
                "001" => file.players.push(player_line(&chars, n, source)?),
                "XXR" | "142" => file.rounds_line(&record)?,
                "XXC" | "152" => file.colour_line(&record)?,
                "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => file.points_line(&record)?,
                "162" => file.scoring_line(&record)?,
                "192" => file.system_line(&record)?,
                "XXP" => file.forbidden_line(&record)?,
                "260" => file.forbidden_rounds_line(&record)?,
                "240" => file.byes_line(&record)?,
                "250" => file.acceleration_line(&record)?,
                "XXA" => file.player_acceleration_line(&record)?,
                _ => {}
            }
        }
        if file.players.is_empty() {
            return Err(InputError::new(
                source,
                "the file has no player lines (001): nobody to pair",
            ));
        }
        file.check()?;
        Ok(file)
    }

    /// The number of rounds (XXR or 142).
    fn rounds_line(&mut self, l: &RecordLine) -> Result<(), InputError> {
        let n = l.n;
        let rest = l.rest;
        let words = l.words;
        let source = l.source;
        let r = words
            .first()
            .and_then(|w| w.parse::<u32>().ok())
            .filter(|&r| r > 0);
        self.rounds = Some(r.ok_or_else(|| {
            err(
                source,
                n,
                "rounds",
                format!("\"{rest}\" is not a number of rounds"),
            )
        })?);
        Ok(())
    }

    /// The initial colour (XXC or 152): white1 or black1.
    fn colour_line(&mut self, l: &RecordLine) -> Result<(), InputError> {
        let n = l.n;
        let rest = l.rest;
        let words = l.words;
        let source = l.source;
        let w = words
            .first()
            .map(|w| w.to_ascii_lowercase())
            .unwrap_or_default();
        self.initial_colour = Some(match w.as_str() {
            "white1" | "w" | "white" => Colour::White,
            "black1" | "b" | "black" => Colour::Black,
            _ => {
                return Err(err(
                    source,
                    n,
                    "initial colour",
                    format!("\"{rest}\" is not white1 or black1 (W or B)"),
                ))
            }
        });
        Ok(())
    }

    /// What a result or bye is worth (BBW, BBD, BBL, BBZ, BBF, BBU).
    fn points_line(&mut self, l: &RecordLine) -> Result<(), InputError> {
        let n = l.n;
        let rest = l.rest;
        let words = l.words;
        let source = l.source;
        let tag = l.tag;
        let p = words.first().and_then(|w| result_points(w)).ok_or_else(|| {
            err(
                source,
                n,
                "points",
                format!(
                    "\"{rest}\" is not a number of points from 0 to {MAX_POINTS} in half points, such as 1.0"
                ),
            )
        })?;
        let ps = &mut self.points;
        match tag {
            "BBW" => {
                ps.win = p;
                ps.forfeit_win = p;
            }
            "BBD" => ps.draw = p,
            "BBL" => ps.loss = p,
            "BBZ" => self.zero_bye = p,
            "BBF" => ps.forfeit_loss = p,
            _ => ps.pairing_bye = p,
        }
        Ok(())
    }

    /// The 162 record's scoring system: a code at column 6, its points in
    /// 7-10, then every 9 columns.
    fn scoring_line(&mut self, l: &RecordLine) -> Result<(), InputError> {
        let chars = l.chars;
        let n = l.n;
        let source = l.source;
        // Code at column 6, points in 7-10, then every 9 columns.
        let mut at = 5;
        while at < chars.len() {
            let code = chars[at];
            if code == ' ' {
                break;
            }
            let value = cut(chars, at + 1, at + 5);
            let p = result_points(&value).ok_or_else(|| {
                err(
                    source,
                    n,
                    format!("column {}", at + 2),
                    format!("\"{value}\" is not a number of points from 0 to {MAX_POINTS}"),
                )
            })?;
            let ps = &mut self.points;
            match code {
                'W' => {
                    ps.win = p;
                    ps.forfeit_win = p;
                }
                'D' => ps.draw = p,
                'L' => ps.loss = p,
                'A' => {
                    self.zero_bye = p;
                    ps.forfeit_loss = p;
                }
                'P' => ps.pairing_bye = p,
                'X' => {}
                c => {
                    return Err(err(
                        source,
                        n,
                        format!("column {}", at + 1),
                        format!("result code '{c}' is not one of W D L A P X"),
                    ))
                }
            }
            at += 9;
        }
        Ok(())
    }

    /// The 192 record's pairing system: only the Dutch system is known.
    fn system_line(&mut self, l: &RecordLine) -> Result<(), InputError> {
        let n = l.n;
        let rest = l.rest;
        let source = l.source;
        let system = rest.to_ascii_uppercase();
        if !system.contains("DUTCH") {
            return Err(err(
                source,
                n,
                "system",
                format!("the file asks for the pairing system \"{rest}\"; only the FIDE Dutch system is known"),
            ));
        }
        Ok(())
    }

    /// Players who may not meet (XXP), in any round.
    fn forbidden_line(&mut self, l: &RecordLine) -> Result<(), InputError> {
        let n = l.n;
        let rest = l.rest;
        let words = l.words;
        let source = l.source;
        let nums: Vec<u32> = words.iter().filter_map(|w| w.parse().ok()).collect();
        if nums.len() < 2 || nums.len() != words.len() {
            return Err(err(
                source,
                n,
                "players",
                format!("\"{rest}\" is not two or more start numbers"),
            ));
        }
        let mut nums = nums;
        nums.sort_unstable();
        nums.dedup();
        self.forbidden.push(Forbidden {
            players: nums,
            first: 1,
            last: u32::MAX,
            line: n,
        });
        Ok(())
    }

    /// Players who may not meet (260) from a first to a last round.
    fn forbidden_rounds_line(&mut self, l: &RecordLine) -> Result<(), InputError> {
        let n = l.n;
        let rest = l.rest;
        let words = l.words;
        let source = l.source;
        let nums: Vec<u32> = words.iter().filter_map(|w| w.parse().ok()).collect();
        if nums.len() < 4 || nums.len() != words.len() {
            return Err(err(
                source,
                n,
                "players",
                format!("\"{rest}\" is not first round, last round and two or more players"),
            ));
        }
        let mut players = nums[2..].to_vec();
        players.sort_unstable();
        players.dedup();
        self.forbidden.push(Forbidden {
            players,
            first: nums[0],
            last: nums[1],
            line: n,
        });
        Ok(())
    }

    /// Requested byes (240): their kind, a round and start numbers.
    fn byes_line(&mut self, l: &RecordLine) -> Result<(), InputError> {
        let n = l.n;
        let rest = l.rest;
        let words = l.words;
        let source = l.source;
        let kind = match words.first().copied() {
            Some("F") => ByeKind::RequestedFull,
            Some("H") => ByeKind::RequestedHalf,
            Some("Z") => ByeKind::RequestedZero,
            _ => {
                return Err(err(
                    source,
                    n,
                    "column 5",
                    "the kind of bye is not F, H or Z",
                ))
            }
        };
        let nums: Vec<u32> = words[1..].iter().filter_map(|w| w.parse().ok()).collect();
        if nums.len() < 2 || nums.len() + 1 != words.len() {
            return Err(err(
                source,
                n,
                "players",
                format!("\"{rest}\" is not a round and start numbers"),
            ));
        }
        for &p in &nums[1..] {
            self.byes.push((nums[0], p, kind));
        }
        Ok(())
    }

    /// An acceleration (250): points for a range of rounds and players.
    fn acceleration_line(&mut self, l: &RecordLine) -> Result<(), InputError> {
        let chars = l.chars;
        let n = l.n;
        let source = l.source;
        // Fictitious points (10-13), rounds (15-17, 19-21), players (23-26, 28-31).
        let pts = result_points(&cut(chars, 9, 13));
        let nums: Vec<Option<u32>> = [(14, 17), (18, 21), (22, 26), (27, 31)]
            .iter()
            .map(|&(a, b)| cut(chars, a, b).parse().ok())
            .collect();
        match (pts, nums[0], nums[1], nums[2], nums[3]) {
            (Some(p), Some(r1), Some(r2), Some(a), Some(b)) if r1 <= r2 && a <= b => {
                self.acceleration.push(Acceleration {
                    rounds: (r1, r2),
                    players: (a, b),
                    points: p,
                });
            }
            _ => return Err(err(source, n, "acceleration", format!("a 250 record needs points from 0 to {MAX_POINTS} (columns 10-13), a first and last round, a first and last player (first no later than last)"))),
        }
        Ok(())
    }

    /// A player's acceleration points round by round (XXA).
    fn player_acceleration_line(&mut self, l: &RecordLine) -> Result<(), InputError> {
        let n = l.n;
        let words = l.words;
        let source = l.source;
        let pl = words
            .first()
            .and_then(|w| w.parse::<u32>().ok())
            .ok_or_else(|| {
                err(
                    source,
                    n,
                    "player",
                    "an XXA line starts with the player's start number",
                )
            })?;
        for (r, w) in words[1..].iter().enumerate() {
            let p = result_points(w).ok_or_else(|| {
                err(
                    source,
                    n,
                    format!("round {}", r + 1),
                    format!("\"{w}\" is not a number of points from 0 to {MAX_POINTS}"),
                )
            })?;
            let r = u32::try_from(r + 1).unwrap_or(u32::MAX);
            self.acceleration.push(Acceleration {
                rounds: (r, r),
                players: (pl, pl),
                points: p,
            });
        }
        Ok(())
    }
    /// The number of the first round in which nobody has a game or a
    /// pairing-allocated bye.
    pub fn next_round(&self) -> u32 {
        let paired = |c: &Cell| {
            c.opponent != 0 || matches!(c.code, 'U' | '+' | '-' | '1' | '0' | '=' | 'W' | 'D' | 'L')
        };
        let last = self
            .players
            .iter()
            .flat_map(|p| {
                p.cells
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| paired(c))
                    .map(|(r, _)| r + 1)
            })
            .max()
            .unwrap_or(0);
        last as u32 + 1
    }

    /// Games agree on both lines, and the score column is the sum.
    fn check(&self) -> Result<(), InputError> {
        let index: HashMap<u32, usize> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.number, i))
            .collect();
        let mut seen = HashMap::new();
        for p in &self.players {
            if let Some(first) = seen.insert(p.number, p.line) {
                return Err(err(
                    &self.source,
                    p.line,
                    "column 5",
                    format!("start number {} is also on line {first}", p.number),
                ));
            }
        }
        for g in &self.forbidden {
            if let Some(missing) = g.players.iter().find(|n| !index.contains_key(n)) {
                return Err(err(
                    &self.source,
                    g.line,
                    "players",
                    format!("start number {missing} has no player line (001) in the file"),
                ));
            }
        }
        for p in &self.players {
            let mut total = Points::ZERO;
            for (r, c) in p.cells.iter().enumerate() {
                total += self.cell_points(c);
                if c.opponent == 0 {
                    continue;
                }
                let back = index
                    .get(&c.opponent)
                    .and_then(|&o| self.players[o].cells.get(r));
                let ok = back.is_some_and(|b| {
                    b.opponent == p.number && (b.colour != c.colour || c.colour.is_none())
                });
                if !ok {
                    return Err(err(
                        &self.source,
                        p.line,
                        format!("column {}", c.column),
                        format!(
                            "round {}: player {} is paired with {}, whose line does not list {} back in that round with the other colour",
                            r + 1,
                            p.number,
                            c.opponent,
                            p.number
                        ),
                    ));
                }
            }
            if let Some(points) = p.points {
                if points != total {
                    return Err(err(
                        &self.source,
                        p.line,
                        "column 81",
                        format!(
                            "player {} has {} in the points column but the results add up to {}",
                            p.number, points, total
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The forbidden pairs of round `round`, lower number first, each
    /// once: only the players of the file can be in a pair, so there are at
    /// most as many as pairs of players.
    fn forbidden_in(&self, round: u32) -> Vec<(u32, u32)> {
        let mut pairs = std::collections::HashSet::new();
        for g in &self.forbidden {
            if g.first <= round && round <= g.last {
                for (k, &a) in g.players.iter().enumerate() {
                    for &b in &g.players[k + 1..] {
                        pairs.insert((a.min(b), a.max(b)));
                    }
                }
            }
        }
        let mut pairs: Vec<(u32, u32)> = pairs.into_iter().collect();
        pairs.sort_unstable();
        pairs
    }

    /// Each player's acceleration in round `round`: the last record (in
    /// file order) whose ranges hold the player and the round. A sweep over
    /// the players in number order with the records open at each, so a
    /// record covering every player costs its two ends, not every player.
    fn acceleration_in(&self, round: u32) -> HashMap<u32, Points> {
        let records: Vec<(usize, &Acceleration)> = self
            .acceleration
            .iter()
            .enumerate()
            .filter(|(_, a)| a.rounds.0 <= round && round <= a.rounds.1)
            .collect();
        let mut starts: Vec<(u32, usize)> =
            records.iter().map(|&(k, a)| (a.players.0, k)).collect();
        starts.sort_unstable();
        let mut numbers: Vec<u32> = self.players.iter().map(|p| p.number).collect();
        numbers.sort_unstable();
        // Open records, latest first; a record is dropped once passed.
        let mut open = std::collections::BinaryHeap::new();
        let mut next = 0;
        let mut out = HashMap::new();
        for n in numbers {
            while next < starts.len() && starts[next].0 <= n {
                open.push(starts[next].1);
                next += 1;
            }
            while open
                .peek()
                .is_some_and(|&k| self.acceleration[k].players.1 < n)
            {
                open.pop();
            }
            if let Some(&k) = open.peek() {
                out.insert(n, self.acceleration[k].points);
            }
        }
        out
    }

    fn cell_points(&self, c: &Cell) -> Points {
        let ps = &self.points;
        match c.code {
            '1' | 'W' | '+' => ps.win,
            '=' | 'D' => ps.draw,
            '0' | 'L' => ps.loss,
            '-' => ps.forfeit_loss,
            'H' => ps.draw,
            'F' => ps.win,
            'U' => ps.pairing_bye,
            'Z' => self.zero_bye,
            _ => Points::ZERO,
        }
    }

    /// The field for round `round` (default: [`PairingFile::next_round`]).
    pub fn field(&self, round: Option<u32>) -> Result<Field, InputError> {
        let next = self.next_round();
        let round = round.unwrap_or(next);
        if round == 0 {
            return Err(
                InputError::new(&self.source, "round 0: rounds are numbered from 1")
                    .field("--round"),
            );
        }
        if round < next {
            return Err(InputError::new(
                &self.source,
                format!(
                    "round {round} already has games in the file; the next round to pair is {next}"
                ),
            )
            .field("--round"));
        }
        if round > next {
            return Err(InputError::new(
                &self.source,
                format!(
                    "round {round} cannot be paired before round {next}, which has no games yet"
                ),
            )
            .field("--round"));
        }
        let total = self.rounds.unwrap_or(round);
        if round > total {
            return Err(InputError::new(
                &self.source,
                format!("round {round} is beyond the {total} rounds the file plans (XXR / 142)"),
            )
            .field("--round"));
        }
        let r = round as usize;
        // The last 240 record naming a player in this round counts.
        let byes: HashMap<u32, ByeKind> = self
            .byes
            .iter()
            .filter(|&&(br, _, _)| br == round)
            .map(|&(_, pl, kind)| (pl, kind))
            .collect();
        let accelerated = self.acceleration_in(round);
        let mut entrants = Vec::new();
        for p in &self.players {
            let mut history = Vec::new();
            for k in 0..r - 1 {
                history.push(match p.cells.get(k) {
                    None => Past::Absent,
                    Some(c) => self.past(c),
                });
            }
            let mut requested = p.cells.get(r - 1).and_then(|c| match c.code {
                'H' => Some(ByeKind::RequestedHalf),
                'F' => Some(ByeKind::RequestedFull),
                'Z' => Some(ByeKind::RequestedZero),
                _ => None,
            });
            if let Some(&kind) = byes.get(&p.number) {
                requested = Some(kind);
            }
            let acceleration = accelerated.get(&p.number).copied().unwrap_or(Points::ZERO);
            entrants.push(Entrant {
                number: p.number,
                rating: p.rating,
                title: p.title.clone(),
                name: p.name.clone(),
                history,
                available: requested.is_none(),
                requested_bye: requested,
                acceleration,
                club: String::new(),
            });
        }
        entrants.sort_by_key(|e| e.number);
        if !entrants.iter().any(|e| e.available) {
            return Err(InputError::new(
                &self.source,
                format!("round {round}: nobody is left to pair (every player has a bye)"),
            ));
        }
        let initial_colour = self
            .initial_colour
            .unwrap_or_else(|| self.inferred_initial_colour());
        let forbidden = self.forbidden_in(round);
        Ok(Field {
            round,
            total_rounds: total,
            initial_colour,
            points: self.points,
            forbidden,
            entrants,
        })
    }

    /// The initial colour of a file without `XXC` or `152`: the colour of
    /// the first player (by start number) paired in round 1. By 5.2.5 the
    /// top pairing number of the round-1 pairing had the initial colour,
    /// and a player who was not paired then (a bye asked for, not yet
    /// entered) held no number in it: when player 1 missed round 1, the
    /// colour is player 2's (or the next one paired), unturned whatever his
    /// number. bbpPairings (FIDE-endorsed) infers it so. Strictly, as it
    /// does: the first round in which any game has a colour is read, and if
    /// the first player paired has no colour there (a bye), the next one's
    /// is taken, turned over when his place among the players paired is
    /// even. White when no game has a colour yet.
    fn inferred_initial_colour(&self) -> Colour {
        let Some(first) = self
            .players
            .iter()
            .filter_map(|p| p.cells.iter().position(|c| c.colour.is_some()))
            .min()
        else {
            return Colour::White;
        };
        let mut players: Vec<&FilePlayer> = self.players.iter().collect();
        players.sort_by_key(|p| p.number);
        let was_paired = |c: &Cell| c.opponent != 0 || matches!(c.code, 'U' | '+');
        players
            .iter()
            .filter(|p| p.cells.iter().take(first + 1).any(was_paired))
            .enumerate()
            .find_map(|(place, p)| {
                let colour = p.cells.get(first)?.colour?;
                Some(if place % 2 == 0 {
                    colour
                } else {
                    colour.opposite()
                })
            })
            .unwrap_or(Colour::White)
    }

    fn past(&self, c: &Cell) -> Past {
        let points = self.cell_points(c);
        if c.opponent == 0 {
            return match c.code {
                'U' | '1' | 'W' => Past::Bye {
                    kind: ByeKind::PairingAllocated,
                    points,
                },
                'F' => Past::Bye {
                    kind: ByeKind::RequestedFull,
                    points,
                },
                'H' | '=' | 'D' => Past::Bye {
                    kind: ByeKind::RequestedHalf,
                    points,
                },
                'Z' | '0' | 'L' => Past::Bye {
                    kind: ByeKind::RequestedZero,
                    points,
                },
                '+' | '-' => Past::Bye {
                    kind: if c.code == '+' {
                        ByeKind::RequestedFull
                    } else {
                        ByeKind::RequestedZero
                    },
                    points,
                },
                _ => Past::Absent,
            };
        }
        let colour = c.colour.unwrap_or(Colour::White);
        match c.code {
            '+' | '-' => Past::Forfeit {
                opponent: c.opponent,
                colour,
                points,
            },
            _ => Past::Played {
                opponent: c.opponent,
                colour,
                points,
            },
        }
    }

    /// The file with round `round`'s pairing written in: each game's cells
    /// with the colours and no result yet, the pairing-allocated bye as
    /// `0000 - U`, requested byes as they were; the `XXR` line added when
    /// the file had none.
    pub fn with_pairing(&self, round: u32, pairing: &Pairing) -> String {
        let mut cells: HashMap<u32, String> = HashMap::new();
        for b in &pairing.boards {
            cells.insert(b.white, format!("{:>4} w  ", b.black));
            cells.insert(b.black, format!("{:>4} b  ", b.white));
        }
        for &(p, kind) in &pairing.byes {
            let code = match kind {
                ByeKind::PairingAllocated => 'U',
                ByeKind::RequestedFull => 'F',
                ByeKind::RequestedHalf => 'H',
                ByeKind::RequestedZero => 'Z',
            };
            cells.insert(p, format!("0000 - {code}"));
        }
        let by_line: HashMap<usize, u32> =
            self.players.iter().map(|p| (p.line, p.number)).collect();
        let mut out = String::new();
        if self.rounds.is_none() {
            out.push_str(&format!("XXR {}\n", self.rounds.unwrap_or(round)));
        }
        let from = ROUNDS_FROM + (round as usize - 1) * BLOCK;
        for (i, line) in self.lines.iter().enumerate() {
            let Some(number) = by_line.get(&(i + 1)) else {
                out.push_str(line);
                out.push('\n');
                continue;
            };
            let mut chars: Vec<char> = line.chars().collect();
            chars.truncate(from);
            while chars.len() < from {
                chars.push(' ');
            }
            let mut text: String = chars.into_iter().collect();
            if let Some(cell) = cells.get(number) {
                text.push_str(cell);
            }
            out.push_str(text.trim_end());
            out.push('\n');
        }
        out
    }
}

fn player_line(chars: &[char], n: usize, source: &str) -> Result<FilePlayer, InputError> {
    let number = cut(chars, 4, 8)
        .parse::<u32>()
        .ok()
        .filter(|&s| s > 0)
        .ok_or_else(|| {
            err(
                source,
                n,
                "column 5",
                format!(
                    "start number \"{}\" is not a number from 1",
                    cut(chars, 4, 8)
                ),
            )
        })?;
    let rating_text = cut(chars, 48, 52);
    let rating = if rating_text.is_empty() {
        0
    } else {
        rating_text.parse().map_err(|_| {
            err(
                source,
                n,
                "column 49",
                format!("rating \"{rating_text}\" is not a number"),
            )
        })?
    };
    let points_text = cut(chars, 80, 84);
    let points = if points_text.is_empty() {
        None
    } else {
        Some(half_points(&points_text).ok_or_else(|| {
            err(
                source,
                n,
                "column 81",
                format!("points \"{points_text}\" are not a number of half-points such as 3.5"),
            )
        })?)
    };
    let mut cells = Vec::new();
    let mut from = ROUNDS_FROM;
    while from < chars.len() {
        cells.push(round_cell(chars, from, cells.len() + 1, n, source)?);
        from += BLOCK;
    }
    while cells
        .last()
        .is_some_and(|c| c.opponent == 0 && c.code == ' ')
    {
        cells.pop();
    }
    Ok(FilePlayer {
        line: n,
        number,
        title: cut(chars, 10, 13),
        name: cut(chars, 14, 47),
        rating,
        points,
        cells,
    })
}

/// The round block at `from` (0-based) of line `n`, round `round`:
/// opponent, colour and result code, checked against each other.
fn round_cell(
    chars: &[char],
    from: usize,
    round: usize,
    n: usize,
    source: &str,
) -> Result<Cell, InputError> {
    let column = from + 1;
    let opp_text = cut(chars, from, from + 4);
    let opponent = if opp_text.is_empty() {
        0
    } else {
        opp_text.parse::<u32>().map_err(|_| {
            err(
                source,
                n,
                format!("column {column}"),
                format!("round {round}: opponent \"{opp_text}\" is not a start number"),
            )
        })?
    };
    let colour = match chars.get(from + 5).copied().unwrap_or(' ') {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        '-' | ' ' => None,
        c => {
            return Err(err(
                source,
                n,
                format!("column {}", column + 5),
                format!("round {round}: colour '{c}' is not w, b or -"),
            ))
        }
    };
    let code = chars
        .get(from + 7)
        .copied()
        .unwrap_or(' ')
        .to_ascii_uppercase();
    let known = if opponent == 0 {
        "HFUZ+-10=WDL "
    } else {
        "10=WDL+-"
    };
    if !known.contains(code) {
        return Err(err(
            source,
            n,
            format!("column {}", column + 7),
            format!(
                "round {round}: result code '{code}' does not fit {}",
                if opponent == 0 {
                    "a bye (H F U Z)"
                } else {
                    "a game (1 = 0 + - W D L)"
                }
            ),
        ));
    }
    if opponent != 0 && colour.is_none() {
        return Err(err(
            source,
            n,
            format!("column {}", column + 5),
            format!("round {round}: a game against {opponent} needs the colour w or b"),
        ));
    }
    Ok(Cell {
        opponent,
        colour,
        code,
        column,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: u32, points: &str, cells: &str) -> String {
        format!(
            "001 {n:>4}      {:<33} {:>4}{:28}{points:>4}{:7}{cells}\n",
            format!("Player{n}"),
            2000 - n,
            "",
            ""
        )
    }

    #[test]
    fn extensions_and_2026_records_reach_the_field() {
        let mut text = String::from("XXR 7\nXXC black1\nBBW 3.0\nBBD 1.0\nXXP 1 4\n");
        text.push_str("260 002 003    2    3\n240 H 002    5\n");
        text.push_str("250 00.0 01.0 001 002 0001 0002\n");
        text.push_str(&line(1, "3.0", "   2 w 1"));
        text.push_str(&line(2, "0.0", "   1 b 0"));
        text.push_str(&line(3, "1.0", "   4 w ="));
        text.push_str(&line(4, "1.0", "   3 b ="));
        text.push_str(&line(5, "1.0", "0000 - U"));
        let f = PairingFile::read(text.as_bytes(), "t.trf").unwrap();
        let field = f.field(None).unwrap();
        assert_eq!(field.round, 2);
        assert_eq!(field.total_rounds, 7);
        assert_eq!(field.initial_colour, Colour::Black);
        assert_eq!(field.points.win, Points::whole(3));
        assert_eq!(field.points.draw, Points::ONE);
        assert_eq!(field.forbidden, vec![(1, 4), (2, 3)]);
        let five = &field.entrants[4];
        assert_eq!(five.requested_bye, Some(ByeKind::RequestedHalf));
        assert!(!five.available);
        assert_eq!(field.entrants[0].acceleration, Points::ONE);
        assert_eq!(field.entrants[2].acceleration, Points::ZERO);
        assert_eq!(
            field.entrants[4].history,
            vec![Past::Bye {
                kind: ByeKind::PairingAllocated,
                points: Points::whole(1)
            }]
        );
        assert_eq!(field.entrants[0].score(), Points::whole(3));
    }

    /// Without `XXC`, the initial colour is the colour of the first player
    /// paired in round 1, as it is: player 1 asked for a bye in round 1, so
    /// player 2 was the top pairing number of that pairing and had the
    /// initial colour, Black, by 5.2.5 (turning it over because 2 is even
    /// gave White).
    #[test]
    fn without_xxc_the_initial_colour_is_the_first_paired_players_round_1_colour() {
        let mut text = String::from("XXR 5\n");
        text.push_str(&line(1, "0.5", "0000 - H"));
        text.push_str(&line(2, "1.0", "   4 b 1"));
        text.push_str(&line(3, "0.0", "   5 w 0"));
        text.push_str(&line(4, "0.0", "   2 w 0"));
        text.push_str(&line(5, "1.0", "   3 b 1"));
        let f = PairingFile::read(text.as_bytes(), "t.trf").unwrap();
        assert_eq!(f.field(None).unwrap().initial_colour, Colour::Black);
        // Player 1 paired in round 1: his own colour, White here.
        let mut text = String::from("XXR 5\n");
        text.push_str(&line(1, "1.0", "   2 w 1"));
        text.push_str(&line(2, "0.0", "   1 b 0"));
        let f = PairingFile::read(text.as_bytes(), "t.trf").unwrap();
        assert_eq!(f.field(None).unwrap().initial_colour, Colour::White);
    }

    /// The first player paired in round 1 has no colour (he had the
    /// pairing-allocated bye, in a field of one game): the next one paired
    /// gives it, turned over as the second pairing number of round 1.
    #[test]
    fn without_xxc_a_first_player_without_a_colour_passes_to_the_next() {
        let mut text = String::from("XXR 5\n");
        text.push_str(&line(1, "1.0", "0000 - U"));
        text.push_str(&line(2, "1.0", "   3 w 1"));
        text.push_str(&line(3, "0.0", "   2 b 0"));
        let f = PairingFile::read(text.as_bytes(), "t.trf").unwrap();
        assert_eq!(f.field(None).unwrap().initial_colour, Colour::Black);
    }

    #[test]
    fn a_requested_bye_cell_in_the_round_to_pair_leaves_the_player_out() {
        let mut text = String::from("XXR 3\n");
        text.push_str(&line(1, "1.0", "   2 w 1  0000 - Z"));
        text.push_str(&line(2, "0.0", "   1 b 0"));
        let f = PairingFile::read(text.as_bytes(), "t.trf").unwrap();
        let field = f.field(None).unwrap();
        assert_eq!(field.round, 2);
        assert_eq!(
            field.entrants[0].requested_bye,
            Some(ByeKind::RequestedZero)
        );
        assert_eq!(field.entrants[0].history.len(), 1);
    }

    #[test]
    fn the_last_acceleration_record_holding_a_player_counts() {
        let mut text = String::from("XXR 3\n");
        // 1-10 get 1.0, then 3-5 0.5, then 4 nothing (rounds 1-2 only),
        // then XXA gives 7 1.5 in round 1.
        text.push_str("250 00.0 01.0 001 003 0001 0010\n");
        text.push_str("250 00.0 00.5 001 002 0003 0005\n");
        text.push_str("250 00.0 00.0 001 002 0004 0004\n");
        text.push_str("XXA 0007 1.5 0.0\n");
        text.push_str("XXP 0002 0001 0002 0003\n");
        for n in 1..=10 {
            text.push_str(&line(n, "", ""));
        }
        let f = PairingFile::read(text.as_bytes(), "t.trf").unwrap();
        let field = f.field(None).unwrap();
        let got: Vec<i32> = field
            .entrants
            .iter()
            .map(|e| e.acceleration.halves())
            .collect();
        assert_eq!(got, vec![2, 2, 1, 0, 1, 2, 3, 2, 2, 2]);
        assert_eq!(field.forbidden, vec![(1, 2), (1, 3), (2, 3)]);
    }

    #[test]
    fn a_bye_code_with_an_opponent_is_refused_with_its_column() {
        let text = line(1, "0.0", "   2 w H");
        let e = PairingFile::read(text.as_bytes(), "t.trf").unwrap_err();
        assert_eq!(e.line, Some(1));
        assert_eq!(e.field.as_deref(), Some("column 99"));
    }
}
