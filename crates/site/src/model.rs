//! The site's page models: plain data (strings, numbers, links) built from
//! the section reports by [`super::build()`], rendered by [`super::render()`].
//! Every string here is raw text; the templates escape it.

use super::chart::Chart;

/// A link: the text shown and a relative address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The text shown.
    pub text: String,
    /// The address, relative to the page the link is on (empty: no link).
    pub href: String,
}

/// Where a page lives: its path from the site's root (`2022-23/index.html`)
/// and the way back to the root from it (`../`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The page's path from the site's root.
    pub path: String,
    /// The way back to the root from the page (`../` per folder).
    pub root: String,
}

impl Place {
    /// A page at `path` (with `/` between folders).
    pub fn new(path: impl Into<String>) -> Place {
        let path = path.into();
        let depth = path.matches('/').count();
        Place {
            path,
            root: "../".repeat(depth),
        }
    }

    /// The address of `target` (a path from the root) as seen from here.
    pub fn href(&self, target: &str) -> String {
        format!("{}{target}", self.root)
    }
}

/// The whole site.
pub struct Site {
    /// The league's name (or "Results") for page titles.
    pub league: String,
    /// The front page.
    pub index: IndexPage,
    /// The page explaining every tiebreak and preset.
    pub rules: RulesPage,
    /// A page per season.
    pub seasons: Vec<SeasonPage>,
    /// A page per section of every event.
    pub sections: Vec<SectionPage>,
    /// A page per paired round of each individual section.
    pub rounds: Vec<RoundPage>,
    /// A page per individual section with the working behind its tiebreaks.
    pub workings: Vec<WorkingPage>,
    /// A page per player.
    pub players: Vec<PlayerPage>,
    /// The A–Z list of every player.
    pub directory: DirectoryPage,
    /// "2024-01-24 at 21:40 UTC": the time of the database's latest
    /// recorded change, for the footer; empty when the database does not
    /// say.
    pub updated: String,
}

/// The front page: the newest season in full, the older ones as a compact
/// grid of links.
pub struct IndexPage {
    /// Where the page lives.
    pub place: Place,
    /// The newest season, with its events and sections.
    pub seasons: Vec<IndexSeason>,
    /// Every older season, newest first: name and link only.
    pub older: Vec<Link>,
}

/// A season on the front page, with its events.
pub struct IndexSeason {
    /// The season's name, linking to its page.
    pub link: Link,
    /// The season's dates as shown, or empty.
    pub dates: String,
    /// Its events.
    pub events: Vec<IndexEvent>,
}

/// An event on the front page, with links to its sections.
pub struct IndexEvent {
    /// The event's name.
    pub name: String,
    /// The event's dates as shown, or empty.
    pub dates: String,
    /// Its sections, linking to their pages.
    pub sections: Vec<Link>,
}

/// A season: its events and champions.
pub struct SeasonPage {
    /// Where the page lives.
    pub place: Place,
    /// The season's name.
    pub name: String,
    /// The season's dates as shown, or empty.
    pub dates: String,
    /// Its events, in the order the season lists them.
    pub events: Vec<SeasonEvent>,
    /// Each section's champions (or leaders while it runs).
    pub champions: Vec<Champion>,
}

/// An event on its season's page.
pub struct SeasonEvent {
    /// The event's name.
    pub name: String,
    /// The event's dates as shown, or empty.
    pub dates: String,
    /// Planned rounds.
    pub rounds: u32,
    /// "Swiss", "round robin".
    pub kind: String,
    /// The tiebreak codes in order ("mm, solkoff, ...").
    pub tiebreaks: String,
    /// The preset's name, when the order is one.
    pub preset: Option<String>,
    /// Its sections, linking to their pages.
    pub sections: Vec<Link>,
}

