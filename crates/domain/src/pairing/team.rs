//! Pairing a round of a team event: teams paired with the same engines as
//! players (any [`System`]: the FIDE Dutch system, the US Chess Swiss
//! system, a round-robin table), then each match laid out board by board.
//!
//! **What the rules say, and what we chose** (docs/pairing.md has it for the
//! secretary):
//! - FIDE's Swiss Team Pairing System (C.04.6, in force from 1 February
//!   2026) applies the individual Swiss rules to teams "mutatis mutandis":
//!   teams are ranked by their primary score (match points by default),
//!   then their secondary score (game points), then their initial number.
//!   We pair a team Swiss with the event's individual engine over that
//!   ranking: the score the engine groups by is the team's match points;
//!   within a score group the team with more game points ranks higher. To
//!   tell the engine so, the teams are numbered for the round in the order
//!   (game points, initial number) before the engine sees them
//!   ([`ranked_field`]); the engine's own order (score, then number) is
//!   then match points, game points, initial number.
//! - No two teams meet twice (C.04.1 b): every match recorded, played or
//!   forfeited, counts as the teams having met (a team match is a fixture
//!   between clubs; C.04.6 has no rule that lets a forfeited match be
//!   replayed).
//! - A team's colour is its colour on board 1 (C.04.6 1.6.1); its colour
//!   history is the list of those. The engine allocates the colour of board
//!   1 from it as it does for a player. C.04.6 weakens the colour rules for
//!   teams (no absolute colour preferences; the individual rules' colour
//!   limits, C.04.1 f and g, never apply); `league` gives teams the
//!   individual engine's colour rules unchanged, which can only make colours
//!   more balanced, never pair two teams twice. docs/pairing.md says so.
//! - Down the boards, colours alternate (FIDE team competitions, C.04.6
//!   1.6): the team with White on board 1 has White on every odd board and
//!   Black on every even board ([`board_colours`]).
//! - The pairing-allocated bye goes to the team the engine chooses (Dutch:
//!   the lowest-ranked team of the lowest score group that has not had one,
//!   C.04.3 C2); it is recorded as a team bye, worth what the event's team
//!   rules say (by default a match win and every board's game point).
//! - A team round robin plays the Berger (or Crenshaw) table over the
//!   teams' initial numbers, as a round robin of players does.

use super::{Board, Colour, Field, Pairing, PointSystem, System, Unpairable};
use super::{Entrant, Past};
use crate::domain::score::Points;

/// A team as the pairing of the next round sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamEntrant {
    /// The team's initial number (its pairing number for the event), 1-based.
    pub number: u32,
    /// The team's name, for messages about an unpairable round.
    pub name: String,
    /// One entry per earlier round: a match is [`Past::Played`] with the
    /// opponent's initial number, the team's colour on board 1 and the
    /// match points it scored; a team bye is [`Past::Bye`].
    pub history: Vec<Past>,
    /// Game points scored so far (the secondary score).
    pub game_points: Points,
    /// Whether the team plays this round (not withdrawn).
    pub available: bool,
}

impl TeamEntrant {
    /// Match points so far (the primary score).
    pub fn match_points(&self) -> Points {
        Points::from_halves(self.history.iter().map(|p| p.points().halves()).sum())
    }
}

/// Everything needed to pair one round of a team event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamField {
    /// The round to pair (1-based); every team's history has `round - 1`
    /// entries.
    pub round: u32,
    /// The planned number of rounds (the last round relaxes the Swiss
    /// rules, as for players).
    pub total_rounds: u32,
    /// The colour on board 1 of the first team in round 1.
    pub initial_colour: Colour,
    /// Match points: win, draw, loss, and what the team bye gives.
    pub points: PointSystem,
    /// Every team, in initial-number order.
    pub teams: Vec<TeamEntrant>,
}

/// The individual field a Swiss engine pairs: one entrant per team,
/// numbered for this round in the order (game points, then initial
/// number), so that the engine's order (score, then number) is C.04.6's
/// match points, game points, initial number. Returns the field and, for
/// each of its numbers (index `number - 1`), the team's initial number.
pub fn ranked_field(field: &TeamField) -> (Field, Vec<u32>) {
    let mut order: Vec<&TeamEntrant> = field.teams.iter().collect();
    order.sort_by(|a, b| {
        b.game_points
            .cmp(&a.game_points)
            .then(a.number.cmp(&b.number))
    });
    let initial: Vec<u32> = order.iter().map(|t| t.number).collect();
    let rank_of = |n: u32| {
        initial
            .iter()
            .position(|&x| x == n)
            .map_or(0, |i| i as u32 + 1)
    };
    let entrants = order
        .iter()
        .enumerate()
        .map(|(i, t)| team_entrant(t, i as u32 + 1, &rank_of))
        .collect();
    (
        Field {
            round: field.round,
            total_rounds: field.total_rounds,
            initial_colour: field.initial_colour,
            points: field.points,
            forbidden: vec![],
            entrants,
        },
        initial,
    )
}

