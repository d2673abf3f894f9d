//! A team event as plain data: the rules, the teams, and each round's
//! matches and byes, with the checks a secretary's entries must pass.
//!
//! This is the shape the store builds from the database (and the tests build
//! by hand). Matches are stored once per round, not once per team, so the two
//! sides of a match can never disagree; each team's view of a round
//! ([`super::TeamRound`]) is derived from them.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use crate::domain::score::Points;
use crate::domain::tiebreak::{TeamCode, Tiebreak};

pub use crate::domain::ids::PlayerId;

/// What the standings are ranked on before any tiebreak.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RankBy {
    /// Match points (the default, spec §2).
    MatchPoints,
    /// Game (board) points, as some leagues and FIDE C.07 art. 11 allow.
    GamePoints,
}

/// How a team event scores matches and byes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRules {
    /// Boards per match (games per match).
    pub boards: u32,
    /// Match points for a match won, drawn, lost (1/½/0 by default; 2/1/0
    /// is the usual alternative).
    pub match_win: Points,
    /// Match points for a match drawn.
    pub match_draw: Points,
    /// Match points for a match lost.
    pub match_loss: Points,
    /// Match points for a team bye (spec decision 10: a match win).
    pub bye_match_points: Points,
    /// Game points for a team bye (spec decision 10: every board, e.g. 4).
    pub bye_game_points: Points,
    /// What ranks the teams first: match points or game points.
    pub rank_by: RankBy,
    /// The event's preferred USAT variant (spec decision 7): ×2 and less ½
    /// per opponent bye by default. These do not change what a code
    /// computes (`usat` is always ×2 and adjusted, `usat/x1/raw` never);
    /// they choose which code [`TeamRules::usat`] names for the event.
    pub usat_doubled: bool,
    /// Whether the event's USAT code takes ½ off per opponent bye.
    pub usat_adjusted: bool,
}

impl TeamRules {
    /// The defaults of spec §2 and decisions 7 and 10: match points 1/½/0,
    /// a bye worth a match win and every board, ranked on match points,
    /// USAT doubled and adjusted for byes.
    pub fn new(boards: u32) -> TeamRules {
        TeamRules {
            boards,
            match_win: Points::ONE,
            match_draw: Points::HALF,
            match_loss: Points::ZERO,
            bye_match_points: Points::ONE,
            bye_game_points: Points::whole(boards as i32),
            rank_by: RankBy::MatchPoints,
            usat_doubled: true,
            usat_adjusted: true,
        }
    }

    /// Another match-point scale (e.g. 2/1/0); a bye stays worth a match win.
    pub fn with_match_points(mut self, win: Points, draw: Points, loss: Points) -> TeamRules {
        self.match_win = win;
        self.match_draw = draw;
        self.match_loss = loss;
        self.bye_match_points = win;
        self
    }

    /// A team bye worth these match and game points instead of the defaults.
    pub fn with_bye(mut self, match_points: Points, game_points: Points) -> TeamRules {
        self.bye_match_points = match_points;
        self.bye_game_points = game_points;
        self
    }

    /// Rank the teams by `rank_by` instead of match points.
    pub fn ranked_by(mut self, rank_by: RankBy) -> TeamRules {
        self.rank_by = rank_by;
        self
    }

    /// Game points of a whole match: one per board.
    pub fn match_game_points(&self) -> Points {
        Points::whole(self.boards as i32)
    }

    /// Half a match win: what an unplayed round counts for in an opponent's
    /// adjusted score (US Chess 34E's "½", on the event's match-point scale).
    pub fn half_win(&self) -> Points {
        Points(self.match_win.halves() / 2)
    }

    /// The USAT code matching the event's `usat_doubled` / `usat_adjusted`
    /// options, for building the event's tiebreak order.
    pub fn usat(&self) -> Tiebreak {
        Tiebreak::Team(TeamCode::Usat {
            doubled: self.usat_doubled,
            adjusted: self.usat_adjusted,
        })
    }

