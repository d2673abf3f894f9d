//! A section's round pages and, for a round robin, its square grid: what
//! people open during an event. Each round lists its games board by board
//! (White and Black with their scores before the round, the result, or
//! "result not yet in" while the game is pending), its byes, and the
//! entered players with neither. Read from the section's facts, so a round
//! paired but not yet played has its page too.

use super::load::TeamSection;
use super::model::{
    AlphaLine, BoardLine, ByeLine, Grid, GridCell, GridRow, Link, MatchBlock, Place, RoundPage,
    TeamBoardLine,
};
use crate::domain::ids::PlayerId;
use crate::domain::names::fold;
use crate::domain::record::{ByeKind, Colour, Format, Outcome};
use crate::domain::score::Points;
use crate::domain::team::BoardOutcome;
use crate::report::SectionReport;

/// Where a section's own pages go: `2022-23/winter-swiss-1600/` beside
/// `2022-23/winter-swiss-1600.html`.
pub fn section_folder(section_path: &str) -> String {
    section_path
        .strip_suffix(".html")
        .unwrap_or(section_path)
        .to_string()
}

/// The path of round `n`'s page of the section at `section_path`.
pub fn round_path(section_path: &str, n: usize) -> String {
    format!("{}/round-{n}.html", section_folder(section_path))
}

/// The path of the section's working page.
pub fn working_path(section_path: &str) -> String {
    format!("{}/working.html", section_folder(section_path))
}

/// The "Round 1, Round 2, ..." strip of a round page (players' or teams'):
/// every round of the section linked from `place`, except round `n`, the
/// page itself, whose link is empty.
fn round_links(place: &Place, section_path: &str, rounds: usize, n: usize) -> Vec<Link> {
    (1..=rounds)
        .map(|m| Link {
            text: format!("Round {m}"),
            href: if m == n {
                String::new()
            } else {
                place.href(&round_path(section_path, m))
            },
        })
        .collect()
}

/// A game's result as White–Black, in the members' notation, from
/// White's and Black's outcomes (a loss on both sides is a game both
/// players lost: "0–0").
fn result_text((white, black): (Outcome, Outcome)) -> &'static str {
    match white {
        Outcome::Win => "1–0",
        Outcome::Loss if black == Outcome::Loss => "0–0",
        Outcome::Loss => "0–1",
        Outcome::Draw => "½–½",
        Outcome::ForfeitWin => "1–0 forfeit",
        Outcome::ForfeitLoss => "0–1 forfeit",
        Outcome::DoubleForfeit => "0–0 double forfeit",
        _ => "",
    }
}

/// A game of a round page: (board recorded, white, black, White's and
/// Black's outcomes or None while pending).
type BoardGame = (Option<u32>, usize, usize, Option<(Outcome, Outcome)>);

/// "Tuesday 3 October 2023" from "2023-10-03", "Tuesday 3 October 2023,
/// 19:30" from "2023-10-03 19:30" (a round's start time, V30), "Starts at
/// 19:30" from "19:30"; the text as given when it is none of these.
pub fn long_date(iso: &str) -> String {
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    let (day, clock) = match iso.split_once(' ') {
        Some((d, t)) => (d, Some(t)),
        None => (iso, None),
    };
    match (time::Date::parse(day, fmt), clock) {
        (Ok(d), None) => format!("{} {} {} {}", d.weekday(), d.day(), d.month(), d.year()),
        (Ok(d), Some(t)) => format!(
            "{} {} {} {}, {t}",
            d.weekday(),
            d.day(),
            d.month(),
            d.year()
        ),
        (Err(_), None) if crate::domain::text::clock_time(iso).is_some() => {
            format!("Starts at {iso}")
        }
        _ => iso.to_string(),
    }
}

/// A game's result from one side: "1", "½", "0", "1 forfeit", "0
/// forfeit", "0 double forfeit".
fn own_result(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "1",
        Outcome::Loss => "0",
        Outcome::Draw => "½",
        Outcome::ForfeitWin => "1 forfeit",
        Outcome::ForfeitLoss => "0 forfeit",
        Outcome::DoubleForfeit => "0 double forfeit",
        _ => "",
    }
}

