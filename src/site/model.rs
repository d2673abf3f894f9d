//! The site's page models: plain data (strings, numbers, links) built from
//! the section reports by [`super::build()`], rendered by [`super::render()`].
//! Every string here is raw text; the templates escape it.

use super::chart::Chart;

/// A link: the text shown and a relative address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub text: String,
    pub href: String,
}

/// Where a page lives: its path from the site's root (`2022-23/index.html`)
/// and the way back to the root from it (`../`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub path: String,
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
    pub index: IndexPage,
    pub rules: RulesPage,
    pub seasons: Vec<SeasonPage>,
    pub sections: Vec<SectionPage>,
    /// A page per paired round of each individual section.
    pub rounds: Vec<RoundPage>,
    /// A page per individual section with the working behind its tiebreaks.
    pub workings: Vec<WorkingPage>,
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
    pub place: Place,
    /// The newest season, with its events and sections.
    pub seasons: Vec<IndexSeason>,
    /// Every older season, newest first: name and link only.
    pub older: Vec<Link>,
}

/// A season on the front page, with its events.
pub struct IndexSeason {
    pub link: Link,
    pub dates: String,
    pub events: Vec<IndexEvent>,
}

/// An event on the front page, with links to its sections.
pub struct IndexEvent {
    pub name: String,
    pub dates: String,
    pub sections: Vec<Link>,
}

/// A season: its events and champions.
pub struct SeasonPage {
    pub place: Place,
    pub name: String,
    pub dates: String,
    pub events: Vec<SeasonEvent>,
    pub champions: Vec<Champion>,
}

/// An event on its season's page.
pub struct SeasonEvent {
    pub name: String,
    pub dates: String,
    /// Planned rounds.
    pub rounds: u32,
    /// "Swiss", "round robin".
    pub kind: String,
    /// The tiebreak codes in order ("mm, solkoff, ...").
    pub tiebreaks: String,
    /// The preset's name, when the order is one.
    pub preset: Option<String>,
    pub sections: Vec<Link>,
}

/// The winner(s) of a section, or its leaders while it is running.
pub struct Champion {
    pub event: String,
    pub section: Link,
    /// "Champion", "Joint champions", "Leading after round 3".
    pub label: String,
    pub players: Vec<Link>,
    pub score: String,
}

/// A section's page.
pub struct SectionPage {
    pub place: Place,
    pub season: Link,
    pub event: String,
    pub section: String,
    /// Every section of the event, this one without a link (`href` empty).
    pub siblings: Vec<Link>,
    /// The round pages, "Round 1".. (individual sections).
    pub round_links: Vec<Link>,
    /// The page with everyone's working (individual sections), or empty.
    pub working_page: String,
    /// The print views of just the standings and just the crosstable
    /// (individual sections), or empty.
    pub print_standings: String,
    pub print_crosstable: String,
    pub dates: String,
    pub kind: String,
    /// "standings after round 6 of 6".
    pub progress: String,
    /// The tournament's details as (label, value): "Time control",
    /// "Place", "Arbiter", "Rated"; only those recorded.
    pub details: Vec<(String, String)>,
    pub notes: Vec<String>,
    pub body: SectionBody,
}

/// What a section page shows, by kind of section.
pub enum SectionBody {
    Individual(Box<IndividualSection>),
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
    pub standings: Vec<TeamStandingRow>,
    /// The crosstable's header, as `league team crosstable` prints it
    /// (`No.`, `Name`, `Pts`, `TBrk1`.., `R1`..).
    pub header: Vec<String>,
    /// Beside `header`: the round page each `R1`.. heading links to, empty
    /// for the other columns.
    pub header_links: Vec<String>,
    pub crosstable: Vec<TeamCrossRow>,
    /// Each tiebreak used, in plain words ("TBrk1 = usat: ...").
    pub rules: Vec<RuleNote>,
    pub rule_notes: Vec<String>,
    pub boards: Vec<BoardTable>,
    pub rosters: Vec<Roster>,
    /// The working behind each team's tiebreak values.
    pub working: Vec<PlayerWorking>,
}

/// One team's line in the team standings.
pub struct TeamStandingRow {
    pub place: String,
    /// The team's name, linking to its roster.
    pub team: Link,
    pub match_points: String,
    pub game_points: String,
    pub values: Vec<String>,
    /// `#working-team-N`: the team's working further down the page.
    pub working: String,
}

