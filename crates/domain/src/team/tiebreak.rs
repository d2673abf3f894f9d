//! Team tiebreaks: US Chess rule 34G (game points, USAT, the individual
//! systems applied to match points) and FIDE C.07 art. 13 (MP, GP, the
//! extended Sonneborn-Berger family, extended direct encounter).
//!
//! Every system is a pure function of [`TeamFacts`] (the event and each
//! team's derived rounds) and can write its working into a [`Working`],
//! one term per round or encounter, so that the terms not dropped add up to
//! the value. The two families keep their own unplayed-round rules:
//!
//! - **US Chess** (`usat*`, `team-sb`, `team-solkoff`, `team-mm`,
//!   `team-h2h`): unplayed rounds (team byes, whole-match forfeits, rounds
//!   not paired) add nothing to a team's own sums; in an opponent's
//!   *adjusted* score they count as half a match win (34E's "½").
//! - **FIDE** (`MP`, `GP`, `E..SB`, `EDE`): scores count as awarded; only
//!   matches played over the board enter the Sonneborn-Berger sums and the
//!   direct encounter.
//!
//! A match is "played" when at least one board was decided over the board
//! (a match with forfeited boards is still played), or when it is known by
//! its score alone.

use super::event::{TeamEvent, TeamRules};
use super::scoring::{MatchResult, RoundKind, TeamRound};
use crate::domain::score::{product, Points, Value};
use crate::domain::tiebreak::{TeamCode, Working};

/// What the team tiebreaks read: the event and each team's derived rounds
/// and totals, computed once.
pub struct TeamFacts<'a> {
    /// The event: teams, rounds and rules.
    pub event: &'a TeamEvent,
    /// `records[team][round]`, as [`TeamEvent::records`].
    pub records: Vec<Vec<TeamRound>>,
    /// Final match points (byes included, as awarded).
    pub match_points: Vec<Points>,
    /// Final game points (byes included, as awarded).
    pub game_points: Vec<Points>,
}

/// Which of a team's two scores.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Match points.
    Match,
    /// Game points.
    Game,
}

