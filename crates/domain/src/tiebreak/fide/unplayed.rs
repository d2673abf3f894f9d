//! Unplayed rounds, FIDE C.07 art. 15-16: which rounds are voluntarily
//! unplayed, how an opponent's score is adjusted, the dummy (or, before 2023,
//! virtual) opponent that stands in for the player's own unplayed rounds, and
//! the cut exception of 16.5.
//!
//! Everything here is derived once per section ([`View::new`]) so that the
//! opponent-strength systems (BH, FB, AOB, SB) only add up precomputed
//! entries.
//!
//! The three editions:
//! - **2024** (the 2023 text as applied from April 2024): an opponent's
//!   unplayed rounds count as awarded, except requested byes and absences
//!   followed only by voluntarily unplayed rounds (16.2.5), which count as
//!   draws (16.3). Each of the player's own unplayed rounds is a game against
//!   a dummy opponent whose score is the player's own final score (16.4).
//! - **2026**: as 2024, but the dummy's score is capped: by the scheduled
//!   opponent's adjusted score for a forfeit (16.4.1), by a draw's points times
//!   the number of rounds otherwise (16.4.2).
//! - **2009** (the "virtual opponent", in force until August 2023): every
//!   unplayed round of an opponent counts as a draw; the player's own
//!   unplayed round R of n is a game against a virtual opponent scoring
//!   (player's score before round R) + (1 − player's result in round R) +
//!   ½ × (n − R).
//!
//! Round robins (15.2): forfeits are the only unplayed rounds and count as
//! regular games against the scheduled opponent; scores are not adjusted and
//! there is no dummy.

use crate::domain::record::{ByeKind, Outcome, Round, Tournament};
use crate::domain::score::{Points, Value};
use crate::domain::tiebreak::FideEdition;

/// The category of an unplayed round (C.07 16.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Category {
    /// 16.2.1: a pairing-allocated bye or a full-point bye.
    FullBye,
    /// 16.2.2: a forfeit win.
    ForfeitWin,
    /// 16.2.3: a requested bye (half- or zero-point) or an absence followed
    /// by at least one round that is not voluntarily unplayed.
    ByeBeforePlay,
    /// 16.2.4: a forfeit loss (or a double forfeit) against a known opponent.
    ForfeitLoss,
    /// 16.2.5: a requested bye or absence followed only by voluntarily
    /// unplayed rounds, or in the last round (a withdrawal's tail).
    ByeAtEnd,
}

impl Category {
    /// How the category reads in a working.
    pub(super) fn describe(self) -> &'static str {
        match self {
            Category::FullBye => "full-point bye (16.2.1)",
            Category::ForfeitWin => "forfeit win (16.2.2)",
            Category::ByeBeforePlay => "bye or absence before a later available round (16.2.3)",
            Category::ForfeitLoss => "forfeit loss (16.2.4)",
            Category::ByeAtEnd => "bye or absence with no available round after it (16.2.5)",
        }
    }
}

/// A voluntarily unplayed round (VUR, C.07 16.1): a half- or zero-point
/// bye, an absence (every round after a withdrawal is one), a forfeit loss or
/// a double forfeit. Played games, forfeit wins and full-point byes
/// (requested or allocated by the pairing) are not.
pub(super) fn is_vur(outcome: Outcome) -> bool {
    match outcome {
        Outcome::Win | Outcome::Draw | Outcome::Loss | Outcome::ForfeitWin => false,
        Outcome::Bye {
            kind: ByeKind::Full,
            ..
        } => false,
        Outcome::Bye { .. } | Outcome::Absent | Outcome::ForfeitLoss | Outcome::DoubleForfeit => {
            true
        }
    }
}

/// The last round (1-based) the player was available for, i.e. that is not
/// a VUR; 0 when every round is one.
pub(super) fn last_available(rounds: &[Round]) -> usize {
    rounds
        .iter()
        .rposition(|r| !is_vur(r.outcome))
        .map_or(0, |i| i + 1)
}

/// The category of round `r` (0-based) of a record whose last available
/// round is `last` (1-based, from [`last_available`]); `None` for a game
/// played over the board.
///
/// A forfeit loss or double forfeit whose opponent is unknown (some TRF files
/// write `0000 - -`) has no scheduled opponent to count it against, so it is
/// placed like a bye, as the TEC reference implementation does.
pub(super) fn category(round: &Round, r: usize, last: usize) -> Option<Category> {
    match round.outcome {
        Outcome::Win | Outcome::Draw | Outcome::Loss => None,
        Outcome::ForfeitWin => Some(Category::ForfeitWin),
        Outcome::Bye {
            kind: ByeKind::Full,
            ..
        } => Some(Category::FullBye),
        Outcome::ForfeitLoss | Outcome::DoubleForfeit if round.opponent.is_some() => {
            Some(Category::ForfeitLoss)
        }
        _ if r + 1 < last => Some(Category::ByeBeforePlay),
        _ => Some(Category::ByeAtEnd),
    }
}