/// The field a round-robin table reads: the teams in initial-number order,
/// numbered by it.
pub fn table_field(field: &TeamField) -> Field {
    Field {
        round: field.round,
        total_rounds: field.total_rounds,
        initial_colour: field.initial_colour,
        points: field.points,
        forbidden: vec![],
        entrants: field
            .teams
            .iter()
            .map(|t| team_entrant(t, t.number, &|n| n))
            .collect(),
    }
}

fn team_entrant(t: &TeamEntrant, number: u32, renumber: &dyn Fn(u32) -> u32) -> Entrant {
    let history = t
        .history
        .iter()
        .map(|p| match p {
            Past::Played {
                opponent,
                colour,
                points,
            } => Past::Played {
                opponent: renumber(*opponent),
                colour: *colour,
                points: *points,
            },
            Past::Forfeit {
                opponent,
                colour,
                points,
            } => Past::Forfeit {
                opponent: renumber(*opponent),
                colour: *colour,
                points: *points,
            },
            other => other.clone(),
        })
        .collect();
    Entrant {
        number,
        rating: 0,
        title: String::new(),
        name: t.name.clone(),
        history,
        available: t.available,
        requested_bye: None,
        acceleration: Points::ZERO,
        club: String::new(),
    }
}

/// Pair a round of teams with `system`. `round_robin` says the system plays
/// a fixed table (the teams keep their initial numbers); otherwise the
/// teams are ranked for a Swiss ([`ranked_field`]). The pairing names teams
/// by initial number; each board is (White on board 1, Black on board 1);
/// matches are listed as the engine orders its boards (top scores first).
pub fn pair_teams(
    system: &dyn System,
    field: &TeamField,
    round_robin: bool,
) -> Result<Pairing, Unpairable> {
    if round_robin {
        return system.pair(&table_field(field));
    }
    let (ranked, initial) = ranked_field(field);
    let back = |n: u32| initial.get(n as usize - 1).copied().unwrap_or(n);
    let pairing = system.pair(&ranked).map_err(|e| Unpairable {
        players: e.players.iter().map(|&n| back(n)).collect(),
        reason: e.reason,
    })?;
    Ok(renumbered(&pairing, back))
}

/// `pairing` with every number `n` written `to(n)`.
fn renumbered(pairing: &Pairing, to: impl Fn(u32) -> u32) -> Pairing {
    Pairing {
        boards: pairing
            .boards
            .iter()
            .map(|b| Board {
                white: to(b.white),
                black: to(b.black),
            })
            .collect(),
        byes: pairing.byes.iter().map(|&(n, k)| (to(n), k)).collect(),
    }
}

/// A Swiss pairing of teams (by initial number, as [`pair_teams`] gives it)
/// in the numbers of the field the engine paired ([`ranked_field`]), with
/// that field: what the account of the pairing (`--explain`) reads, so it
/// speaks of the ranking the engine saw (match points, game points, initial
/// number) and names each team.
pub fn ranked_pairing(field: &TeamField, pairing: &Pairing) -> (Field, Pairing) {
    let (ranked, initial) = ranked_field(field);
    let to_rank = |n: u32| {
        initial
            .iter()
            .position(|&x| x == n)
            .map_or(n, |i| i as u32 + 1)
    };
    (ranked, renumbered(pairing, to_rank))
}

/// The colour of the team with White on board 1, board by board (1-based
/// boards, index 0 is board 1): White on odd boards, Black on even ones.
pub fn board_colours(boards: u32) -> Vec<Colour> {
    (1..=boards)
        .map(|b| {
            if b % 2 == 1 {
                Colour::White
            } else {
                Colour::Black
            }
        })
        .collect()
}

/// The games of a match: board by board, (board, White, Black) from the
/// line-ups of the team with White on board 1 (`first`) and its opponent
/// (`second`), each in board order. Both line-ups must have `boards`
/// players (see [`line_up`]).
pub fn match_games<P: Clone>(first: &[P], second: &[P], boards: u32) -> Vec<(u32, P, P)> {
    board_colours(boards)
        .into_iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let (a, b) = (first.get(i)?.clone(), second.get(i)?.clone());
            Some(match c {
                Colour::White => (i as u32 + 1, a, b),
                Colour::Black => (i as u32 + 1, b, a),
            })
        })
        .collect()
}

