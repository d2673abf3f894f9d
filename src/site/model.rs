//! The site's page models: plain data (strings, numbers, links) built from
//! the section reports by [`super::build`], rendered by [`super::render`].
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
    pub players: Vec<PlayerPage>,
}

/// The front page: every season, newest first.
pub struct IndexPage {
    pub place: Place,
    pub seasons: Vec<IndexSeason>,
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
    pub dates: String,
    pub kind: String,
    /// "after round 6 of 6".
    pub progress: String,
    pub notes: Vec<String>,
    pub body: SectionBody,
}

/// What a section page shows, by kind of section. Team sections add a
/// variant here (team standings and the team crosstable).
pub enum SectionBody {
    Individual(IndividualSection),
}

/// Standings, crosstable, race and working of an individual section.
pub struct IndividualSection {
    /// Tiebreak codes, in the event's order (the standings' extra columns).
    pub tiebreaks: Vec<String>,
    pub standings: Vec<StandingRow>,
    pub rounds: Vec<usize>,
    pub crosstable: Vec<CrossRow>,
    /// Each tiebreak used, in plain words.
    pub rules: Vec<RuleNote>,
    /// Other things to know about the order (actual-play rule, FIDE edition).
    pub rule_notes: Vec<String>,
    pub race: Option<Chart>,
    pub working: Vec<PlayerWorking>,
}

/// One line of a section's standings.
pub struct StandingRow {
    pub place: String,
    pub pairing_no: u32,
    pub player: Link,
    pub rating: String,
    pub score: String,
    pub values: Vec<String>,
    /// `#working-N`: the row's working further down the page.
    pub working: String,
}

/// One line of a section's crosstable.
pub struct CrossRow {
    /// Row number, as other rows' cells name this player.
    pub number: usize,
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
    /// The opponent's row on this page, for games and forfeits.
    pub href: Option<String>,
    /// Tooltip: the result in words and the running score.
    pub title: String,
    /// CSS class by result: `win`, `loss`, `draw`, `bye`, `none`.
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
    pub charts: Vec<Chart>,
    /// Newest first.
    pub events: Vec<PlayerEvent>,
}

/// One of a player's events on their page.
pub struct PlayerEvent {
    pub season: Link,
    pub event: String,
    pub section: Link,
    pub place: String,
    pub score: String,
    /// "4 of 6" style: rounds counted.
    pub rounds: usize,
    pub performance: String,
    pub rating: String,
    pub games: Vec<PlayerGame>,
}

/// One round of a player's event: opponent, colour, result.
pub struct PlayerGame {
    pub round: usize,
    pub colour: String,
    pub opponent: Option<Link>,
    pub result: String,
    pub points: String,
}

/// The tiebreak rules page, from the code's own definitions.
pub struct RulesPage {
    pub place: Place,
    pub families: Vec<RuleFamily>,
    pub presets: Vec<PresetRow>,
    /// The crosstable codes.
    pub codes: Vec<RuleNote>,
}

/// A family of tiebreaks on the rules page (US Chess, FIDE, teams).
pub struct RuleFamily {
    pub name: String,
    pub rules: Vec<RuleNote>,
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