impl<'a> TeamFacts<'a> {
    /// Derive every team's rounds and totals once, so each tiebreak reads
    /// them instead of scoring the matches again.
    pub fn new(event: &'a TeamEvent) -> TeamFacts<'a> {
        let records = event.records();
        let match_points = records
            .iter()
            .map(|r| r.iter().map(|x| x.match_points).sum())
            .collect();
        let game_points = records
            .iter()
            .map(|r| r.iter().map(|x| x.game_points).sum())
            .collect();
        TeamFacts {
            event,
            records,
            match_points,
            game_points,
        }
    }

    /// The event's team rules (match points, boards, USAT options).
    pub fn rules(&self) -> &TeamRules {
        &self.event.rules
    }

    /// Rounds considered (R).
    pub fn rounds(&self) -> usize {
        self.event.rounds.len()
    }

    /// A team's name, for the working.
    pub fn name(&self, team: usize) -> &str {
        &self.event.teams[team].name
    }

    /// A team's final match or game points.
    pub fn total(&self, team: usize, score: Score) -> Points {
        match score {
            Score::Match => self.match_points[team],
            Score::Game => self.game_points[team],
        }
    }

    /// The score the standings rank on ([`TeamRules::rank_by`]).
    pub fn primary(&self) -> Score {
        match self.rules().rank_by {
            super::event::RankBy::MatchPoints => Score::Match,
            super::event::RankBy::GamePoints => Score::Game,
        }
    }

    /// The other score.
    pub fn secondary(&self) -> Score {
        match self.primary() {
            Score::Match => Score::Game,
            Score::Game => Score::Match,
        }
    }

    /// The opponent's score as the USAT tiebreak sees it: final match
    /// points, and when `adjusted`, each team bye counted as half a match
    /// win instead of what it was awarded (spec §2: "minus ½ for each bye
    /// it had" with the default 1/½/0 scale and a bye worth a win). Also
    /// returns the explanation ("2½ match points, less ½ for its bye").
    pub fn usat_score(&self, team: usize, adjusted: bool) -> (Points, String) {
        let mp = self.match_points[team];
        if !adjusted {
            return (mp, mp.counted("match point"));
        }
        let byes = self.records[team]
            .iter()
            .filter(|r| r.kind == RoundKind::Bye)
            .count() as i32;
        if byes == 0 {
            return (mp, format!("{}, no bye", mp.counted("match point")));
        }
        let per_bye = self.rules().bye_match_points - self.rules().half_win();
        let adjusted = mp - Points(per_bye.halves() * byes);
        let plural = if byes > 1 { "s" } else { "" };
        let adjustment = if per_bye >= Points::ZERO {
            format!(
                "less {} for its bye{plural}",
                Points(per_bye.halves() * byes)
            )
        } else {
            format!(
                "plus {} for its bye{plural}",
                Points(-per_bye.halves() * byes)
            )
        };
        (
            adjusted,
            format!("{} {adjustment}", mp.counted("match point")),
        )
    }

    /// The opponent's adjusted score of US Chess 34E (spec §1.1) on match
    /// points: rounds played as scored, every unplayed round (team bye,
    /// forfeited match, round not paired) as half a match win. Also returns
    /// the explanation.
    pub fn us_adjusted(&self, team: usize) -> (Points, String) {
        let half = self.rules().half_win();
        let mut total = Points::ZERO;
        let mut unplayed = Vec::new();
        for (r, round) in self.records[team].iter().enumerate() {
            if round.kind == RoundKind::Played {
                total += round.match_points;
            } else {
                total += half;
                unplayed.push((r + 1).to_string());
            }
        }
        let mp = self.match_points[team];
        let text = if unplayed.is_empty() {
            mp.counted("match point")
        } else {
            format!(
                "{}, unplayed round{} {} counted {half} → {total}",
                mp.counted("match point"),
                if unplayed.len() > 1 { "s" } else { "" },
                unplayed.join(", ")
            )
        };
        (total, text)
    }

    /// Over-the-board matches between `team` and `other`, as `team`'s rounds.
    fn encounters(&self, team: usize, other: usize) -> impl Iterator<Item = (usize, &TeamRound)> {
        self.records[team]
            .iter()
            .enumerate()
            .filter(move |(_, r)| r.played_opponent() == Some(other))
    }
}

fn round_points(round: &TeamRound, score: Score) -> Points {
    match score {
        Score::Match => round.match_points,
        Score::Game => round.game_points,
    }
}

fn score_word(score: Score) -> &'static str {
    match score {
        Score::Match => "match points",
        Score::Game => "game points",
    }
}

fn unplayed_word(round: &TeamRound) -> &'static str {
    match round.kind {
        RoundKind::Bye => "team bye",
        RoundKind::Forfeit => "forfeited match",
        RoundKind::Absent => "not paired",
        RoundKind::Played => "played",
    }
}

fn term(
    w: &mut Option<&mut Working>,
    round: usize,
    opponent: Option<usize>,
    text: String,
    value: Value,
) {
    if let Some(w) = w.as_mut() {
        w.term(Some(round + 1), opponent, text, value);
    }
}

fn note(w: &mut Option<&mut Working>, text: String) {
    if let Some(w) = w.as_mut() {
        w.note(text);
    }
}

/// `game-points` (US Chess 34G1) and FIDE `GP` (C.07 13.1): the team's
/// total game points, a team bye counting [`TeamRules::bye_game_points`]
/// (every board by default, spec decision 10), a forfeited match what it
/// was awarded.
pub fn game_points(f: &TeamFacts, team: usize, w: Option<&mut Working>) -> Value {
    total_points(f, team, Score::Game, w)
}