/// The winner(s) of a section, or its leaders while it is running.
pub struct Champion {
    /// The event's name.
    pub event: String,
    /// The section, linking to its page.
    pub section: Link,
    /// "Champion", "Joint champions", "Leading after round 3".
    pub label: String,
    /// The champions (players or teams), linking to their pages.
    pub players: Vec<Link>,
    /// Their score ("5½").
    pub score: String,
}

/// A section's page.
pub struct SectionPage {
    /// Where the page lives.
    pub place: Place,
    /// The season, linking to its page.
    pub season: Link,
    /// The event's name.
    pub event: String,
    /// The section's name.
    pub section: String,
    /// Every section of the event, this one without a link (`href` empty).
    pub siblings: Vec<Link>,
    /// The round pages, "Round 1".. (individual sections).
    pub round_links: Vec<Link>,
    /// The page with everyone's working (individual sections), or empty.
    pub working_page: String,
    /// The print view of just the standings (individual sections), or
    /// empty.
    pub print_standings: String,
    /// The crosstable's print view (individual sections), or empty.
    pub print_crosstable: String,
    /// The event's dates as shown, or empty.
    pub dates: String,
    /// How the event is run ("Swiss", "round robin").
    pub kind: String,
    /// "standings after round 6 of 6".
    pub progress: String,
    /// The tournament's details as (label, value): "Time control",
    /// "Place", "Arbiter", "Rated"; only those recorded.
    pub details: Vec<(String, String)>,
    /// Notes on the standings (results missing, withdrawals).
    pub notes: Vec<String>,
    /// The standings, crosstable and the rest, by kind of section.
    pub body: SectionBody,
}

/// What a section page shows, by kind of section.
pub enum SectionBody {
    /// An individual section's body.
    Individual(Box<IndividualSection>),
    /// A team section's body.
    Team(Box<TeamSectionBody>),
}

/// Team standings, team crosstable, board prizes, rosters and working of a
/// team event.
pub struct TeamSectionBody {
    /// "match points" or "game points": what the teams are ranked on.
    pub ranked_on: String,
    /// The standings' extra columns, in the event's order (a tiebreak that
    /// repeats the match or game points column is left out).
    pub tiebreaks: Vec<Heading>,
    /// The standings table's rows.
    pub standings: Vec<TeamStandingRow>,
    /// The crosstable's header, as `league team crosstable` prints it
    /// (`No.`, `Name`, `Pts`, `TBrk1`.., `R1`..).
    pub header: Vec<String>,
    /// Beside `header`: the round page each `R1`.. heading links to, empty
    /// for the other columns.
    pub header_links: Vec<String>,
    /// The crosstable's rows, in standings order.
    pub crosstable: Vec<TeamCrossRow>,
    /// Each tiebreak used, in plain words ("TBrk1 = usat: ...").
    pub rules: Vec<RuleNote>,
    /// What a match and a team bye score, and how a tie left is shared.
    pub rule_notes: Vec<String>,
    /// Each board's players by score (board prizes).
    pub boards: Vec<BoardTable>,
    /// Each team's roster, in standings order.
    pub rosters: Vec<Roster>,
    /// The working behind each team's tiebreak values.
    pub working: Vec<PlayerWorking>,
}

/// One team's line in the team standings.
pub struct TeamStandingRow {
    /// The place ("1", "2-3").
    pub place: String,
    /// The team's name, linking to its roster.
    pub team: Link,
    /// Match points ("3½").
    pub match_points: String,
    /// Game points ("9").
    pub game_points: String,
    /// The tiebreak values, in the order's columns.
    pub values: Vec<String>,
    /// `#working-team-N`: the team's working further down the page.
    pub working: String,
}

/// One line of the team crosstable.
pub struct TeamCrossRow {
    /// The anchor id of this row (`team-N`, N its `No.`).
    pub id: String,
    /// The team's crosstable number.
    pub number: String,
    /// The team's name, linking to its roster.
    pub team: Link,
    /// Its score, as the crosstable prints it.
    pub points: String,
    /// The `TBrk` values, as the crosstable prints them.
    pub values: Vec<String>,
    /// One per round: "W6,3.5" linking to row 6.
    pub cells: Vec<CrossCell>,
}