/// The alphabetical list of a round: both players of every game and every
/// bye, by name (folded, as the pairing sheet sorts), then number.
fn alphabetical(
    games: &[BoardLine],
    outcomes: &[Option<(Outcome, Outcome)>],
    byes: &[ByeLine],
) -> Vec<AlphaLine> {
    let mut list = Vec::with_capacity(2 * games.len() + byes.len());
    for (g, o) in games.iter().zip(outcomes) {
        for (me, no, them, colour, mine) in [
            (&g.white, g.white_no, &g.black, "White", o.map(|x| x.0)),
            (&g.black, g.black_no, &g.white, "Black", o.map(|x| x.1)),
        ] {
            list.push(AlphaLine {
                id: format!("p-{no}"),
                player: me.clone(),
                number: no,
                board: g.board.clone(),
                colour: colour.to_string(),
                opponent: Some(them.clone()),
                result: mine.map_or("", own_result).to_string(),
                pending: g.pending,
            });
        }
    }
    for b in byes {
        list.push(AlphaLine {
            id: format!("p-{}", b.number),
            player: b.player.clone(),
            number: b.number,
            board: String::new(),
            colour: b.kind.clone(),
            opponent: None,
            result: String::new(),
            pending: false,
        });
    }
    list.sort_by(|a, b| {
        fold(&a.player.text)
            .cmp(&fold(&b.player.text))
            .then(a.number.cmp(&b.number))
    });
    list
}

/// "1 point", "½ point", "2½ points".
pub fn points_words(p: Points) -> String {
    if p == Points::ONE || p == Points::HALF {
        format!("{} point", p.fraction())
    } else {
        format!("{} points", p.fraction())
    }
}

/// Running scores before each round (results in so far): `before[i][k]`
/// is entry i's score before round k + 1.
pub fn scores_before(r: &SectionReport) -> Vec<Vec<Points>> {
    let n_rounds = r.facts.created_rounds;
    r.facts
        .tournament
        .players
        .iter()
        .map(|p| {
            let mut run = Points::ZERO;
            let mut out = Vec::with_capacity(n_rounds);
            for k in 0..n_rounds {
                out.push(run);
                if let Some(round) = p.rounds.get(k) {
                    run += round.points();
                }
            }
            out
        })
        .collect()
}

/// What a round holds, as its page and the section page's live block show
/// it: the games board by board (with each side's outcome, `None` while
/// pending), the byes and the entered players with neither.
pub struct RoundLines {
    /// The games, board by board.
    pub games: Vec<BoardLine>,
    /// Beside `games`: White's and Black's outcomes, `None` while pending.
    pub outcomes: Vec<Option<(Outcome, Outcome)>>,
    /// The byes, by pairing number.
    pub byes: Vec<ByeLine>,
    /// Entered players with neither game nor bye.
    pub absent: Vec<Link>,
}

impl RoundLines {
    /// "3 of 5 results are in; 2 not yet." and the like.
    pub fn status(&self) -> String {
        let total = self.games.len();
        let in_ = self.outcomes.iter().filter(|o| o.is_some()).count();
        match (total, in_) {
            (0, _) => "No games in this round.".to_string(),
            (1, 1) => "The result is in.".to_string(),
            (2, 2) => "Both results are in.".to_string(),
            (t, i) if t == i => format!("All {t} results are in."),
            (1, 0) => "The result is not yet in.".to_string(),
            (t, 0) => format!("None of the {t} results is in yet."),
            (t, i) => format!("{i} of {t} results are in; {} not yet.", t - i),
        }
    }

    /// Games still waiting for their result.
    pub fn pending(&self) -> usize {
        self.outcomes.iter().filter(|o| o.is_none()).count()
    }
}