/// FIDE `MP` (C.07 13.1): the team's total match points, as awarded.
pub fn match_points(f: &TeamFacts, team: usize, w: Option<&mut Working>) -> Value {
    total_points(f, team, Score::Match, w)
}

fn total_points(f: &TeamFacts, team: usize, score: Score, mut w: Option<&mut Working>) -> Value {
    for (r, round) in f.records[team].iter().enumerate() {
        let pts = round_points(round, score);
        let text = match (round.kind, round.opponent) {
            (RoundKind::Played, Some(o)) => format!("v {}: {pts}", f.name(o)),
            (RoundKind::Forfeit, Some(o)) => format!("v {} (forfeited match): {pts}", f.name(o)),
            _ => format!("{}: {pts}", unplayed_word(round)),
        };
        term(&mut w, r, round.opponent, text, pts.value());
    }
    f.total(team, score).value()
}

/// `usat`, `usat/x1`, `usat/raw`, `usat/x1/raw` — the U.S. Amateur Team
/// tiebreak (US Chess 34G2, the "Barry system"; spec §2): for each match
/// played, the game points the team scored times the opponent's final match
/// score; summed; ×2 when `doubled`. When `adjusted`, the opponent's score
/// counts each of its team byes as half a match win (−½ per bye on the
/// default scale, as the USAT team page does; spec decision 7).
///
/// Choices: the code, not the event, decides the variant (the event's
/// [`TeamRules::usat_doubled`]/[`TeamRules::usat_adjusted`] only pick
/// which code [`TeamRules::usat`] names). The team's own byes, forfeited
/// matches and unpaired rounds add nothing ("for each match played"); the
/// adjustment covers the opponent's byes only, as the rule's text does, so
/// an opponent's forfeited matches and absences count as awarded. On a
/// non-default scale the adjustment is "bye counted as half a match win"
/// (−1 per bye on 2/1/0), which keeps the rule's intent.
pub fn usat(
    f: &TeamFacts,
    team: usize,
    doubled: bool,
    adjusted: bool,
    mut w: Option<&mut Working>,
) -> Value {
    let scale = if doubled { 2 } else { 1 };
    let mut total = Value::ZERO;
    for (r, round) in f.records[team].iter().enumerate() {
        match round.played_opponent() {
            Some(o) => {
                let (score, why) = f.usat_score(o, adjusted);
                let v = Value(product(round.game_points, score).0 * scale);
                total += v;
                let times = if doubled { " × 2" } else { "" };
                term(
                    &mut w,
                    r,
                    Some(o),
                    format!(
                        "{} v {} × {score} ({why}){times} = {}",
                        round.game_points.counted("game point"),
                        f.name(o),
                        v.fraction()
                    ),
                    v,
                );
            }
            None => term(
                &mut w,
                r,
                round.opponent,
                format!("{}: adds nothing", unplayed_word(round)),
                Value::ZERO,
            ),
        }
    }
    total
}

/// `team-sb` — US Chess Sonneborn-Berger (34E8, spec §1.11) on match points
/// (34G3): the final match points of each opponent beaten over the board
/// plus half those of each opponent drawn; nothing for losses or unplayed
/// rounds. Choice: opponents' final, unadjusted match points (the clubs'
/// default for `sb`, spec decision 3); "beaten" and "drawn" are match
/// results, weighted 1 and ½ whatever the match-point scale.
pub fn team_sb(f: &TeamFacts, team: usize, mut w: Option<&mut Working>) -> Value {
    let mut total = Value::ZERO;
    for (r, round) in f.records[team].iter().enumerate() {
        match (round.played_opponent(), round.result) {
            (Some(o), Some(result)) => {
                let opp = f.match_points[o];
                let v = product(result.fraction(), opp);
                total += v;
                let how = match result {
                    MatchResult::Win => format!("beat {}: its {opp}", f.name(o)),
                    MatchResult::Draw => format!("drew {}: half its {opp}", f.name(o)),
                    MatchResult::Loss => format!("lost to {}: nothing", f.name(o)),
                };
                term(&mut w, r, Some(o), how, v);
            }
            _ => term(
                &mut w,
                r,
                round.opponent,
                format!("{}: adds nothing", unplayed_word(round)),
                Value::ZERO,
            ),
        }
    }
    total
}

