//! A team event's section page model from its team report: team standings
//! in the event's tiebreak order, the team crosstable of spec §5.13 (the
//! very cells `league team crosstable` prints, each linking to the
//! opponent's row), board prizes, rosters, each tiebreak in plain words and
//! the working behind every value (what `league standings --explain TEAM`
//! prints, through [`TeamReport::explain`]).

use std::collections::HashMap;

use super::load::TeamSection;
use super::model::{
    BoardRow, BoardTable, CrossCell, Link, Place, PlayerWorking, Roster, RosterLine, RuleNote,
    TeamCrossRow, TeamSectionBody, TeamStandingRow,
};
use super::section::{heading, show, working_item};
use crate::domain::ids::{PlayerId, TeamId};
use crate::domain::score::Points;
use crate::domain::team::{MatchResult, RankBy, RoundKind, TeamRound, TeamRules};
use crate::domain::tiebreak::{TeamCode, Tiebreak};
use crate::report::team::TeamReport;

/// The anchor of a team's row in the crosstable (`n` its `No.`).
fn row_id(n: usize) -> String {
    format!("team-{n}")
}

/// The anchor of a team's roster.
fn roster_id(n: usize) -> String {
    format!("roster-{n}")
}

/// The anchor of a team's working.
fn working_id(n: usize) -> String {
    format!("working-team-{n}")
}

/// "1 game point", "2½ game points".
fn count(p: Points, unit: &str) -> String {
    p.counted(unit)
}

/// A team round in words, for the crosstable's tooltips.
fn round_words(r: &TeamReport, round: &TeamRound) -> String {
    let against = round
        .opponent
        .and_then(|o| r.loaded.teams.get(o))
        .map(|t| format!(" against {}", t.name))
        .unwrap_or_default();
    let gp = count(round.game_points, "game point");
    match (round.kind, round.result) {
        (RoundKind::Played, Some(MatchResult::Win)) => {
            format!("won the match{against}, {gp}")
        }
        (RoundKind::Played, Some(MatchResult::Draw)) => {
            format!("drew the match{against}, {gp}")
        }
        (RoundKind::Played, _) => format!("lost the match{against}, {gp}"),
        (RoundKind::Forfeit, Some(MatchResult::Win)) => {
            format!("won the match{against} by forfeit, {gp}")
        }
        (RoundKind::Forfeit, _) => format!("lost the match{against} by forfeit"),
        (RoundKind::Bye, _) => format!("team bye, {gp}"),
        (RoundKind::Absent, _) => "not paired".to_string(),
    }
}

/// A number of the team crosstable ("3.0", "7.5", "0.5") in the style of
/// the rest of the site ("3", "7½", "½"); other decimals ("1.75") as they
/// are.
pub fn half_style(text: &str) -> String {
    match text.split_once('.') {
        Some((whole, "0")) if whole.chars().all(|c| c.is_ascii_digit()) => whole.to_string(),
        Some(("0", "5")) => "½".to_string(),
        Some((whole, "5")) if whole.chars().all(|c| c.is_ascii_digit()) => format!("{whole}½"),
        _ => text.to_string(),
    }
}

/// A crosstable cell ("W2,1.5", "-B-,2.0") with its game points in the
/// site's style ("W2,1½", "-B-,2").
fn cell_style(text: &str) -> String {
    match text.rsplit_once(',') {
        Some((head, points)) => format!("{head},{}", half_style(points)),
        None => text.to_string(),
    }
}

/// Whether a tiebreak's value is already a column of the team standings
/// (match points, game points), so the standings leave it out.
fn duplicates_a_column(t: &Tiebreak) -> bool {
    matches!(
        t,
        Tiebreak::Team(TeamCode::GamePoints | TeamCode::GP | TeamCode::MP)
    )
}

/// The CSS class of a crosstable cell, as for individual crosstables.
fn cell_class(round: &TeamRound) -> &'static str {
    match (round.kind, round.result) {
        (RoundKind::Bye, _) => "bye",
        (RoundKind::Absent, _) => "none",
        (_, Some(MatchResult::Win)) => "win",
        (_, Some(MatchResult::Draw)) => "draw",
        _ => "loss",
    }
}