/// A team's line-up for a match: the first `boards` players of its roster
/// in roster order (`roster` as (roster board, player), any order). `Err`
/// gives how many players the roster has when that is fewer than `boards`.
pub fn line_up<P: Clone>(roster: &[(u32, P)], boards: u32) -> Result<Vec<P>, usize> {
    let mut sorted: Vec<&(u32, P)> = roster.iter().collect();
    sorted.sort_by_key(|(b, _)| *b);
    if sorted.len() < boards as usize {
        return Err(sorted.len());
    }
    Ok(sorted
        .into_iter()
        .take(boards as usize)
        .map(|(_, p)| p.clone())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::super::dutch::Dutch;
    use super::super::round_robin::{RoundRobin, Table};
    use super::super::ByeKind;
    use super::*;
    use std::collections::HashSet;

    /// Match points 2/1/0 (a common team scale), bye a match win.
    fn points() -> PointSystem {
        PointSystem {
            win: Points::whole(2),
            draw: Points::ONE,
            loss: Points::ZERO,
            forfeit_win: Points::whole(2),
            forfeit_loss: Points::ZERO,
            pairing_bye: Points::whole(2),
        }
    }

    fn team(number: u32, history: Vec<Past>, game_points: i32) -> TeamEntrant {
        TeamEntrant {
            number,
            name: format!("Team {number}"),
            history,
            game_points: Points::from_halves(game_points),
            available: true,
        }
    }

    fn played(opponent: u32, colour: Colour, match_points: i32) -> Past {
        Past::Played {
            opponent,
            colour,
            points: Points::from_halves(match_points),
        }
    }

    fn field(round: u32, teams: Vec<TeamEntrant>) -> TeamField {
        TeamField {
            round,
            total_rounds: 5,
            initial_colour: Colour::White,
            points: points(),
            teams,
        }
    }

    fn pairs(p: &Pairing) -> Vec<(u32, u32)> {
        p.boards.iter().map(|b| (b.white, b.black)).collect()
    }

    #[test]
    fn round_one_pairs_top_half_against_bottom_half_by_initial_number() {
        let f = field(1, (1..=4).map(|n| team(n, vec![], 0)).collect());
        let p = pair_teams(&Dutch, &f, false).unwrap();
        // C.04.3: 1 v 3, 2 v 4 (S1 against S2); initial colour White for 1,
        // alternating down the boards of the pairing (4 gets White v 2).
        assert_eq!(pairs(&p), vec![(1, 3), (4, 2)]);
        assert!(p.byes.is_empty());
    }

    /// Round 2 of six teams, hand-worked. Round 1 (4 boards, match points
    /// 2/1/0): 1 beat 4 3-1 (1 White on board 1); 2 drew 5 2-2 (2 White);
    /// 6 drew 3 (6 White), 2-2 or, with `void`, 1½-1½ with a board double
    /// forfeited. Match points: 1 has 2; 2, 3, 5, 6 have 1; 4 has 0.
    fn six_after_round_one(void: bool) -> TeamField {
        let d = if void { 3 } else { 4 };
        field(
            2,
            vec![
                team(1, vec![played(4, Colour::White, 4)], 6),
                team(2, vec![played(5, Colour::White, 2)], 4),
                team(3, vec![played(6, Colour::Black, 2)], d),
                team(4, vec![played(1, Colour::Black, 0)], 2),
                team(5, vec![played(2, Colour::Black, 2)], 4),
                team(6, vec![played(3, Colour::White, 2)], d),
            ],
        )
    }

    fn met(p: &Pairing) -> HashSet<(u32, u32)> {
        pairs(p)
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect()
    }

    #[test]
    fn match_points_decide_the_groups_and_game_points_the_order_within_them() {
        // 1 (2 MP) is alone at the top and floats down into the 1-MP group.
        // It had White, so it wants Black: of that group 3 and 5 had Black
        // and want White (2 and 6 want Black too). With every draw 2-2 the
        // group is ordered by initial number, 2 3 5 6: 1 meets 3, the
        // highest it can meet with both colours granted; then 2 v 5 is a
        // rematch, so 5 v 6 and 2 floats down to 4.
        let p = pair_teams(&Dutch, &six_after_round_one(false), false).unwrap();
        assert_eq!(met(&p), HashSet::from([(1, 3), (5, 6), (2, 4)]));
        // With 6 v 3 drawn 1½-1½, 3 and 6 have fewer game points than 2
        // and 5: the group's order is 2 5 6 3, and 1 meets 5; then 2 v 3,
        // and 6 floats down to 4.
        let p = pair_teams(&Dutch, &six_after_round_one(true), false).unwrap();
        assert_eq!(met(&p), HashSet::from([(1, 5), (2, 3), (4, 6)]));
    }

    #[test]
    fn a_team_pairing_reads_back_in_the_numbers_the_engine_ranked_the_teams_by() {
        // With 6 v 3 drawn 1½-1½ the teams are numbered for the engine by
        // game points, then initial number: 1 2 5 3 6 4 (the engine puts
        // match points first itself). 1 v 5 is 1 v 3 in the engine's
        // numbers, 2 v 3 is 2 v 4, 4 v 6 is 6 v 5.
        let f = six_after_round_one(true);
        let p = pair_teams(&Dutch, &f, false).unwrap();
        let (ranked, back) = ranked_pairing(&f, &p);
        let names: Vec<&str> = ranked.entrants.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(
            names,
            ["Team 1", "Team 2", "Team 5", "Team 3", "Team 6", "Team 4"]
        );
        assert_eq!(back, Dutch.pair(&ranked).unwrap());
        assert_eq!(met(&back), HashSet::from([(1, 3), (2, 4), (5, 6)]));
    }

    #[test]
    fn board_one_colour_alternates_by_the_teams_history() {
        let f = six_after_round_one(false);
        let p = pair_teams(&Dutch, &f, false).unwrap();
        for b in &p.boards {
            let colour = |n: u32| match &f.teams[n as usize - 1].history[0] {
                Past::Played { colour, .. } => *colour,
                other => panic!("{other:?}"),
            };
            assert_eq!(colour(b.white), Colour::Black, "{b:?}");
            assert_eq!(colour(b.black), Colour::White, "{b:?}");
        }
        assert!(p.boards.contains(&Board { white: 3, black: 1 }));
    }

    #[test]
    fn no_two_teams_meet_twice_even_when_scores_ask_for_it() {
        // Round 3 of four teams. Round 1: 1-3 (1 won), 4-2 (4 won);
        // round 2: 1-4 ... if 1 and 4 both won round 1 and drew round 2 they
        // share the top and would meet again by score alone.
        let f = field(
            3,
            vec![
                team(
                    1,
                    vec![played(3, Colour::White, 4), played(4, Colour::Black, 2)],
                    11,
                ),
                team(
                    2,
                    vec![played(4, Colour::White, 0), played(3, Colour::Black, 4)],
                    8,
                ),
                team(
                    3,
                    vec![played(1, Colour::Black, 0), played(2, Colour::White, 0)],
                    2,
                ),
                team(
                    4,
                    vec![played(2, Colour::Black, 4), played(1, Colour::White, 2)],
                    11,
                ),
            ],
        );
        let p = pair_teams(&Dutch, &f, false).unwrap();
        // 1 and 4 (3 MP) have met; 1 has met 3 and 4, 4 has met 2 and 1:
        // the only pairing without a rematch is 1 v 2, 3 v 4.
        assert_eq!(met(&p), HashSet::from([(1, 2), (3, 4)]));
    }

    #[test]
    fn an_odd_number_of_teams_gives_the_lowest_team_the_bye() {
        let f = field(1, (1..=5).map(|n| team(n, vec![], 0)).collect());
        let p = pair_teams(&Dutch, &f, false).unwrap();
        assert_eq!(p.byes, vec![(5, ByeKind::PairingAllocated)]);
        assert_eq!(p.boards.len(), 2);
    }

    #[test]
    fn a_team_round_robin_plays_the_berger_table_on_initial_numbers() {
        let rr = RoundRobin {
            table: Table::Berger,
            cycles: 1,
        };
        // Game points would reorder a Swiss; a table ignores them.
        let mut f = field(2, (1..=4).map(|n| team(n, vec![], 0)).collect());
        f.teams[3].game_points = Points::whole(8);
        let p = pair_teams(&rr, &f, true).unwrap();
        // C.05 Annex 1, round 2 of four: 4-3, 1-2.
        assert_eq!(pairs(&p), vec![(4, 3), (1, 2)]);
    }

    #[test]
    fn boards_alternate_colours_down_the_line_up() {
        assert_eq!(
            board_colours(4),
            vec![Colour::White, Colour::Black, Colour::White, Colour::Black]
        );
        let games = match_games(&["a1", "a2", "a3"], &["b1", "b2", "b3"], 3);
        assert_eq!(
            games,
            vec![(1, "a1", "b1"), (2, "b2", "a2"), (3, "a3", "b3")]
        );
    }

    #[test]
    fn a_line_up_is_the_roster_in_board_order_and_needs_enough_players() {
        let roster = [(3, "Cy"), (1, "Ann"), (7, "Gus"), (2, "Bob")];
        assert_eq!(line_up(&roster, 3), Ok(vec!["Ann", "Bob", "Cy"]));
        assert_eq!(line_up(&roster, 4), Ok(vec!["Ann", "Bob", "Cy", "Gus"]));
        assert_eq!(line_up(&roster, 5), Err(4));
    }
}