/// One Solkoff term per round: the opponent's 34E adjusted match score for
/// a match played, 0 for the team's own unplayed rounds (spec §1.1).
fn solkoff_terms(f: &TeamFacts, team: usize) -> Vec<(Value, String, Option<usize>)> {
    f.records[team]
        .iter()
        .map(|round| match round.played_opponent() {
            Some(o) => {
                let (adj, why) = f.us_adjusted(o);
                (adj.value(), format!("v {}: {why}", f.name(o)), Some(o))
            }
            None => (
                Value::ZERO,
                format!("own {}: counts 0", unplayed_word(round)),
                round.opponent,
            ),
        })
        .collect()
}

/// `team-solkoff` — US Chess Solkoff (34E2, spec §1.2) on match points
/// (34G3): the sum of the opponents' adjusted match scores, one term per
/// round. An opponent's unplayed rounds (byes, forfeited matches, rounds
/// not paired) count half a match win whatever they were awarded; the
/// team's own unplayed rounds count 0 (spec §1.1). Nothing dropped.
pub fn team_solkoff(f: &TeamFacts, team: usize, mut w: Option<&mut Working>) -> Value {
    let mut total = Value::ZERO;
    for (r, (v, text, o)) in solkoff_terms(f, team).into_iter().enumerate() {
        total += v;
        term(&mut w, r, o, text, v);
    }
    total
}

/// `team-mm` — US Chess Modified Median (34E1, spec §1.4) on match points
/// (34G3): the Solkoff terms, dropping by the team's own match score
/// against half the maximum (R match wins): plus → the lowest, minus → the
/// highest, even → both; two at each end with 9 or more rounds. The team's
/// own unplayed rounds are 0 terms, so with a plus score an own bye is what
/// goes first. Among equal terms the earlier round is dropped.
pub fn team_mm(f: &TeamFacts, team: usize, mut w: Option<&mut Working>) -> Value {
    let terms = solkoff_terms(f, team);
    let rounds = f.rounds();
    let n = if rounds >= 9 { 2 } else { 1 };
    let own = f.match_points[team].halves() as i64 * 2;
    let half_max = rounds as i64 * f.rules().match_win.halves() as i64;
    let (low, high, standing) = match own.cmp(&half_max) {
        std::cmp::Ordering::Greater => (n, 0, "plus score: drop the lowest"),
        std::cmp::Ordering::Equal => (n, n, "even score: drop the highest and the lowest"),
        std::cmp::Ordering::Less => (0, n, "minus score: drop the highest"),
    };
    let mut order: Vec<usize> = (0..terms.len()).collect();
    order.sort_by_key(|&i| (terms[i].0, i));
    let mut dropped: Vec<Option<&str>> = vec![None; terms.len()];
    for &i in order.iter().take(low) {
        dropped[i] = Some("lowest");
    }
    let highest: Vec<usize> = order
        .iter()
        .rev()
        .copied()
        .filter(|&i| dropped[i].is_none())
        .take(high)
        .collect();
    for i in highest {
        dropped[i] = Some("highest");
    }
    note(
        &mut w,
        format!(
            "{} match points in {rounds} rounds: {standing}{}",
            f.match_points[team],
            if n == 2 { " (two each, 9+ rounds)" } else { "" }
        ),
    );
    let mut total = Value::ZERO;
    for (r, (v, text, o)) in terms.into_iter().enumerate() {
        if dropped[r].is_none() {
            total += v;
        }
        if let Some(w) = w.as_mut() {
            w.term(Some(r + 1), o, text, v);
            if let Some(why) = dropped[r] {
                w.terms.last_mut().expect("just pushed").dropped = Some(format!("{why} term"));
            }
        }
    }
    total
}

