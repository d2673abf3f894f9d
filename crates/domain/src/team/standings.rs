//! Team standings: rank on match points (or game points), then the event's
//! team tiebreak order; teams still tied share a place ("3-5").
//!
//! Tiebreaks that depend on who is tied (`team-h2h`, `EDE`) are computed
//! within each tied group when the order reaches them and re-applied inside
//! any subgroup they leave tied; the others are computed once per team.

use super::event::TeamEvent;
use super::tiebreak::{self, classes_by, TeamFacts};
use crate::domain::score::{Points, Value};
use crate::domain::tiebreak::{TeamCode, Tiebreak, Working};

/// One team's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    /// Index into [`TeamEvent::teams`].
    pub team: usize,
    /// 1-based position of the first team of this team's place.
    pub rank: usize,
    /// "3", or "3-5" for a shared place.
    pub place: String,
    /// Match points: the primary score unless the event ranks by game
    /// points.
    pub match_points: Points,
    /// Game points: the sum of the boards' results.
    pub game_points: Points,
    /// One per tiebreak of [`TeamStandings::order`]. For `team-h2h` and
    /// `EDE`, the value among the teams of [`TeamRow::tied_with`], and
    /// `None` when the team was no longer tied when the order reached it.
    pub values: Vec<Option<Value>>,
    /// One per tiebreak: the teams (this one included) among which that
    /// tiebreak ranked this team: those still tied with it when the order
    /// reached it, or, for `team-h2h` and `EDE`, which are re-applied inside
    /// the subgroups they leave tied, the last such subgroup. Empty once the
    /// team was separated.
    pub tied_with: Vec<Vec<usize>>,
}

impl TeamRow {
    /// The score the event ranks on.
    pub fn score(&self, rank_by: super::RankBy) -> Points {
        match rank_by {
            super::RankBy::MatchPoints => self.match_points,
            super::RankBy::GamePoints => self.game_points,
        }
    }
}

/// The team standings, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStandings {
    /// The tiebreaks applied, in order; each row's values follow it.
    pub order: Vec<Tiebreak>,
    /// Which score ranks first (match or game points).
    pub rank_by: super::RankBy,
    /// One row a team, best first.
    pub rows: Vec<TeamRow>,
}

impl TeamStandings {
    /// The row of `team`.
    pub fn row(&self, team: usize) -> Option<&TeamRow> {
        self.rows.iter().find(|r| r.team == team)
    }

    /// The working behind tiebreak `k` (index into the order) for `team`.
    pub fn explain(&self, event: &TeamEvent, team: usize, k: usize) -> Option<Working> {
        let Tiebreak::Team(code) = *self.order.get(k)? else {
            return None;
        };
        let row = self.row(team)?;
        let f = TeamFacts::new(event);
        let group = row.tied_with.get(k).cloned().unwrap_or_default();
        let group = if group.is_empty() { vec![team] } else { group };
        let mut w = tiebreak::explain(&f, code, team, &group);
        if group.len() > 1 && depends_on_group(code) {
            w.notes.insert(
                0,
                format!(
                    "tied with {}",
                    group
                        .iter()
                        .filter(|&&t| t != team)
                        .map(|&t| f.name(t).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        Some(w)
    }
}

fn depends_on_group(code: TeamCode) -> bool {
    Tiebreak::Team(code).depends_on_group()
}

/// The standings of `event` under the tiebreak `order` (team codes only).
/// Fails with a message when the event does not validate or the order
/// names an individual tiebreak.
pub fn standings(event: &TeamEvent, order: &[Tiebreak]) -> Result<TeamStandings, String> {
    event.validate()?;
    let codes: Vec<TeamCode> = order
        .iter()
        .map(|tb| match tb {
            Tiebreak::Team(c) => Ok(*c),
            other => Err(format!(
                "\"{other}\" is an individual tiebreak; a team event's order uses team codes \
                 (usat, game-points, team-sb, team-solkoff, team-mm, team-h2h, MP, GP, EMMSB, \
                 EMGSB, EGMSB, EGGSB, EDE)"
            )),
        })
        .collect::<Result<_, _>>()?;
    let f = TeamFacts::new(event);
    let n = event.teams.len();
    // Values of the tiebreaks that do not depend on the tied group.
    let global: Vec<Vec<Option<Value>>> = codes
        .iter()
        .map(|&c| {
            (0..n)
                .map(|t| (!depends_on_group(c)).then(|| tiebreak::value(&f, c, t, &[t], None)))
                .collect()
        })
        .collect();
    let mut tied: Vec<Vec<Vec<usize>>> = vec![vec![Vec::new(); codes.len()]; n];
    let mut classes = Vec::new();
    let primary = f.primary();
    let all: Vec<usize> = (0..n).collect();
    let ranker = Ranker {
        f: &f,
        codes: &codes,
        global: &global,
    };
    for group in classes_by(&all, |t| f.total(t, primary)) {
        ranker.rank(group, 0, &mut classes, &mut tied);
    }
    let mut rows = Vec::with_capacity(n);
    let mut position = 1;
    for class in classes {
        let place = if class.len() > 1 {
            format!("{}-{}", position, position + class.len() - 1)
        } else {
            position.to_string()
        };
        for &t in &class {
            let values = codes
                .iter()
                .enumerate()
                .map(|(k, &c)| {
                    if depends_on_group(c) {
                        let g = &tied[t][k];
                        (g.len() > 1).then(|| tiebreak::value(&f, c, t, g, None))
                    } else {
                        global[k][t]
                    }
                })
                .collect();
            rows.push(TeamRow {
                team: t,
                rank: position,
                place: place.clone(),
                match_points: f.match_points[t],
                game_points: f.game_points[t],
                values,
                tied_with: std::mem::take(&mut tied[t]),
            });
        }
        position += class.len();
    }
    Ok(TeamStandings {
        order: order.to_vec(),
        rank_by: event.rules.rank_by,
        rows,
    })
}

struct Ranker<'a> {
    f: &'a TeamFacts<'a>,
    codes: &'a [TeamCode],
    global: &'a [Vec<Option<Value>>],
}

impl Ranker<'_> {
    /// Order a group tied on everything before tiebreak `level`, pushing its
    /// final classes (best first) onto `out`.
    fn rank(
        &self,
        group: Vec<usize>,
        level: usize,
        out: &mut Vec<Vec<usize>>,
        tied: &mut [Vec<Vec<usize>>],
    ) {
        if group.len() < 2 || level == self.codes.len() {
            out.push(group);
            return;
        }
        let code = self.codes[level];
        let ranked = match code {
            TeamCode::TeamH2h => tiebreak::h2h_ranking(self.f, &group),
            TeamCode::EDE => tiebreak::ede_ranking(self.f, &group),
            _ => classes_by(&group, |t| self.global[level][t])
                .into_iter()
                .map(|class| tiebreak::Ranked {
                    class,
                    among: group.clone(),
                })
                .collect(),
        };
        for r in ranked {
            for &t in &r.class {
                tied[t][level] = r.among.clone();
            }
            self.rank(r.class, level + 1, out, tied);
        }
    }
}