/// Why a term of the player's own unplayed round has the score it has.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Dummy {
    /// 2024 (16.4): the player's own final score.
    Own,
    /// 2026 16.4.1 (forfeits): own score capped by the scheduled opponent's
    /// adjusted score.
    CapOpponent { own: Points, cap: Points },
    /// 2026 16.4.2 (other unplayed rounds): own score capped by a draw's
    /// points times the number of rounds.
    CapRounds { own: Points, cap: Points },
    /// 2009: score before the round + the opponent's result in the round +
    /// ½ per later round.
    Virtual {
        before: Points,
        against: Points,
        later: usize,
    },
}

/// One term of an opponent-strength tiebreak (BH, FB, SB): a round and the
/// score that stands for the opponent in it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// 0-based round.
    pub round: usize,
    /// The opponent met (or scheduled, for a forfeit).
    pub opponent: Option<usize>,
    /// The player's own points in the round.
    pub points: Points,
    /// The opponent's adjusted score, or the dummy's score.
    pub score: Points,
    /// A voluntarily unplayed round (cut first, 16.5).
    pub vur: bool,
    /// `Some` for the player's own unplayed rounds (Swiss only).
    pub dummy: Option<Dummy>,
}

/// The facts the opponent-strength systems read, for one way of looking at
/// the section (as played, or the FB view with the final round drawn).
#[derive(Clone, Debug, Default)]
pub(super) struct View {
    /// Each player's own (unadjusted) score in this view.
    pub score: Vec<Points>,
    /// Each player's score as seen by opponents (16.3, or 2009's draws).
    pub adjusted: Vec<Points>,
    /// The last available round (1-based) of each player, 0 if none.
    pub last: Vec<usize>,
    /// Each player's terms, in round order. Swiss: one per round. Round
    /// robin: one per round with a scheduled opponent (byes add nothing).
    pub entries: Vec<Vec<Entry>>,
}

impl View {
    pub(super) fn new(t: &Tournament, edition: FideEdition, round_robin: bool) -> View {
        let n = t.players.len();
        let opponent = |r: &Round| r.opponent.filter(|&o| o < n);
        let score: Vec<Points> = t.players.iter().map(|p| p.score()).collect();
        let last: Vec<usize> = t
            .players
            .iter()
            .map(|p| last_available(&p.rounds))
            .collect();
        let adjusted: Vec<Points> = t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if round_robin {
                    return score[i];
                }
                p.rounds
                    .iter()
                    .enumerate()
                    .map(|(r, round)| match edition {
                        FideEdition::E2009 if round.outcome.is_unplayed() => Points::HALF,
                        FideEdition::E2009 => round.points(),
                        _ => match category(round, r, last[i]) {
                            Some(Category::ByeAtEnd) => Points::HALF,
                            _ => round.points(),
                        },
                    })
                    .sum()
            })
            .collect();
        let entries = t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let mut before = Points::ZERO;
                let mut list = Vec::with_capacity(p.rounds.len());
                for (r, round) in p.rounds.iter().enumerate() {
                    let points = round.points();
                    let opp = opponent(round);
                    if round_robin {
                        if let (Some(o), true) = (opp, round.outcome.is_paired()) {
                            list.push(Entry {
                                round: r,
                                opponent: Some(o),
                                points,
                                score: adjusted[o],
                                vur: false,
                                dummy: None,
                            });
                        }
                    } else if let (Some(o), true) = (opp, round.outcome.is_played()) {
                        list.push(Entry {
                            round: r,
                            opponent: Some(o),
                            points,
                            score: adjusted[o],
                            vur: false,
                            dummy: None,
                        });
                    } else {
                        let own = score[i];
                        let dummy = dummy_for(t, edition, own, &adjusted, r, opp, before, points);
                        list.push(Entry {
                            round: r,
                            opponent: opp,
                            points,
                            score: dummy_score(dummy, own),
                            vur: is_vur(round.outcome),
                            dummy: Some(dummy),
                        });
                    }
                    before += points;
                }
                list
            })
            .collect();
        View {
            score,
            adjusted,
            last,
            entries,
        }
    }
}