    /// Check the rules make sense; the message says what to change.
    pub fn check(&self) -> Result<(), String> {
        if self.boards == 0 {
            return Err("a team match needs at least one board".into());
        }
        if self.match_win.halves() % 2 != 0 {
            return Err(format!(
                "a match win of {} match points is not supported: use a whole number \
                 (an unplayed round counts half a match win in opponents' tiebreaks)",
                self.match_win
            ));
        }
        if !(self.match_win > self.match_draw && self.match_draw >= self.match_loss) {
            return Err(format!(
                "match points must fall from win to draw to loss (given {}/{}/{})",
                self.match_win, self.match_draw, self.match_loss
            ));
        }
        if self.bye_game_points > self.match_game_points() || self.bye_game_points < Points::ZERO {
            return Err(format!(
                "a team bye worth {} game points on {} boards: give at most one per board",
                self.bye_game_points, self.boards
            ));
        }
        Ok(())
    }
}

/// A change to an event's team rules, as `league team edit` gives it: each
/// field left `None` keeps its value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesEdit {
    /// Boards per match.
    pub boards: Option<u32>,
    /// Match points for a win, a draw and a loss.
    pub match_points: Option<(Points, Points, Points)>,
    /// Game points a team bye is worth.
    pub bye_game_points: Option<Points>,
    /// Match points a team bye is worth.
    pub bye_match_points: Option<Points>,
    /// What the standings are ranked on.
    pub rank_by: Option<RankBy>,
    /// The USAT tiebreak's scale: ×2 (`true`) or ×1.
    pub usat_doubled: Option<bool>,
    /// The USAT tiebreak: count an opponent's byes as ½ (`true`) or as awarded.
    pub usat_adjusted: Option<bool>,
}

impl RulesEdit {
    /// Whether the edit changes nothing.
    pub fn is_empty(&self) -> bool {
        *self == RulesEdit::default()
    }
}

impl TeamRules {
    /// These rules with `edit` made. Our choice where the secretary changes
    /// one rule that another follows by default: a bye worth every board
    /// stays worth every board when the boards change, and a bye worth a
    /// match win stays worth a match win when the match points change; a
    /// bye's value given in the same edit wins over both.
    pub fn edited(&self, edit: &RulesEdit) -> TeamRules {
        let old = self;
        let mut new = old.clone();
        if let Some(b) = edit.boards {
            new.boards = b;
            if old.bye_game_points == old.match_game_points() {
                new.bye_game_points = new.match_game_points();
            }
        }
        if let Some((w, d, l)) = edit.match_points {
            let bye_was_win = old.bye_match_points == old.match_win;
            new = new.with_match_points(w, d, l);
            if !bye_was_win {
                new.bye_match_points = old.bye_match_points;
            }
        }
        if let Some(p) = edit.bye_game_points {
            new.bye_game_points = p;
        }
        if let Some(p) = edit.bye_match_points {
            new.bye_match_points = p;
        }
        if let Some(r) = edit.rank_by {
            new.rank_by = r;
        }
        if let Some(d) = edit.usat_doubled {
            new.usat_doubled = d;
        }
        if let Some(a) = edit.usat_adjusted {
            new.usat_adjusted = a;
        }
        new
    }
}

#[cfg(test)]
mod edit_tests {
    use super::*;

    #[test]
    fn a_bye_worth_every_board_follows_the_boards() {
        let r = TeamRules::new(4).edited(&RulesEdit {
            boards: Some(6),
            ..RulesEdit::default()
        });
        assert_eq!(r.boards, 6);
        assert_eq!(r.bye_game_points, Points::whole(6));
    }

    #[test]
    fn a_bye_worth_less_than_every_board_keeps_its_value() {
        let r = TeamRules::new(4)
            .with_bye(Points::ONE, Points::whole(2))
            .edited(&RulesEdit {
                boards: Some(6),
                ..RulesEdit::default()
            });
        assert_eq!(r.bye_game_points, Points::whole(2));
    }

    #[test]
    fn a_bye_worth_a_match_win_follows_the_match_points() {
        let scale = Some((Points::whole(2), Points::ONE, Points::ZERO));
        let r = TeamRules::new(4).edited(&RulesEdit {
            match_points: scale,
            ..RulesEdit::default()
        });
        assert_eq!(r.bye_match_points, Points::whole(2));
        let drawn_bye = TeamRules::new(4)
            .with_bye(Points::HALF, Points::whole(4))
            .edited(&RulesEdit {
                match_points: scale,
                ..RulesEdit::default()
            });
        assert_eq!(drawn_bye.match_win, Points::whole(2));
        assert_eq!(drawn_bye.bye_match_points, Points::HALF);
    }