/// Round `n` of an individual section, its players linked by `link`.
/// `before` is [`scores_before`].
pub fn round_lines(
    r: &SectionReport,
    before: &[Vec<Points>],
    n: usize,
    link: &dyn Fn(usize) -> Link,
) -> RoundLines {
    let facts = &r.facts;
    let t = &facts.tournament;
    let entries = &facts.entries;
    let rating = |i: usize| entries[i].rating.map(|x| x.to_string()).unwrap_or_default();
    let k = n - 1;
    let mut games: Vec<BoardGame> = Vec::new();
    let mut byes = Vec::new();
    let mut absent = Vec::new();
    for (i, p) in t.players.iter().enumerate() {
        let round = p
            .rounds
            .get(k)
            .copied()
            .unwrap_or(crate::domain::record::Round::ABSENT);
        match round.outcome {
            o if o.is_paired() => {
                if round.colour == Some(Colour::White) {
                    if let Some(b) = round.opponent {
                        let theirs = t.players[b]
                            .rounds
                            .get(k)
                            .map_or(Outcome::Absent, |x| x.outcome);
                        games.push((board_of(r, n, i), i, b, Some((o, theirs))));
                    }
                }
            }
            Outcome::Bye { kind, .. } => byes.push(ByeLine {
                player: link(i),
                number: entries[i].pairing_no,
                score: before[i][k].fraction(),
                kind: match kind {
                    ByeKind::Full => "full-point bye",
                    ByeKind::Half => "half-point bye",
                    ByeKind::Zero => "zero-point bye",
                }
                .to_string(),
            }),
            _ => {
                let pending = facts
                    .pending
                    .iter()
                    .any(|&(pr, w, b)| pr == n && (w == i || b == i));
                if !pending {
                    absent.push(link(i));
                }
            }
        }
    }
    for &(pr, w, b) in &facts.pending {
        if pr == n {
            games.push((board_of(r, n, w), w, b, None));
        }
    }
    // Recorded boards first, in board order; then the rest with the
    // higher scores first, as pairings are usually listed.
    games.sort_by_key(|&(board, w, b, _)| {
        let top = before[w][k].max(before[b][k]);
        (
            board.unwrap_or(u32::MAX),
            std::cmp::Reverse(top),
            entries[w].pairing_no.min(entries[b].pairing_no),
        )
    });
    let any_board = games.iter().any(|g| g.0.is_some());
    let outcomes = games.iter().map(|g| g.3).collect();
    let games = games
        .into_iter()
        .enumerate()
        .map(|(pos, (board, w, b, o))| BoardLine {
            board: match board {
                Some(x) => x.to_string(),
                None if any_board => String::new(),
                None => (pos + 1).to_string(),
            },
            white: link(w),
            white_no: entries[w].pairing_no,
            white_rating: rating(w),
            white_score: before[w][k].fraction(),
            result: o.map_or("", result_text).to_string(),
            pending: o.is_none(),
            black: link(b),
            black_no: entries[b].pairing_no,
            black_rating: rating(b),
            black_score: before[b][k].fraction(),
        })
        .collect();
    byes.sort_by_key(|b| b.number);
    RoundLines {
        games,
        outcomes,
        byes,
        absent,
    }
}

/// Every round page of an individual section. `section_path` is the
/// section page's path; `player(i)` the path of entry `i`'s player page
/// (from the root); `season` the season's name and index path; `dates`
/// each round's date as recorded, from round 1.
pub fn round_pages(
    r: &SectionReport,
    section_path: &str,
    season: (&str, &str),
    player: &dyn Fn(usize) -> String,
    dates: &[Option<String>],
    est: &crate::report::rating_change::Estimates,
) -> Vec<RoundPage> {
    let n_rounds = r.facts.created_rounds;
    let before = scores_before(r);
    let heading_of = |k: usize| format!("{} {} — Round {k}", r.event.name, r.section.name);
    (1..=n_rounds)
        .map(|n| {
            let place = Place::new(round_path(section_path, n));
            let link = |i: usize| Link {
                text: r.shown_name(i),
                href: place.href(&player(i)),
            };
            let lines = round_lines(r, &before, n, &link);
            RoundPage {
                date: round_date(dates, n),
                pending: lines.pending(),
                status: lines.status(),
                alphabetical: alphabetical(&lines.games, &lines.outcomes, &lines.byes),
                season: Link {
                    text: season.0.to_string(),
                    href: place.href(season.1),
                },
                section: Link {
                    text: format!("{} {}", r.event.name, r.section.name),
                    href: place.href(section_path),
                },
                heading: heading_of(n),
                rounds: round_links(&place, section_path, n_rounds, n),
                games: lines.games,
                byes: lines.byes,
                absent: lines.absent,
                matches: Vec::new(),
                team_byes: Vec::new(),
                estimates: super::ratings::round_estimates(est, n, &link),
                explained: Vec::new(),
                place,
            }
        })
        .collect()
}