/// The dummy opponent of an unplayed round `r` (0-based) for a player
/// scoring `own`, with `before` points before it and `points` from it, by
/// edition: the player's own score (2024), capped by the scheduled
/// opponent's adjusted score or half the rounds (2026), or the 2009
/// virtual opponent.
#[allow(clippy::too_many_arguments)]
fn dummy_for(
    t: &Tournament,
    edition: FideEdition,
    own: Points,
    adjusted: &[Points],
    r: usize,
    opp: Option<usize>,
    before: Points,
    points: Points,
) -> Dummy {
    match edition {
        FideEdition::E2024 => Dummy::Own,
        FideEdition::E2026 => match opp {
            Some(o) => Dummy::CapOpponent {
                own,
                cap: adjusted[o],
            },
            None => Dummy::CapRounds {
                own,
                cap: Points::from_halves(t.rounds as i32),
            },
        },
        FideEdition::E2009 => Dummy::Virtual {
            before,
            against: Points::ONE - points,
            later: t.rounds.saturating_sub(r + 1),
        },
    }
}

/// The score a dummy opponent counts for; `own` is the player's.
fn dummy_score(dummy: Dummy, own: Points) -> Points {
    match dummy {
        Dummy::Own => own,
        Dummy::CapOpponent { own, cap } | Dummy::CapRounds { own, cap } => own.min(cap),
        Dummy::Virtual {
            before,
            against,
            later,
        } => before + against + Points::from_halves(later as i32),
    }
}

/// The section as Fore Buchholz sees it (C.07 8.3): every paired game of the
/// final round (played or forfeited, spec decision 9) becomes a draw played
/// over the board; byes and absences keep what they were.
pub(super) fn fore(t: &Tournament) -> Tournament {
    let mut f = t.clone();
    if let Some(last) = t.rounds.checked_sub(1) {
        for p in &mut f.players {
            if let Some(r) = p.rounds.get_mut(last) {
                if r.outcome.is_paired() && r.opponent.is_some() {
                    r.outcome = Outcome::Draw;
                }
            }
        }
    }
    f
}

/// One value a cut modifier may remove.
#[derive(Copy, Clone, Debug)]
pub(super) struct Candidate {
    /// The opponent's (or dummy's) score: what "least significant" means.
    pub score: Points,
    /// The term's contribution (the score for BH, the product for SB).
    pub value: Value,
    pub vur: bool,
}

/// Why a term was cut.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Cut {
    /// The least significant value (lowest opponent score; for SB the
    /// product with the lowest-scoring opponent, the lower product first).
    Lowest,
    /// 16.5: a voluntarily unplayed round, cut before the least significant
    /// value.
    Vur,
    /// A Median modifier's cut at the top.
    Highest,
}

impl Cut {
    pub(super) fn describe(self, n: usize, of: usize) -> String {
        let which = if of > 1 {
            format!("cut {n} of {of}")
        } else {
            "cut".to_string()
        };
        match self {
            Cut::Lowest => format!("{which}: least significant value"),
            Cut::Vur => format!("{which}: voluntarily unplayed round, cut first (art. 16.5)"),
            Cut::Highest => format!("{which}: highest value (median)"),
        }
    }
}