/// The players of one board, best first.
pub struct BoardTable {
    /// The board.
    pub board: u32,
    /// Its players, best score first.
    pub rows: Vec<BoardRow>,
}

/// One player's line in a board's prize table.
pub struct BoardRow {
    /// The place on the board ("1", "2-3").
    pub place: String,
    /// The player, linking to their page.
    pub player: Link,
    /// The player's team.
    pub team: String,
    /// Points scored on the board.
    pub points: String,
    /// Games counted on the board.
    pub games: u32,
    /// "75.0", or "–" with no game over the board.
    pub percent: String,
    /// Forfeit wins among them.
    pub forfeit_wins: u32,
}

/// A team's roster in board order.
pub struct Roster {
    /// The anchor id (`roster-N`, N the team's crosstable number).
    pub id: String,
    /// The team's name.
    pub team: String,
    /// Its short name, or empty.
    pub short: String,
    /// "withdrew after round 3", when it did.
    pub withdrawn: String,
    /// Its players, by board.
    pub players: Vec<RosterLine>,
}

/// One player on a roster.
pub struct RosterLine {
    /// "1", or "alt 5" for an alternate.
    pub board: String,
    /// The player, linking to their page.
    pub player: Link,
    /// Their rating, or empty.
    pub rating: String,
}

/// A tiebreak column's heading: a short label, the full name and the
/// term's place on the rules page.
pub struct Heading {
    /// "M-Med", "BH-C1".
    pub label: String,
    /// The tiebreak's meaning, for the `<abbr title>`.
    pub title: String,
    /// `rules.html#tb-mm`, from the page it is on.
    pub href: String,
}

/// Standings, crosstable, race and working of an individual section.
pub struct IndividualSection {
    /// Whether any game's result is in: before that the page shows the
    /// starting list instead of standings and crosstable.
    pub started: bool,
    /// Every player by pairing number, with the rating the event uses.
    pub start_list: Vec<StartLine>,
    /// The round being played (paired, results still missing), shown
    /// first.
    pub live: Option<LiveRound>,
    /// The standings' extra columns, in the event's order.
    pub tiebreaks: Vec<Heading>,
    /// The standings table's rows.
    pub standings: Vec<StandingRow>,
    /// The crosstable's round headings, each linking to its round page.
    pub rounds: Vec<Link>,
    /// The square grid of a round robin, by pairing number.
    pub grid: Option<Grid>,
    /// The crosstable's rows, in standings order.
    pub crosstable: Vec<CrossRow>,
    /// Each tiebreak used, in plain words.
    pub rules: Vec<RuleNote>,
    /// Other things to know about the order (actual-play rule, FIDE edition).
    pub rule_notes: Vec<String>,
    /// The leaders' running scores round by round, once there is a result.
    pub race: Option<Chart>,
    /// The same leaders as points behind the leader, round by round.
    pub behind: Option<Chart>,
    /// Everyone's working, for the section's working page.
    pub working: Vec<PlayerWorking>,
    /// Who won which prize, once the event has ended (issue 18).
    pub prizes: Option<super::prizes::PrizeBlock>,
    /// Estimated rating changes, for a FIDE- or US Chess-rated event.
    pub ratings: Option<RatingTable>,
}

/// A rated section's estimated rating changes, in standings order.
pub struct RatingTable {
    /// Whether the FIDE column is shown.
    pub fide: bool,
    /// Whether the US Chess column is shown.
    pub uscf: bool,
    /// A row per player with an estimate.
    pub rows: Vec<RatingRow>,
    /// What the estimates assume ("K 20 assumed ...").
    pub notes: Vec<String>,
}

/// One player's estimates: "+7.2", "1805 (+105)".
pub struct RatingRow {
    /// The player, linking to their page.
    pub player: Link,
    /// Their rating for the event, or empty.
    pub rating: String,
    /// The FIDE rating change, or empty.
    pub fide: String,
    /// The US Chess rating change, or empty.
    pub uscf: String,
}