/// One line of the team crosstable.
pub struct TeamCrossRow {
    /// The anchor id of this row (`team-N`, N its `No.`).
    pub id: String,
    pub number: String,
    /// The team's name, linking to its roster.
    pub team: Link,
    pub points: String,
    /// The `TBrk` values, as the crosstable prints them.
    pub values: Vec<String>,
    /// One per round: "W6,3.5" linking to row 6.
    pub cells: Vec<CrossCell>,
}

/// The players of one board, best first.
pub struct BoardTable {
    pub board: u32,
    pub rows: Vec<BoardRow>,
}

/// One player's line in a board's prize table.
pub struct BoardRow {
    pub place: String,
    pub player: Link,
    pub team: String,
    pub points: String,
    pub games: u32,
    /// "75.0", or "–" with no game over the board.
    pub percent: String,
    pub forfeit_wins: u32,
}

/// A team's roster in board order.
pub struct Roster {
    /// The anchor id (`roster-N`, N the team's crosstable number).
    pub id: String,
    pub team: String,
    pub short: String,
    /// "withdrew after round 3", when it did.
    pub withdrawn: String,
    pub players: Vec<RosterLine>,
}

/// One player on a roster.
pub struct RosterLine {
    /// "1", or "alt 5" for an alternate.
    pub board: String,
    pub player: Link,
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
    pub standings: Vec<StandingRow>,
    /// The crosstable's round headings, each linking to its round page.
    pub rounds: Vec<Link>,
    /// The square grid of a round robin, by pairing number.
    pub grid: Option<Grid>,
    pub crosstable: Vec<CrossRow>,
    /// Each tiebreak used, in plain words.
    pub rules: Vec<RuleNote>,
    /// Other things to know about the order (actual-play rule, FIDE edition).
    pub rule_notes: Vec<String>,
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
    pub rows: Vec<RatingRow>,
    /// What the estimates assume ("K 20 assumed ...").
    pub notes: Vec<String>,
}

/// One player's estimates: "+7.2", "1805 (+105)".
pub struct RatingRow {
    pub player: Link,
    pub rating: String,
    pub fide: String,
    pub uscf: String,
}

/// One player of a section's starting list.
pub struct StartLine {
    pub number: u32,
    pub player: Link,
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
    pub games: Vec<BoardLine>,
    pub byes: Vec<ByeLine>,
}

/// A round robin's square grid: rows and columns by pairing number.
pub struct Grid {
    /// The column headings: every pairing number.
    pub numbers: Vec<u32>,
    pub rows: Vec<GridRow>,
}

/// One player's row of the grid.
pub struct GridRow {
    pub number: u32,
    pub player: Link,
    /// One per column; the player's own column has class `self`.
    pub cells: Vec<GridCell>,
    pub total: String,
}

/// One cell of the grid: "1", "½", "0" (forfeits "+" and "−"; two games
/// in a double round robin side by side), empty while not played.
pub struct GridCell {
    pub text: String,
    /// `win`, `loss`, `draw`, `none` or `self` (the blacked-out diagonal).
    pub class: String,
    pub title: String,
}

/// A round of a section: pairings and results board by board.
pub struct RoundPage {
    pub place: Place,
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
    pub games: Vec<BoardLine>,
    pub byes: Vec<ByeLine>,
    /// Entered players with neither game nor bye this round.
    pub absent: Vec<Link>,
    /// A team event's matches, board by board.
    pub matches: Vec<MatchBlock>,
    /// A team event's teams with a bye this round.
    pub team_byes: Vec<Link>,
}

/// One match of a team event's round.
pub struct MatchBlock {
    /// The first-named team and the second, linking to their rosters.
    pub home: Link,
    pub away: Link,
    /// "1½–½", with "forfeit" when no board was played.
    pub score: String,
    pub boards: Vec<TeamBoardLine>,
}

/// One board of a team match.
pub struct TeamBoardLine {
    pub board: u32,
    /// The first-named team's player (empty `text` when no one sat there;
    /// empty `href` when the player has no page).
    pub home: Link,
    /// "1–0", "½–½", "1–0 forfeit" from the first-named team's side.
    pub result: String,
    pub away: Link,
}

/// One board of a round.
pub struct BoardLine {
    /// The board number recorded, or the game's place in the list.
    pub board: String,
    pub white: Link,
    pub white_no: u32,
    /// White's rating for the event, or empty.
    pub white_rating: String,
    /// White's score before the round.
    pub white_score: String,
    /// "1–0", "½–½", "1–0 forfeit", or empty while pending.
    pub result: String,
    pub pending: bool,
    pub black: Link,
    pub black_no: u32,
    pub black_rating: String,
    pub black_score: String,
}