/// The team section's page body. `player_href(id)` is the address of the
/// player page of the player with database id `id`, as seen from this page.
pub fn team_section(
    t: &TeamSection,
    place: &Place,
    player_href: &dyn Fn(PlayerId) -> String,
) -> TeamSectionBody {
    let r = &t.report;
    // Crosstable numbers: the standings' order, as the crosstable numbers
    // its rows and names opponents.
    let mut number = vec![0usize; r.loaded.teams.len()];
    for (i, row) in r.standings.rows.iter().enumerate() {
        number[row.team] = i + 1;
    }
    let rules_of = r.rules();
    TeamSectionBody {
        ranked_on: match rules_of.rank_by {
            RankBy::MatchPoints => "match points",
            RankBy::GamePoints => "game points",
        }
        .to_string(),
        tiebreaks: r
            .order
            .tiebreaks
            .iter()
            .filter(|t| !duplicates_a_column(t))
            .map(|t| heading(t, place))
            .collect(),
        standings: standing_rows(r, &number),
        header: r
            .crosstable
            .header
            .iter()
            .map(|h| column_name(h, &r.order.tiebreaks, rules_of.rank_by))
            .collect(),
        header_links: vec![String::new(); r.crosstable.header.len()],
        crosstable: cross_rows(r, &number),
        rules: r
            .order
            .tiebreaks
            .iter()
            .enumerate()
            .map(|(k, tb)| RuleNote {
                code: format!("{}. {}", k + 1, super::section::label_and_code(tb)),
                meaning: tb.meaning(),
            })
            .collect(),
        rule_notes: rule_notes(rules_of),
        boards: board_tables(r, player_href),
        rosters: rosters(t, &number, rules_of.boards, player_href),
        working: workings(r, &number),
    }
}

/// A tiebreak's name on the team page, as its standings heading and the
/// rules page name it ("USAT", "Game points").
fn team_label(t: &Tiebreak) -> String {
    super::section::short_label(t)
}

/// A team crosstable column's heading, named as the standings name it:
/// "Pts" as the points teams are ranked on, "TBrk1".. as the tiebreaks.
fn column_name(header: &str, order: &[Tiebreak], rank_by: RankBy) -> String {
    if header == "Pts" {
        return match rank_by {
            RankBy::MatchPoints => "Match points",
            RankBy::GamePoints => "Game points",
        }
        .to_string();
    }
    header
        .strip_prefix("TBrk")
        .and_then(|k| k.parse::<usize>().ok())
        .and_then(|k| order.get(k.wrapping_sub(1)))
        .map_or_else(|| header.to_string(), team_label)
}

/// A team's name, linked to its roster below the crosstable.
fn team_link(r: &TeamReport, number: &[usize], team: usize) -> Link {
    Link {
        text: r.loaded.teams[team].name.clone(),
        href: format!("#{}", roster_id(number[team])),
    }
}

/// The standings table's rows; `number` is each team's crosstable number.
fn standing_rows(r: &TeamReport, number: &[usize]) -> Vec<TeamStandingRow> {
    r.standings
        .rows
        .iter()
        .map(|row| TeamStandingRow {
            place: row.place.clone(),
            team: team_link(r, number, row.team),
            match_points: row.match_points.fraction(),
            game_points: row.game_points.fraction(),
            values: row
                .values
                .iter()
                .zip(&r.order.tiebreaks)
                .filter(|(_, t)| !duplicates_a_column(t))
                .map(|(v, _)| show(*v))
                .collect(),
            working: format!("#{}", working_id(number[row.team])),
        })
        .collect()
}

/// The crosstable's rows, each round's cell linked to the opponent's row.
fn cross_rows(r: &TeamReport, number: &[usize]) -> Vec<TeamCrossRow> {
    let records = r.team_event.records();
    let n_tb = r.order.tiebreaks.len();
    r.standings
        .rows
        .iter()
        .zip(&r.crosstable.rows)
        .map(|(row, cells)| {
            let team = row.team;
            let rounds = cells
                .iter()
                .skip(3 + n_tb)
                .zip(&records[team])
                .enumerate()
                .map(|(k, (text, round))| CrossCell {
                    text: cell_style(text),
                    href: round
                        .opponent
                        .filter(|_| matches!(round.kind, RoundKind::Played | RoundKind::Forfeit))
                        .map(|o| format!("#{}", row_id(number[o]))),
                    title: format!("Round {}: {}", k + 1, round_words(r, round)),
                    class: cell_class(round).to_string(),
                })
                .collect();
            TeamCrossRow {
                id: row_id(number[team]),
                number: cells.first().cloned().unwrap_or_default(),
                team: team_link(r, number, team),
                points: cells.get(2).map(|c| half_style(c)).unwrap_or_default(),
                values: cells
                    .iter()
                    .skip(3)
                    .take(n_tb)
                    .map(|c| half_style(c))
                    .collect(),
                cells: rounds,
            }
        })
        .collect()
}