/// Round `n`'s date in long form ("Tuesday 3 October 2023"), or empty.
pub fn round_date(dates: &[Option<String>], n: usize) -> String {
    dates
        .get(n.wrapping_sub(1))
        .and_then(Option::as_deref)
        .map(long_date)
        .unwrap_or_default()
}

/// A board's result from the first-named team's side.
fn board_text(o: BoardOutcome) -> &'static str {
    match o {
        BoardOutcome::HomeWin => "1–0",
        BoardOutcome::Draw => "½–½",
        BoardOutcome::AwayWin => "0–1",
        BoardOutcome::HomeForfeitWin => "1–0 forfeit",
        BoardOutcome::AwayForfeitWin => "0–1 forfeit",
        BoardOutcome::DoubleForfeit => "0–0 double forfeit",
        BoardOutcome::DoubleLoss => "0–0 lost by both",
    }
}

/// Every round page of a team event (`name`: "Team Cup Open"): each match with its score and its
/// boards (recorded results only), then the team byes. `player(id)` is the
/// path of a player's page, if they have one; `roster(team)` the anchor of
/// a team's roster on the section page.
pub fn team_round_pages(
    t: &TeamSection,
    name: &str,
    section_path: &str,
    season: (&str, &str),
    player: &dyn Fn(PlayerId) -> Option<String>,
    roster: &dyn Fn(usize) -> String,
) -> Vec<RoundPage> {
    let r = &t.report;
    let loaded = &r.loaded;
    let n_rounds = loaded.created_rounds.min(loaded.event.rounds.len());
    (1..=n_rounds)
        .map(|n| {
            let place = Place::new(round_path(section_path, n));
            let round = &loaded.event.rounds[n - 1];
            let team = |i: usize| Link {
                text: loaded.teams[i].name.clone(),
                href: place.href(&format!("{section_path}{}", roster(i))),
            };
            let person = |p: Option<PlayerId>| match p {
                Some(id) => Link {
                    text: loaded.name(id),
                    href: player(id).map(|h| place.href(&h)).unwrap_or_default(),
                },
                None => Link {
                    text: String::new(),
                    href: String::new(),
                },
            };
            let matches: Vec<MatchBlock> = round
                .matches
                .iter()
                .map(|m| MatchBlock {
                    home: team(m.home),
                    away: team(m.away),
                    score: format!(
                        "{}–{}{}",
                        m.home_points.fraction(),
                        m.away_points.fraction(),
                        if m.forfeited { " forfeit" } else { "" }
                    ),
                    boards: m
                        .boards
                        .iter()
                        .flatten()
                        .map(|b| TeamBoardLine {
                            board: b.board,
                            home: person(b.home_player),
                            result: board_text(b.outcome).to_string(),
                            away: person(b.away_player),
                        })
                        .collect(),
                })
                .collect();
            RoundPage {
                season: Link {
                    text: season.0.to_string(),
                    href: place.href(season.1),
                },
                section: Link {
                    text: name.to_string(),
                    href: place.href(section_path),
                },
                heading: format!("{name} — Round {n}"),
                status: match matches.len() {
                    0 => "No matches recorded in this round yet.".to_string(),
                    1 => "1 match recorded.".to_string(),
                    k => format!("{k} matches recorded."),
                },
                rounds: round_links(&place, section_path, n_rounds, n),
                date: String::new(),
                pending: 0,
                alphabetical: Vec::new(),
                games: Vec::new(),
                byes: Vec::new(),
                absent: Vec::new(),
                estimates: Vec::new(),
                matches,
                team_byes: round.byes.iter().map(|&i| team(i)).collect(),
                explained: Vec::new(),
                place,
            }
        })
        .collect()
}