/// One player of a round's alphabetical list ("find my board"): board,
/// colour and opponent, or the bye.
pub struct AlphaLine {
    /// The row's anchor, `p-N` with N the pairing number: the
    /// crosstable's cells open the round at their player's line.
    pub id: String,
    pub player: Link,
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
    pub pending: bool,
}

/// A bye of a round.
pub struct ByeLine {
    pub player: Link,
    pub number: u32,
    /// The score before the round.
    pub score: String,
    /// "full-point bye", "half-point bye", "zero-point bye".
    pub kind: String,
}

/// A section's working page: how every tiebreak value was reached.
pub struct WorkingPage {
    pub place: Place,
    pub season: Link,
    pub section: Link,
    /// "Winter Swiss 1600+".
    pub heading: String,
    pub working: Vec<PlayerWorking>,
}

/// The player directory: every player, A to Z.
pub struct DirectoryPage {
    pub place: Place,
    /// The initial letters that have players, linking to their group.
    pub letters: Vec<Link>,
    pub groups: Vec<DirectoryGroup>,
}

/// The players whose names sort under one letter.
pub struct DirectoryGroup {
    /// "A", or "#" for names that start with no letter.
    pub letter: String,
    /// The anchor id, `letter-a`.
    pub id: String,
    pub players: Vec<DirectoryLine>,
}

/// One player in the directory.
pub struct DirectoryLine {
    pub player: Link,
    /// Events played (individual sections and team events).
    pub events: usize,
    /// The newest season played in.
    pub last_season: String,
}

/// One line of a section's standings.
pub struct StandingRow {
    pub place: String,
    pub pairing_no: u32,
    pub player: Link,
    pub rating: String,
    pub score: String,
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
    pub place: String,
    pub player: Link,
    pub rating: String,
    pub cells: Vec<CrossCell>,
    pub total: String,
}

/// One round of one player in the crosstable.
pub struct CrossCell {
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
    pub code: String,
    pub meaning: String,
}

/// The working behind one player's tiebreak values.
pub struct PlayerWorking {
    pub id: String,
    pub name: String,
    pub summary: String,
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
    pub code: String,
    pub value: String,
    pub meaning: String,
    pub terms: Vec<WorkingTerm>,
    pub notes: Vec<String>,
}

/// One term of a tiebreak's working.
pub struct WorkingTerm {
    pub text: String,
    pub value: String,
    /// Why the term was left out, if it was.
    pub dropped: Option<String>,
}

/// A player's page: every event across the seasons on the site.
pub struct PlayerPage {
    pub place: Place,
    pub name: String,
    /// Career totals over the board ("24 games: 12 wins, ..."), empty
    /// before the first game.
    pub career: String,
    pub charts: Vec<Chart>,
    /// Newest first.
    pub events: Vec<PlayerEvent>,
}

/// One of a player's events on their page.
pub struct PlayerEvent {
    pub season: Link,
    pub event: String,
    pub section: Link,
    /// Place in the standings; in a team event, the player's team.
    pub place: String,
    pub score: String,
    /// "4 of 6" style: rounds counted.
    pub rounds: usize,
    pub performance: String,
    pub rating: String,
    /// In a team event: the team (linking to its roster), the board and the
    /// team's place.
    pub team: Option<TeamLine>,
    pub games: Vec<PlayerGame>,
}

/// A player's team in a team event.
pub struct TeamLine {
    pub team: Link,
    /// "board 2", "alternate (board 5)".
    pub board: String,
    /// The team's place in the team standings.
    pub place: String,
}

/// One round of a player's event: opponent, colour, result.
pub struct PlayerGame {
    pub round: usize,
    /// The round's page, from the player's page.
    pub round_href: String,
    /// The opponent's rating for the event, or empty.
    pub opponent_rating: String,
    /// The opponent's score in the section (so far), or empty without
    /// an opponent.
    pub opponent_score: String,
    pub colour: String,
    pub opponent: Option<Link>,
    pub result: String,
    pub points: String,
}

/// The tiebreak rules page, from the code's own definitions.
pub struct RulesPage {
    pub place: Place,
    /// The tiebreaks this league's events use, in the order first met.
    pub used: Vec<RuleTerm>,
    pub families: Vec<RuleFamily>,
    pub presets: Vec<PresetRow>,
    /// The crosstable codes.
    pub codes: Vec<RuleNote>,
}

/// A family of tiebreaks on the rules page (US Chess, FIDE, teams).
pub struct RuleFamily {
    pub name: String,
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
    pub meaning: String,
}

/// A named tiebreak order on the rules page.
pub struct PresetRow {
    pub name: String,
    pub codes: String,
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