/// One player of a section's starting list.
pub struct StartLine {
    /// The pairing number.
    pub number: u32,
    /// The player, linking to their page.
    pub player: Link,
    /// Their rating for the event, or empty.
    pub rating: String,
}

/// The round being played, at the top of its section's page.
pub struct LiveRound {
    /// "Round 2".
    pub name: String,
    /// The round's own page.
    pub href: String,
    /// "Tuesday 3 October 2023", or empty.
    pub date: String,
    /// "3 of 5 results are in; 2 not yet."
    pub status: String,
    /// The round's boards.
    pub games: Vec<BoardLine>,
    /// The round's byes.
    pub byes: Vec<ByeLine>,
}

/// A round robin's square grid: rows and columns by pairing number.
pub struct Grid {
    /// The column headings: every pairing number.
    pub numbers: Vec<u32>,
    /// A row per player, by pairing number.
    pub rows: Vec<GridRow>,
}

/// One player's row of the grid.
pub struct GridRow {
    /// The pairing number.
    pub number: u32,
    /// The player, linking to their page.
    pub player: Link,
    /// One per column; the player's own column has class `self`.
    pub cells: Vec<GridCell>,
    /// The player's score.
    pub total: String,
}

/// One cell of the grid: "1", "½", "0" (forfeits "+" and "−"; two games
/// in a double round robin side by side), empty while not played.
pub struct GridCell {
    /// What the cell shows.
    pub text: String,
    /// `win`, `loss`, `draw`, `none` or `self` (the blacked-out diagonal).
    pub class: String,
    /// The cell's result in words (a tooltip).
    pub title: String,
}

/// A round of a section: pairings and results board by board.
pub struct RoundPage {
    /// Where the page lives.
    pub place: Place,
    /// The season, linking to its page.
    pub season: Link,
    /// The section's page.
    pub section: Link,
    /// "Winter Swiss 1600+ — Round 3".
    pub heading: String,
    /// "3 of 5 results in" or "all 4 results in".
    pub status: String,
    /// "Tuesday 3 October 2023": the round's date, when recorded; empty
    /// when not.
    pub date: String,
    /// Games still waiting for their result (the legend of the pending
    /// mark shows when there are any).
    pub pending: usize,
    /// Every player with a game or bye this round, A to Z: where to sit.
    pub alphabetical: Vec<AlphaLine>,
    /// Every round of the section, this one without a link.
    pub rounds: Vec<Link>,
    /// The round's boards (individual sections).
    pub games: Vec<BoardLine>,
    /// The round's byes (individual sections).
    pub byes: Vec<ByeLine>,
    /// Entered players with neither game nor bye this round.
    pub absent: Vec<Link>,
    /// A team event's matches, board by board.
    pub matches: Vec<MatchBlock>,
    /// A team event's teams with a bye this round.
    pub team_byes: Vec<Link>,
    /// The estimated FIDE rating change of each rated game decided this
    /// round, a row per player with an estimate (a FIDE-rated section).
    pub estimates: Vec<GameEstimate>,
    /// How the round was paired, one line a board (the short form of
    /// `league round pair --explain`); empty when the program did not pair
    /// it as stored, or does not work it out (see `load::EXPLAINED_UP_TO`).
    pub explained: Vec<String>,
}

/// One player's estimated FIDE change from one game of a round.
pub struct GameEstimate {
    /// The player, linking to their page.
    pub player: Link,
    /// Their rating for the event.
    pub rating: i64,
    /// The opponent, linking to their page.
    pub opponent: Link,
    /// The opponent's rating.
    pub opponent_rating: i64,
    /// The player's score: "1", "½", "0".
    pub score: String,
    /// The expected score: "0.85".
    pub expected: String,
    /// K × (score − expected): "+3", "-18.4", with "*" when K was assumed.
    pub change: String,
}