/// The board number a game of round `n` with White entry `white` was
/// recorded with.
fn board_of(r: &SectionReport, n: usize, white: usize) -> Option<u32> {
    let b = &r.facts.boards;
    b.binary_search_by_key(&(n, white), |&(rn, w, _)| (rn, w))
        .ok()
        .map(|k| b[k].2)
}

/// A round robin's square grid (rows and columns by pairing number, the
/// diagonal blacked out), from the standings' records; `None` for a Swiss.
pub fn grid(r: &SectionReport, player_href: &dyn Fn(usize) -> String) -> Option<Grid> {
    let t = &r.tournament;
    if t.format != Format::RoundRobin || t.players.is_empty() {
        return None;
    }
    let entries = &r.facts.entries;
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&i| entries[i].pairing_no);
    let rows = order
        .iter()
        .map(|&i| {
            let record = &t.players[i];
            let cells = order
                .iter()
                .map(|&j| {
                    if i == j {
                        return GridCell {
                            text: String::new(),
                            class: "self".into(),
                            title: String::new(),
                        };
                    }
                    let met: Vec<Outcome> = record
                        .rounds
                        .iter()
                        .filter(|x| x.opponent == Some(j) && x.outcome.is_paired())
                        .map(|x| x.outcome)
                        .collect();
                    let text = met
                        .iter()
                        .map(|o| match o {
                            Outcome::Win => "1",
                            Outcome::Draw => "½",
                            Outcome::Loss => "0",
                            Outcome::ForfeitWin => "+",
                            _ => "−",
                        })
                        .collect::<Vec<_>>()
                        .join(" ");
                    let class = match met.as_slice() {
                        [Outcome::Win | Outcome::ForfeitWin] => "win",
                        [Outcome::Draw] => "draw",
                        [_] => "loss",
                        _ => "none",
                    };
                    let words = met
                        .iter()
                        .map(|o| o.words())
                        .collect::<Vec<_>>()
                        .join(", then ");
                    GridCell {
                        title: if met.is_empty() {
                            format!("not yet played against {}", entries[j].name)
                        } else {
                            format!("{words} against {}", entries[j].name)
                        },
                        text,
                        class: class.into(),
                    }
                })
                .collect();
            GridRow {
                number: entries[i].pairing_no,
                player: Link {
                    text: r.shown_name(i),
                    href: player_href(i),
                },
                cells,
                total: record.score().fraction(),
            }
        })
        .collect();
    Some(Grid {
        numbers: order.iter().map(|&i| entries[i].pairing_no).collect(),
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_pages_sit_in_the_sections_folder() {
        assert_eq!(
            round_path("2022-23/winter-swiss-1600.html", 3),
            "2022-23/winter-swiss-1600/round-3.html"
        );
        assert_eq!(
            working_path("2022-23/winter-swiss-1600.html"),
            "2022-23/winter-swiss-1600/working.html"
        );
        assert_eq!(result_text((Outcome::Draw, Outcome::Draw)), "½–½");
        assert_eq!(
            result_text((Outcome::ForfeitLoss, Outcome::ForfeitWin)),
            "0–1 forfeit"
        );
        assert_eq!(result_text((Outcome::Loss, Outcome::Win)), "0–1");
        assert_eq!(result_text((Outcome::Loss, Outcome::Loss)), "0–0");
        assert_eq!(points_words(Points::ONE), "1 point");
        assert_eq!(points_words(Points::HALF), "½ point");
        assert_eq!(points_words(Points::ZERO), "0 points");
        assert_eq!(points_words(Points::ONE + Points::HALF), "1½ points");
    }
}