/// `team-h2h` — head-to-head among tied teams (US Chess 34E5/34F applied to
/// teams, spec §1.7-1.8): matches won minus matches lost against the other
/// teams of `group`, over-the-board matches only (forfeited matches do not
/// count). With two teams it is simply who won their match; with more it is
/// plus/minus, not percentage. Teams that met none of the others have 0.
/// The standings re-apply it inside each still-tied subgroup (decision 5).
pub fn team_h2h(f: &TeamFacts, team: usize, group: &[usize], mut w: Option<&mut Working>) -> Value {
    let mut total = 0i64;
    for &other in group.iter().filter(|&&o| o != team) {
        let met: Vec<(usize, TeamRound)> =
            f.encounters(team, other).map(|(r, x)| (r, *x)).collect();
        for (r, round) in met {
            let (v, word) = match round.result {
                Some(MatchResult::Win) => (1, "won"),
                Some(MatchResult::Loss) => (-1, "lost"),
                _ => (0, "drew"),
            };
            total += v;
            term(
                &mut w,
                r,
                Some(other),
                format!(
                    "{word} v {} {}-{}",
                    f.name(other),
                    round.game_points,
                    round.opponent_game_points
                ),
                Value::int(v),
            );
        }
    }
    Value::int(total)
}

/// FIDE extended Sonneborn-Berger (C.07 13.2): Σ over matches played of
/// the opponent's final `opponent` score × the `own` score made against
/// it. `EMMSB` = (Match, Match), `EMGSB` = (Match, Game), `EGMSB` = (Game,
/// Match), `EGGSB` = (Game, Game).
///
/// Choices: opponents' scores count as awarded (their byes included); the
/// team's own byes, forfeited matches and unpaired rounds count nothing
/// (no art. 16 dummy opponent for team events).
pub fn esb(
    f: &TeamFacts,
    team: usize,
    opponent: Score,
    own: Score,
    mut w: Option<&mut Working>,
) -> Value {
    let mut total = Value::ZERO;
    for (r, round) in f.records[team].iter().enumerate() {
        match round.played_opponent() {
            Some(o) => {
                let opp = f.total(o, opponent);
                let mine = round_points(round, own);
                let v = product(opp, mine);
                total += v;
                term(
                    &mut w,
                    r,
                    Some(o),
                    format!(
                        "v {}: its {opp} {} × {mine} {} made = {}",
                        f.name(o),
                        score_word(opponent),
                        score_word(own),
                        v.fraction()
                    ),
                    v,
                );
            }
            None => term(
                &mut w,
                r,
                round.opponent,
                format!("{}: counts nothing", unplayed_word(round)),
                Value::ZERO,
            ),
        }
    }
    total
}

/// Σ of `score` made by `team` in matches played against the rest of
/// `group`; with the count of group members it has not met.
fn group_sum(f: &TeamFacts, team: usize, group: &[usize], score: Score) -> (Points, usize) {
    let mut sum = Points::ZERO;
    let mut missing = 0;
    for &other in group.iter().filter(|&&o| o != team) {
        let mut met = false;
        for (_, round) in f.encounters(team, other) {
            met = true;
            sum += round_points(round, score);
        }
        if !met {
            missing += 1;
        }
    }
    (sum, missing)
}