/// One match of a team event's round.
pub struct MatchBlock {
    /// The first-named team and the second, linking to their rosters.
    pub home: Link,
    /// The second-named team, linking to its roster.
    pub away: Link,
    /// "1½–½", with "forfeit" when no board was played.
    pub score: String,
    /// The match's boards.
    pub boards: Vec<TeamBoardLine>,
}

/// One board of a team match.
pub struct TeamBoardLine {
    /// The board.
    pub board: u32,
    /// The first-named team's player (empty `text` when no one sat there;
    /// empty `href` when the player has no page).
    pub home: Link,
    /// "1–0", "½–½", "1–0 forfeit" from the first-named team's side.
    pub result: String,
    /// The second-named team's player, as `home`.
    pub away: Link,
}

/// One board of a round.
pub struct BoardLine {
    /// The board number recorded, or the game's place in the list.
    pub board: String,
    /// White, linking to their page.
    pub white: Link,
    /// White's pairing number.
    pub white_no: u32,
    /// White's rating for the event, or empty.
    pub white_rating: String,
    /// White's score before the round.
    pub white_score: String,
    /// "1–0", "½–½", "1–0 forfeit", or empty while pending.
    pub result: String,
    /// Whether the result is still to come.
    pub pending: bool,
    /// Black, linking to their page.
    pub black: Link,
    /// Black's pairing number.
    pub black_no: u32,
    /// Black's rating for the event, or empty.
    pub black_rating: String,
    /// Black's score before the round.
    pub black_score: String,
}

/// One player of a round's alphabetical list ("find my board"): board,
/// colour and opponent, or the bye.
pub struct AlphaLine {
    /// The row's anchor, `p-N` with N the pairing number: the
    /// crosstable's cells open the round at their player's line.
    pub id: String,
    /// The player, linking to their page.
    pub player: Link,
    /// Their pairing number.
    pub number: u32,
    /// The board, empty for a bye.
    pub board: String,
    /// "White", "Black", or the bye ("full-point bye").
    pub colour: String,
    /// The opponent, for a game.
    pub opponent: Option<Link>,
    /// The result from this player's side ("1", "½", "0", "1 forfeit"),
    /// empty while pending or for a bye.
    pub result: String,
    /// Whether the result is still to come.
    pub pending: bool,
}

/// A bye of a round.
pub struct ByeLine {
    /// The player, linking to their page.
    pub player: Link,
    /// Their pairing number.
    pub number: u32,
    /// The score before the round.
    pub score: String,
    /// "full-point bye", "half-point bye", "zero-point bye".
    pub kind: String,
}

/// A section's working page: how every tiebreak value was reached.
pub struct WorkingPage {
    /// Where the page lives.
    pub place: Place,
    /// The season, linking to its page.
    pub season: Link,
    /// The section, linking to its page.
    pub section: Link,
    /// "Winter Swiss 1600+".
    pub heading: String,
    /// Each player's (or team's) working, in standings order.
    pub working: Vec<PlayerWorking>,
}

/// The player directory: every player, A to Z.
pub struct DirectoryPage {
    /// Where the page lives.
    pub place: Place,
    /// "Players", or "Players: A" on a letter's own page.
    pub heading: String,
    /// The initial letters that have players, linking to their group (on
    /// this page, or to their own page).
    pub letters: Vec<Link>,
    /// The players by first letter, as this page lists them (none on the
    /// index of a directory of letter pages).
    pub groups: Vec<DirectoryGroup>,
    /// A large league's page per letter (empty when this page lists all).
    pub letter_pages: Vec<DirectoryPage>,
    /// How many players this page covers.
    pub players: usize,
}

/// The players whose names sort under one letter.
#[derive(Clone)]
pub struct DirectoryGroup {
    /// "A", or "#" for names that start with no letter.
    pub letter: String,
    /// The anchor id, `letter-a`.
    pub id: String,
    /// The players under the letter, A to Z.
    pub players: Vec<DirectoryLine>,
}