/// What a match and a team bye score, and how a tie left is shared.
fn rule_notes(rules_of: &TeamRules) -> Vec<String> {
    vec![
        format!(
            "A match won scores {}, drawn {}, lost {}; a team bye scores {} and {}.",
            count(rules_of.match_win, "match point"),
            count(rules_of.match_draw, "match point"),
            count(rules_of.match_loss, "match point"),
            count(rules_of.bye_match_points, "match point"),
            count(rules_of.bye_game_points, "game point"),
        ),
        "Teams still tied after every tiebreak share the place.".to_string(),
    ]
}

/// The board prizes' tables: each board's players by score.
fn board_tables(r: &TeamReport, player_href: &dyn Fn(PlayerId) -> String) -> Vec<BoardTable> {
    let teams = &r.loaded.teams;
    r.boards
        .iter()
        .map(|b| BoardTable {
            board: b.board,
            rows: b
                .rows
                .iter()
                .map(|s| BoardRow {
                    place: s.place.clone(),
                    player: Link {
                        text: r.loaded.name(s.player),
                        href: player_href(s.player),
                    },
                    team: teams
                        .get(s.team)
                        .map(|x| x.name.clone())
                        .unwrap_or_default(),
                    points: s.points.fraction(),
                    games: s.games,
                    percent: s.percent.map_or_else(|| "–".to_string(), |p| p.decimal()),
                    forfeit_wins: s.forfeit_wins,
                })
                .collect(),
        })
        .collect()
}

/// Each team's roster, in standings order; boards past the match's are
/// alternates.
fn rosters(
    t: &TeamSection,
    number: &[usize],
    boards: u32,
    player_href: &dyn Fn(PlayerId) -> String,
) -> Vec<Roster> {
    let r = &t.report;
    let teams = &r.loaded.teams;
    let index: HashMap<TeamId, usize> = teams.iter().enumerate().map(|(i, x)| (x.id, i)).collect();
    let mut by_team: Vec<Vec<RosterLine>> = (0..teams.len()).map(|_| Vec::new()).collect();
    for line in &t.rosters {
        if let Some(&i) = index.get(&line.team_id) {
            by_team[i].push(RosterLine {
                board: if line.board > boards {
                    format!("alt {}", line.board)
                } else {
                    line.board.to_string()
                },
                player: Link {
                    text: line.name.clone(),
                    href: player_href(line.player_id),
                },
                rating: line.rating.map(|x| x.to_string()).unwrap_or_default(),
            });
        }
    }
    r.standings
        .rows
        .iter()
        .map(|row| {
            let team = &teams[row.team];
            Roster {
                id: roster_id(number[row.team]),
                team: team.name.clone(),
                short: team.short.clone().unwrap_or_default(),
                withdrawn: team
                    .withdrawn_after
                    .map(|w| format!("withdrew after round {w}"))
                    .unwrap_or_default(),
                players: std::mem::take(&mut by_team[row.team]),
            }
        })
        .collect()
}

/// How each team's tiebreaks were worked out, in standings order.
fn workings(r: &TeamReport, number: &[usize]) -> Vec<PlayerWorking> {
    let teams = &r.loaded.teams;
    r.standings
        .rows
        .iter()
        .map(|row| PlayerWorking {
            id: working_id(number[row.team]),
            name: teams[row.team].name.clone(),
            summary: format!(
                "{} (No. {}): place {}, {}, {}",
                teams[row.team].name,
                number[row.team],
                row.place,
                row.match_points.counted("match point"),
                row.game_points.counted("game point")
            ),
            items: r
                .explain(row.team)
                .into_iter()
                .map(|x| working_item(x.tiebreak, x.value, x.working, true))
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn team_numbers_take_the_sites_half_style() {
        assert_eq!(half_style("3.0"), "3");
        assert_eq!(half_style("7.5"), "7½");
        assert_eq!(half_style("0.5"), "½");
        assert_eq!(half_style("1.75"), "1.75");
        assert_eq!(half_style("-"), "-");
        assert_eq!(cell_style("W2,1.5"), "W2,1½");
        assert_eq!(cell_style("-B-,2.0"), "-B-,2");
        assert_eq!(cell_style("-U-,0.0"), "-U-,0");
    }
}