    #[test]
    fn a_bye_value_given_wins_over_the_default_it_would_follow() {
        let r = TeamRules::new(4).edited(&RulesEdit {
            boards: Some(6),
            match_points: Some((Points::whole(2), Points::ONE, Points::ZERO)),
            bye_game_points: Some(Points::whole(3)),
            bye_match_points: Some(Points::ONE),
            ..RulesEdit::default()
        });
        assert_eq!(r.bye_game_points, Points::whole(3));
        assert_eq!(r.bye_match_points, Points::ONE);
    }

    #[test]
    fn an_empty_edit_changes_nothing() {
        assert!(RulesEdit::default().is_empty());
        let r = TeamRules::new(4);
        assert_eq!(r.edited(&RulesEdit::default()), r);
    }
}

/// A team in the event. Its index in [`TeamEvent::teams`] is its identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    /// The team's name.
    pub name: String,
    /// A short code for narrow tables ("GMA"), if the secretary gave one.
    pub short: Option<String>,
}

impl Team {
    /// A team called `name`, with no short name.
    pub fn new(name: impl Into<String>) -> Team {
        Team {
            name: name.into(),
            short: None,
        }
    }

    /// The same team with a short name for crosstables.
    pub fn with_short(mut self, short: impl Into<String>) -> Team {
        self.short = Some(short.into());
        self
    }
}

/// One side of a match. The home team is the first-named one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first-named team.
    Home,
    /// The second-named team.
    Away,
}

/// The result of one board's game, from the home (first-named) side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardOutcome {
    /// The home player won over the board.
    HomeWin,
    /// A draw over the board.
    Draw,
    /// The away player won over the board.
    AwayWin,
    /// The away player did not appear: the point goes to the home side.
    HomeForfeitWin,
    /// The home player did not appear: the point goes to the away side.
    AwayForfeitWin,
    /// Neither player appeared: 0-0.
    DoubleForfeit,
    /// Played, and lost by both players (an arbiter's decision): 0-0, a
    /// board played over the board that neither side scores.
    DoubleLoss,
}

impl BoardOutcome {
    /// Game points (home, away).
    pub fn points(self) -> (Points, Points) {
        match self {
            BoardOutcome::HomeWin | BoardOutcome::HomeForfeitWin => (Points::ONE, Points::ZERO),
            BoardOutcome::AwayWin | BoardOutcome::AwayForfeitWin => (Points::ZERO, Points::ONE),
            BoardOutcome::Draw => (Points::HALF, Points::HALF),
            BoardOutcome::DoubleForfeit | BoardOutcome::DoubleLoss => (Points::ZERO, Points::ZERO),
        }
    }

    /// A game decided over the board.
    pub fn is_played(self) -> bool {
        matches!(
            self,
            BoardOutcome::HomeWin
                | BoardOutcome::Draw
                | BoardOutcome::AwayWin
                | BoardOutcome::DoubleLoss
        )
    }

    /// The usual notation: "1-0", "½-½", "0-1", "+-", "-+", "--", and
    /// "0-0" for a game both players lost.
    pub fn notation(self) -> &'static str {
        match self {
            BoardOutcome::HomeWin => "1-0",
            BoardOutcome::Draw => "½-½",
            BoardOutcome::AwayWin => "0-1",
            BoardOutcome::HomeForfeitWin => "+-",
            BoardOutcome::AwayForfeitWin => "-+",
            BoardOutcome::DoubleForfeit => "--",
            BoardOutcome::DoubleLoss => "0-0",
        }
    }
}

impl fmt::Display for BoardOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl FromStr for BoardOutcome {
    type Err = String;