/// One player in the directory.
#[derive(Clone)]
pub struct DirectoryLine {
    /// The player, linking to their page.
    pub player: Link,
    /// Events played (individual sections and team events).
    pub events: usize,
    /// The newest season played in.
    pub last_season: String,
    /// The rating of the player's latest event.
    pub rating: String,
}

/// One line of a section's standings.
pub struct StandingRow {
    /// The place ("1", "2-3").
    pub place: String,
    /// The pairing number.
    pub pairing_no: u32,
    /// The player, linking to their page.
    pub player: Link,
    /// Their rating for the event, or empty.
    pub rating: String,
    /// Their score ("4½").
    pub score: String,
    /// The tiebreak values, in the order's columns.
    pub values: Vec<String>,
    /// The row's working on the section's working page.
    pub working: String,
    /// "Bob Jones's tiebreaks were worked out": the rest of the "how"
    /// link's text, there for screen readers, not shown.
    pub working_label: String,
}

/// One line of a section's crosstable.
pub struct CrossRow {
    /// Row number, as other rows' cells name this player.
    pub number: usize,
    /// The player's pairing number.
    pub pairing_no: u32,
    /// The anchor id of this row.
    pub id: String,
    /// The place ("1", "2-3").
    pub place: String,
    /// The player, linking to their page.
    pub player: Link,
    /// Their rating for the event, or empty.
    pub rating: String,
    /// A cell per round.
    pub cells: Vec<CrossCell>,
    /// The player's score.
    pub total: String,
}

/// One round of one player in the crosstable.
pub struct CrossCell {
    /// What the cell shows ("W12", "…4w" while pending).
    pub text: String,
    /// Where the cell leads: the opponent's row (team crosstables) or the
    /// player's line on the round's page (individual ones).
    pub href: Option<String>,
    /// Tooltip: the result in words and the running score (team
    /// crosstables; an individual crosstable's cells link to their round
    /// instead).
    pub title: String,
    /// CSS class by result: `win`, `loss`, `draw`, `bye`, `none`, `pending`.
    pub class: String,
}

/// A tiebreak code with its meaning.
pub struct RuleNote {
    /// The tiebreak's label and code.
    pub code: String,
    /// What it counts, in words.
    pub meaning: String,
}

/// The working behind one player's tiebreak values.
pub struct PlayerWorking {
    /// The anchor the standings' "how" links open.
    pub id: String,
    /// The player's (or team's) name.
    pub name: String,
    /// The place, score and number in one line.
    pub summary: String,
    /// A worked tiebreak per column.
    pub items: Vec<WorkingItem>,
}

impl PlayerWorking {
    /// The summary after the name ("(#2): place 1, 2 points"), so that a
    /// page can isolate the name (`<bdi>`) from the words around it.
    pub fn after_name(&self) -> &str {
        self.summary
            .strip_prefix(self.name.as_str())
            .unwrap_or(&self.summary)
    }
}

/// One tiebreak value of one player, with its working.
pub struct WorkingItem {
    /// The tiebreak's label and code.
    pub code: String,
    /// Its value for the player.
    pub value: String,
    /// What it counts, in words.
    pub meaning: String,
    /// The terms added up, round by round.
    pub terms: Vec<WorkingTerm>,
    /// Notes on how the value was reached.
    pub notes: Vec<String>,
}

/// One term of a tiebreak's working.
pub struct WorkingTerm {
    /// The term in words ("round 3: won v Smith").
    pub text: String,
    /// Its value.
    pub value: String,
    /// Why the term was left out, if it was.
    pub dropped: Option<String>,
}

/// A player's page: every event across the seasons on the site.
pub struct PlayerPage {
    /// Where the page lives.
    pub place: Place,
    /// The player's name.
    pub name: String,
    /// Career totals over the board ("24 games: 12 wins, ..."), empty
    /// before the first game.
    pub career: String,
    /// Score and rating charts, when there is enough to draw.
    pub charts: Vec<Chart>,
    /// Newest first.
    pub events: Vec<PlayerEvent>,
}