/// Apply `low` cuts at the bottom and then `high` at the top (C.07 art. 14),
/// returning the removed indices in order with the reason.
///
/// With `vur_first` (Swiss events under the 2024 and 2026 editions), each
/// bottom cut follows 16.5: the lowest voluntarily-unplayed contribution is
/// compared with the least significant value and the higher of the two is
/// removed, the VUR on equality (for Buchholz this always removes the VUR).
/// Top cuts are the plain highest values.
pub(super) fn cuts(c: &[Candidate], low: usize, high: usize, vur_first: bool) -> Vec<(usize, Cut)> {
    let mut kept: Vec<usize> = (0..c.len()).collect();
    let mut out = Vec::new();
    for _ in 0..low {
        let Some(&least) = kept.iter().min_by_key(|&&i| (c[i].score, c[i].value, i)) else {
            break;
        };
        let lowest_vur = kept
            .iter()
            .filter(|&&i| c[i].vur)
            .min_by_key(|&&i| (c[i].value, c[i].score, i))
            .copied();
        let (pick, why) = match lowest_vur {
            Some(v) if vur_first && c[least].value <= c[v].value => (v, Cut::Vur),
            _ => (least, Cut::Lowest),
        };
        kept.retain(|&i| i != pick);
        out.push((pick, why));
    }
    for _ in 0..high {
        let Some(&top) = kept
            .iter()
            .min_by_key(|&&i| (std::cmp::Reverse((c[i].score, c[i].value)), i))
        else {
            break;
        };
        kept.retain(|&i| i != top);
        out.push((top, Cut::Highest));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::record::build::crosstable;
    use crate::domain::record::Format;

    fn cand(score: i32, value: i64, vur: bool) -> Candidate {
        Candidate {
            score: Points(score),
            value: Value(value),
            vur,
        }
    }

    #[test]
    fn vurs_are_the_rounds_a_player_chose_not_to_play() {
        assert!(is_vur(Outcome::Absent));
        assert!(is_vur(Outcome::ForfeitLoss));
        assert!(is_vur(Outcome::DoubleForfeit));
        assert!(is_vur(Outcome::Bye {
            kind: ByeKind::Half,
            requested: true
        }));
        assert!(!is_vur(Outcome::ForfeitWin));
        assert!(!is_vur(Outcome::Bye {
            kind: ByeKind::Full,
            requested: false
        }));
        assert!(!is_vur(Outcome::Loss));
    }

    #[test]
    fn categories_follow_16_2() {
        // A withdrawal after a forfeit win; a forfeit loss; a bye before play.
        let t = crosstable(
            Format::Swiss,
            &[
                "-W2 +BYE +F3 -- --",
                "+B1 =BYE -F4 -- +W3",
                "-- -- -F1 +BYE -B2",
                "-- -- +F2 -- --",
            ],
        );
        let p = &t.players;
        let last1 = last_available(&p[0].rounds);
        assert_eq!(last1, 3);
        let cat = |i: usize, r: usize| category(&p[i].rounds[r], r, last_available(&p[i].rounds));
        assert_eq!(cat(0, 0), None);
        assert_eq!(cat(0, 1), Some(Category::FullBye));
        assert_eq!(cat(0, 2), Some(Category::ForfeitWin));
        assert_eq!(cat(0, 3), Some(Category::ByeAtEnd));
        assert_eq!(cat(1, 1), Some(Category::ByeBeforePlay));
        assert_eq!(cat(1, 2), Some(Category::ForfeitLoss));
        assert_eq!(cat(2, 0), Some(Category::ByeBeforePlay));
        // A trailing absence of a player who never became available.
        assert_eq!(last_available(&p[3].rounds), 3);
        assert_eq!(cat(3, 4), Some(Category::ByeAtEnd));
    }

    #[test]
    fn fore_view_draws_every_paired_final_round_game() {
        let t = crosstable(Format::Swiss, &["+W2 +F3", "-B1 +BYE", "-- -F1"]);
        let f = fore(&t);
        assert_eq!(f.players[0].rounds[1].outcome, Outcome::Draw);
        assert_eq!(f.players[2].rounds[1].outcome, Outcome::Draw);
        assert!(f.players[1].rounds[1].outcome.is_pairing_bye());
        assert_eq!(f.players[0].rounds[0].outcome, Outcome::Win);
    }

    #[test]
    fn buchholz_cut_removes_the_vur_first() {
        // Values 3, 1.5 (played), 3.5 (VUR): BH cut removes the VUR.
        let c = [cand(6, 300, false), cand(3, 150, false), cand(7, 350, true)];
        assert_eq!(cuts(&c, 1, 0, true), vec![(2, Cut::Vur)]);
        assert_eq!(cuts(&c, 1, 0, false), vec![(1, Cut::Lowest)]);
        assert_eq!(
            cuts(&c, 1, 1, false),
            vec![(1, Cut::Lowest), (2, Cut::Highest)]
        );
        assert_eq!(cuts(&c, 5, 0, true).len(), 3);
    }

    #[test]
    fn sonneborn_cut_removes_the_higher_of_vur_and_least_significant() {
        // Least significant: opponent 1.5 with product 1.5; VUR product 1.75
        // (2024) → the VUR goes; VUR product 1.25 (2026) → the 1.5 goes.
        let c = [cand(3, 150, false), cand(7, 175, true), cand(7, 175, false)];
        assert_eq!(cuts(&c, 1, 0, true), vec![(1, Cut::Vur)]);
        let c = [cand(3, 150, false), cand(5, 125, true), cand(7, 175, false)];
        assert_eq!(cuts(&c, 1, 0, true), vec![(0, Cut::Lowest)]);
    }
}