    /// Accepts "1-0", "0-1", "½-½", "1/2-1/2", "0.5-0.5", "=", and for
    /// forfeits "+-", "-+", "--" (also "+/-", "-/+", "-/-", "1F-0F",
    /// "0F-1F", "0F-0F"), and "0-0" for a game both players lost.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_uppercase().as_str() {
            "1-0" => Ok(BoardOutcome::HomeWin),
            "0-1" => Ok(BoardOutcome::AwayWin),
            "½-½" | "1/2-1/2" | "0.5-0.5" | "=" => Ok(BoardOutcome::Draw),
            "+-" | "+/-" | "1F-0F" => Ok(BoardOutcome::HomeForfeitWin),
            "-+" | "-/+" | "0F-1F" => Ok(BoardOutcome::AwayForfeitWin),
            "--" | "-/-" | "0F-0F" => Ok(BoardOutcome::DoubleForfeit),
            "0-0" | "0:0" | "0–0" => Ok(BoardOutcome::DoubleLoss),
            other => Err(format!(
                "\"{other}\" is not a board result: write 1-0, ½-½, 0-1, 0-0 (lost by both), or for \
                 forfeits +-, -+, --"
            )),
        }
    }
}

/// One board of a match: its number (1 = top board), who sat there for each
/// side (if anyone), and the result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardResult {
    /// The board number (1 = top board).
    pub board: u32,
    /// Who sat there for the home side, if known.
    pub home_player: Option<PlayerId>,
    /// Who sat there for the away side, if known.
    pub away_player: Option<PlayerId>,
    /// The result, from the home side.
    pub outcome: BoardOutcome,
}

impl BoardResult {
    /// Board `board` with this result, players not named.
    pub fn new(board: u32, outcome: BoardOutcome) -> BoardResult {
        BoardResult {
            board,
            home_player: None,
            away_player: None,
            outcome,
        }
    }

    /// The same board with its two players named.
    pub fn players(mut self, home: Option<PlayerId>, away: Option<PlayerId>) -> BoardResult {
        self.home_player = home;
        self.away_player = away;
        self
    }
}

/// One match between two teams, known by its board results or by its score
/// alone (past seasons kept only as a crosstable).
///
/// Build it with [`TeamMatch::from_boards`], [`TeamMatch::from_score`] or
/// [`TeamMatch::forfeit`]; [`TeamEvent::validate`] checks that the stored
/// points agree with the boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamMatch {
    /// The first-named team (index into [`TeamEvent::teams`]).
    pub home: usize,
    /// The second-named team.
    pub away: usize,
    /// Game points scored by the home side.
    pub home_points: Points,
    /// Game points scored by the away side.
    pub away_points: Points,
    /// Boards that neither side scored (double forfeits, and games both
    /// players lost): home + away + void boards = the event's boards.
    pub void_boards: u32,
    /// No board was played over the board: the whole match was forfeited.
    pub forfeited: bool,
    /// Board by board, when known.
    pub boards: Option<Vec<BoardResult>>,
}

impl TeamMatch {
    /// A match from its board results: a forfeited board gives the point to
    /// the side present, a double forfeit 0-0. The match counts as forfeited
    /// when no board was played over the board.
    pub fn from_boards(home: usize, away: usize, boards: Vec<BoardResult>) -> TeamMatch {
        let (mut h, mut a) = (Points::ZERO, Points::ZERO);
        for b in &boards {
            let (bh, ba) = b.outcome.points();
            h += bh;
            a += ba;
        }
        let void_boards = boards
            .iter()
            .filter(|b| {
                matches!(
                    b.outcome,
                    BoardOutcome::DoubleForfeit | BoardOutcome::DoubleLoss
                )
            })
            .count() as u32;
        let forfeited = !boards.iter().any(|b| b.outcome.is_played());
        TeamMatch {
            home,
            away,
            home_points: h,
            away_points: a,
            void_boards,
            forfeited,
            boards: Some(boards),
        }
    }

    /// A match known by its score alone, e.g. 3½-½. If some boards were
    /// double forfeits (so the points add up to less than the boards), say
    /// so with [`TeamMatch::with_void_boards`].
    pub fn from_score(
        home: usize,
        away: usize,
        home_points: Points,
        away_points: Points,
    ) -> TeamMatch {
        TeamMatch {
            home,
            away,
            home_points,
            away_points,
            void_boards: 0,
            forfeited: false,
            boards: None,
        }
    }