/// One of a player's events on their page.
pub struct PlayerEvent {
    /// The season, linking to its page.
    pub season: Link,
    /// The event's name.
    pub event: String,
    /// The section, linking to its page.
    pub section: Link,
    /// Place in the standings; in a team event, the player's team.
    pub place: String,
    /// The player's score ("4½").
    pub score: String,
    /// "4 of 6" style: rounds counted.
    pub rounds: usize,
    /// Their performance rating, or empty.
    pub performance: String,
    /// Their rating for the event, or empty.
    pub rating: String,
    /// In a team event: the team (linking to its roster), the board and the
    /// team's place.
    pub team: Option<TeamLine>,
    /// Their games, byes and absences, round by round.
    pub games: Vec<PlayerGame>,
    /// Their estimated rating changes in a rated section ("FIDE -15.4*;
    /// US Chess 1776 (-24)"), or empty.
    pub estimate: String,
}

/// A player's team in a team event.
pub struct TeamLine {
    /// The team, linking to its roster.
    pub team: Link,
    /// "board 2", "alternate (board 5)".
    pub board: String,
    /// The team's place in the team standings.
    pub place: String,
}

/// One round of a player's event: opponent, colour, result.
pub struct PlayerGame {
    /// The round.
    pub round: usize,
    /// The round's page, from the player's page.
    pub round_href: String,
    /// The opponent's rating for the event, or empty.
    pub opponent_rating: String,
    /// The opponent's score in the section (so far), or empty without
    /// an opponent.
    pub opponent_score: String,
    /// "White", "Black", or empty without a game.
    pub colour: String,
    /// The opponent, for a game.
    pub opponent: Option<Link>,
    /// The result in words.
    pub result: String,
    /// The points it scored.
    pub points: String,
}

/// The tiebreak rules page, from the code's own definitions.
pub struct RulesPage {
    /// Where the page lives.
    pub place: Place,
    /// The tiebreaks this league's events use, in the order first met.
    pub used: Vec<RuleTerm>,
    /// The tiebreaks, by family (US Chess, FIDE, team).
    pub families: Vec<RuleFamily>,
    /// The named tiebreak orders.
    pub presets: Vec<PresetRow>,
    /// The crosstable codes.
    pub codes: Vec<RuleNote>,
}

/// A family of tiebreaks on the rules page (US Chess, FIDE, teams).
pub struct RuleFamily {
    /// The family's name.
    pub name: String,
    /// Its tiebreaks.
    pub rules: Vec<RuleTerm>,
}

/// A tiebreak on the rules page, with the anchor the column headings link.
pub struct RuleTerm {
    /// `tb-us-mm`, `tb-fide-bh-c1`.
    pub id: String,
    /// The code event orders write ("mm"); empty when it is the label.
    pub code: String,
    /// The short column label ("M-Med").
    pub label: String,
    /// What it counts, in words.
    pub meaning: String,
}

/// A named tiebreak order on the rules page.
pub struct PresetRow {
    /// The preset's name.
    pub name: String,
    /// Its tiebreak codes in order.
    pub codes: String,
    /// Where it comes from and when to use it.
    pub note: String,
}

#[cfg(test)]
mod tests {
    use super::Place;

    #[test]
    fn links_go_up_to_the_root_and_down_to_the_target() {
        let top = Place::new("index.html");
        assert_eq!(top.root, "");
        assert_eq!(top.href("players/ann.html"), "players/ann.html");
        let deep = Place::new("2022-23/winter-swiss-1600.html");
        assert_eq!(deep.root, "../");
        assert_eq!(deep.href("players/ann.html"), "../players/ann.html");
        assert_eq!(deep.href("2022-23/index.html"), "../2022-23/index.html");
    }
}