/// `EDE` — FIDE extended direct encounter (C.07 13.3, with art. 6): among
/// the tied teams, the primary score (match points, or game points when the
/// event ranks on them) made in their matches against each other; then the
/// secondary score. The value is the primary sum; [`ede_order`] does the
/// ranking (secondary score, not-all-met rule, sub-ties).
///
/// Choices: over-the-board matches only (art. 6: forfeits excluded, since
/// a team event here is not marked round robin); two teams that met more
/// than once have their matches summed (art. 6.1.2 averages; the ranking is
/// the same whenever every pair met equally often); the board-based
/// continuations of 2026 (EDET, EDEB, ...) are not implemented.
pub fn ede(f: &TeamFacts, team: usize, group: &[usize], mut w: Option<&mut Working>) -> Value {
    let primary = f.primary();
    let secondary = f.secondary();
    for &other in group.iter().filter(|&&o| o != team) {
        let met: Vec<(usize, TeamRound)> =
            f.encounters(team, other).map(|(r, x)| (r, *x)).collect();
        if met.is_empty() {
            note(&mut w, format!("did not meet {}", f.name(other)));
        }
        for (r, round) in met {
            let v = round_points(&round, primary);
            term(
                &mut w,
                r,
                Some(other),
                format!(
                    "v {}: {v} {} ({} {})",
                    f.name(other),
                    score_word(primary),
                    round_points(&round, secondary),
                    score_word(secondary)
                ),
                v.value(),
            );
        }
    }
    let (sum, _) = group_sum(f, team, group, primary);
    let (second, _) = group_sum(f, team, group, secondary);
    note(
        &mut w,
        format!(
            "{} among the tied teams: {sum}; then {}: {second}",
            score_word(primary),
            score_word(secondary)
        ),
    );
    sum.value()
}

/// Classes of `group` ordered best first by a key, higher better; equal keys
/// share a class, in the group's order.
pub(crate) fn classes_by<K: Ord + Copy>(
    group: &[usize],
    key: impl Fn(usize) -> K,
) -> Vec<Vec<usize>> {
    let mut sorted: Vec<usize> = group.to_vec();
    sorted.sort_by_key(|&t| std::cmp::Reverse(key(t)));
    let mut out: Vec<Vec<usize>> = Vec::new();
    for t in sorted {
        match out.last_mut() {
            Some(last) if key(last[0]) == key(t) => last.push(t),
            _ => out.push(vec![t]),
        }
    }
    out
}

/// Direct encounter on one score (C.07 art. 6): if every pair in `group`
/// met, rank by the sums; if not, a team is placed next only when its sum
/// beats every other remaining team's best possible sum (a win in each
/// missing match: a match win, or every board), and the rest stay tied
/// (art. 6.3, as the FIDE reference code applies it).
fn de_classes(f: &TeamFacts, group: &[usize], score: Score) -> Vec<Vec<usize>> {
    let sums: Vec<(usize, Points, usize)> = group
        .iter()
        .map(|&t| {
            let (s, missing) = group_sum(f, t, group, score);
            (t, s, missing)
        })
        .collect();
    let get = |t: usize| sums.iter().find(|x| x.0 == t).expect("in group");
    if sums.iter().all(|x| x.2 == 0) {
        return classes_by(group, |t| get(t).1);
    }
    let per_match = match score {
        Score::Match => f.rules().match_win,
        Score::Game => f.rules().match_game_points(),
    };
    let best = |t: usize| {
        let &(_, s, missing) = get(t);
        s + Points(per_match.halves() * missing as i32)
    };
    let mut rest: Vec<usize> = group.to_vec();
    let mut out = Vec::new();
    while rest.len() > 1 {
        let leader = rest.iter().copied().find(|&t| {
            rest.iter()
                .filter(|&&u| u != t)
                .all(|&u| get(t).1 > best(u))
        });
        match leader {
            Some(t) => {
                out.push(vec![t]);
                rest.retain(|&u| u != t);
            }
            None => break,
        }
    }
    out.push(rest);
    out
}

/// One class of a group tiebreak's ranking: the teams in it (several when
/// still tied) and the group whose evaluation placed them, among which
/// their values are computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked {
    /// The teams of the class (indices into the event's teams).
    pub class: Vec<usize>,
    /// The group the class was ranked in: its values are computed among
    /// these teams.
    pub among: Vec<usize>,
}