    /// A whole match forfeited: the side present (if any) scores every
    /// board; `None` is a double forfeit (0-0, both teams lose).
    pub fn forfeit(home: usize, away: usize, present: Option<Side>, boards: u32) -> TeamMatch {
        let all = Points::whole(boards as i32);
        let (h, a, void) = match present {
            Some(Side::Home) => (all, Points::ZERO, 0),
            Some(Side::Away) => (Points::ZERO, all, 0),
            None => (Points::ZERO, Points::ZERO, boards),
        };
        TeamMatch {
            home,
            away,
            home_points: h,
            away_points: a,
            void_boards: void,
            forfeited: true,
            boards: None,
        }
    }

    /// Declare boards that neither side scored, for a match known by score.
    pub fn with_void_boards(mut self, n: u32) -> TeamMatch {
        self.void_boards = n;
        self
    }

    /// The other side, if `team` played in this match.
    pub fn opponent_of(&self, team: usize) -> Option<usize> {
        if team == self.home {
            Some(self.away)
        } else if team == self.away {
            Some(self.home)
        } else {
            None
        }
    }

    /// (points scored by `team`, points scored against it), if it played.
    pub fn points_for(&self, team: usize) -> Option<(Points, Points)> {
        if team == self.home {
            Some((self.home_points, self.away_points))
        } else if team == self.away {
            Some((self.away_points, self.home_points))
        } else {
            None
        }
    }

    /// No board decided over the board: forfeited, or 0-0 (which only
    /// double forfeits can give, since every game scores for someone).
    pub fn is_unplayed(&self) -> bool {
        self.forfeited || (self.home_points == Points::ZERO && self.away_points == Points::ZERO)
    }
}

/// One round of a team event: its matches, and the teams given a bye.
/// A team in neither was not paired (withdrawn, late entry, absent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundResults {
    /// The round's matches.
    pub matches: Vec<TeamMatch>,
    /// Teams given a team bye (scored per [`TeamRules::bye_match_points`]
    /// and [`TeamRules::bye_game_points`]).
    pub byes: Vec<usize>,
}

impl RoundResults {
    /// A round of these matches and team byes.
    pub fn new(matches: Vec<TeamMatch>, byes: Vec<usize>) -> RoundResults {
        RoundResults { matches, byes }
    }
}

/// A team event: everything the team standings, crosstable and board prizes
/// read. `rounds` holds the rounds completed (for standings after round N,
/// see [`TeamEvent::after_round`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamEvent {
    /// How the event scores matches and byes.
    pub rules: TeamRules,
    /// Its teams; matches name them by index.
    pub teams: Vec<Team>,
    /// The rounds completed, in order.
    pub rounds: Vec<RoundResults>,
}

impl TeamEvent {
    /// An event of these teams with no round yet.
    pub fn new(rules: TeamRules, teams: Vec<Team>) -> TeamEvent {
        TeamEvent {
            rules,
            teams,
            rounds: Vec::new(),
        }
    }

    /// Append a round (builder style, for tests and importers).
    pub fn round(mut self, matches: Vec<TeamMatch>, byes: Vec<usize>) -> TeamEvent {
        self.rounds.push(RoundResults::new(matches, byes));
        self
    }

    /// The event as it stood after round `n`, treated as an `n`-round
    /// event (spec decision 1).
    pub fn after_round(&self, n: usize) -> TeamEvent {
        TeamEvent {
            rules: self.rules.clone(),
            teams: self.teams.clone(),
            rounds: self.rounds[..n.min(self.rounds.len())].to_vec(),
        }
    }

    fn name(&self, team: usize) -> String {
        self.teams
            .get(team)
            .map_or_else(|| format!("team {}", team + 1), |t| t.name.clone())
    }

    fn match_label(&self, m: &TeamMatch) -> String {
        format!("{} v {}", self.name(m.home), self.name(m.away))
    }

    /// Check the records: rules sensible; every team index exists; no team
    /// paired against itself or appearing twice in a round (two matches, or
    /// a match and a bye); game points add up to the boards (less the
    /// boards double-forfeited); board results numbered within the event's
    /// boards, each board once, each stored score agreeing with its boards;
    /// no player on two boards of the same round. Returns the first
    /// problem, in words a secretary can act on.
    pub fn validate(&self) -> Result<(), String> {
        self.rules.check()?;
        let n = self.teams.len();
        let all = self.rules.match_game_points();
        for (r, round) in self.rounds.iter().enumerate() {
            let rn = r + 1;
            let mut seen: HashMap<usize, String> = HashMap::new();
            let mut players: HashMap<PlayerId, String> = HashMap::new();
            for m in &round.matches {
                for t in [m.home, m.away] {
                    if t >= n {
                        return Err(format!(
                            "round {rn}: a match names team number {}, but the event has {n} teams",
                            t + 1
                        ));
                    }
                }
                let label = self.match_label(m);
                if m.home == m.away {
                    return Err(format!(
                        "round {rn}: {} is paired against itself",
                        self.name(m.home)
                    ));
                }
                for t in [m.home, m.away] {
                    if let Some(before) = seen.insert(t, label.clone()) {
                        return Err(format!(
                            "round {rn}: {} appears twice (in {before} and in {label})",
                            self.name(t)
                        ));
                    }
                }
                self.check_match(rn, m, &label, all, &mut players)?;
            }
            for &t in &round.byes {
                if t >= n {
                    return Err(format!(
                        "round {rn}: a bye names team number {}, but the event has {n} teams",
                        t + 1
                    ));
                }
                if let Some(before) = seen.insert(t, "a bye".into()) {
                    return Err(format!(
                        "round {rn}: {} appears twice (in {before} and in a bye)",
                        self.name(t)
                    ));
                }
            }
        }
        Ok(())
    }

    fn check_match(
        &self,
        rn: usize,
        m: &TeamMatch,
        label: &str,
        all: Points,
        players: &mut HashMap<PlayerId, String>,
    ) -> Result<(), String> {
        let boards = self.rules.boards;
        if m.home_points < Points::ZERO || m.away_points < Points::ZERO {
            return Err(format!(
                "round {rn}, {label}: game points cannot be negative"
            ));
        }
        if let Some(list) = &m.boards {
            let mut done = vec![false; boards as usize];
            for b in list {
                if b.board == 0 || b.board > boards {
                    return Err(format!(
                        "round {rn}, {label}: a result on board {}, but the event plays on {boards} boards",
                        b.board
                    ));
                }
                if std::mem::replace(&mut done[b.board as usize - 1], true) {
                    return Err(format!(
                        "round {rn}, {label}: board {} is recorded twice",
                        b.board
                    ));
                }
                for (side, p) in [(m.home, b.home_player), (m.away, b.away_player)] {
                    let Some(p) = p else { continue };
                    let here = format!("board {} for {}", b.board, self.name(side));
                    if let Some(before) = players.insert(p, here.clone()) {
                        return Err(format!(
                            "round {rn}: player {} is on {before} and on {here}",
                            p.0
                        ));
                    }
                }
            }
            if let Some(missing) = done.iter().position(|d| !d) {
                return Err(format!(
                    "round {rn}, {label}: board {} has no result; if neither side played it, \
                     record a double forfeit (--)",
                    missing + 1
                ));
            }
            let derived = TeamMatch::from_boards(m.home, m.away, list.clone());
            if (
                derived.home_points,
                derived.away_points,
                derived.void_boards,
            ) != (m.home_points, m.away_points, m.void_boards)
            {
                return Err(format!(
                    "round {rn}, {label}: the score {}-{} does not match the board results ({}-{})",
                    m.home_points, m.away_points, derived.home_points, derived.away_points
                ));
            }
        }
        let total = m.home_points + m.away_points + Points::whole(m.void_boards as i32);
        if total != all {
            let void = if m.void_boards > 0 {
                format!(" with {} double-forfeited boards", m.void_boards)
            } else {
                String::new()
            };
            return Err(format!(
                "round {rn}, {label}: game points {}-{}{void} add up to {total}, but the match is on \
                 {boards} boards; if a board was a double forfeit, record it as one",
                m.home_points, m.away_points
            ));
        }
        Ok(())
    }
}