/// Rank `group` by a splitting rule, re-applying it inside each class it
/// leaves with several teams (FIDE C.07 6.2, spec decision 5).
fn rank_recursively(group: &[usize], split: &impl Fn(&[usize]) -> Vec<Vec<usize>>) -> Vec<Ranked> {
    let classes = if group.len() < 2 {
        vec![group.to_vec()]
    } else {
        split(group)
    };
    if classes.len() == 1 {
        return vec![Ranked {
            class: group.to_vec(),
            among: group.to_vec(),
        }];
    }
    classes
        .into_iter()
        .flat_map(|c| {
            if c.len() > 1 {
                rank_recursively(&c, split)
            } else {
                vec![Ranked {
                    class: c,
                    among: group.to_vec(),
                }]
            }
        })
        .collect()
}

/// The ranking `EDE` gives `group` (C.07 13.3 and art. 6): direct encounter
/// on the primary score; if that separates no one, on the secondary score;
/// then again inside each still-tied subgroup. Classes best first; a class
/// of several teams is still tied.
pub fn ede_ranking(f: &TeamFacts, group: &[usize]) -> Vec<Ranked> {
    rank_recursively(group, &|g: &[usize]| {
        let classes = de_classes(f, g, f.primary());
        if classes.len() > 1 {
            classes
        } else {
            de_classes(f, g, f.secondary())
        }
    })
}

/// The ranking `team-h2h` gives `group`: by plus/minus among the group,
/// re-applied inside each still-tied subgroup (spec decision 5).
pub fn h2h_ranking(f: &TeamFacts, group: &[usize]) -> Vec<Ranked> {
    rank_recursively(group, &|g: &[usize]| {
        classes_by(g, |t| team_h2h(f, t, g, None))
    })
}

/// The classes of [`ede_ranking`].
pub fn ede_order(f: &TeamFacts, group: &[usize]) -> Vec<Vec<usize>> {
    ede_ranking(f, group).into_iter().map(|r| r.class).collect()
}

/// The classes of [`h2h_ranking`].
pub fn h2h_order(f: &TeamFacts, group: &[usize]) -> Vec<Vec<usize>> {
    h2h_ranking(f, group).into_iter().map(|r| r.class).collect()
}

/// The value of a team tiebreak for `team`. `group` is the set of teams
/// still tied with it (read only by `team-h2h` and `EDE`).
pub fn value(
    f: &TeamFacts,
    code: TeamCode,
    team: usize,
    group: &[usize],
    w: Option<&mut Working>,
) -> Value {
    match code {
        TeamCode::GamePoints | TeamCode::GP => game_points(f, team, w),
        TeamCode::MP => match_points(f, team, w),
        TeamCode::Usat { doubled, adjusted } => usat(f, team, doubled, adjusted, w),
        TeamCode::TeamSb => team_sb(f, team, w),
        TeamCode::TeamSolkoff => team_solkoff(f, team, w),
        TeamCode::TeamMm => team_mm(f, team, w),
        TeamCode::TeamH2h => team_h2h(f, team, group, w),
        TeamCode::EMMSB => esb(f, team, Score::Match, Score::Match, w),
        TeamCode::EMGSB => esb(f, team, Score::Match, Score::Game, w),
        TeamCode::EGMSB => esb(f, team, Score::Game, Score::Match, w),
        TeamCode::EGGSB => esb(f, team, Score::Game, Score::Game, w),
        TeamCode::EDE => ede(f, team, group, w),
    }
}

/// The working behind `code`'s value for `team` (see [`value`]).
pub fn explain(f: &TeamFacts, code: TeamCode, team: usize, group: &[usize]) -> Working {
    let mut w = Working::default();
    value(f, code, team, group, Some(&mut w));
    w
}
