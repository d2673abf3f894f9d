//! Per-player round facts: the one shape every tiebreak reads.
//!
//! The store builds a [`Tournament`] from a section's games and byes (two
//! queries, giving what the `player_round` view shows: `store::facts`); the
//! TRF importer and the tests build one by hand. Every round of
//! every player is present, including rounds with no game and no bye
//! (late entry, withdrawal, absence), so a tiebreak never has to guess.

use super::score::Points;

/// Which colour a player had in a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White.
    White,
    /// Black: the colour the "games with Black" tiebreaks count (FIDE BPG
    /// and BWG, US Chess most blacks).
    Black,
}

/// The points a bye is worth.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ByeKind {
    /// A full point (the pairing-allocated bye, usually).
    Full,
    /// Half a point (the usual requested bye).
    Half,
    /// No points.
    Zero,
}

impl ByeKind {
    /// What the bye adds to the player's score.
    pub fn points(self) -> Points {
        match self {
            ByeKind::Full => Points::ONE,
            ByeKind::Half => Points::HALF,
            ByeKind::Zero => Points::ZERO,
        }
    }
}

/// What happened to one player in one round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Won over the board.
    Win,
    /// Drew over the board.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won because the scheduled opponent did not play.
    ForfeitWin,
    /// Lost by not playing a scheduled game.
    ForfeitLoss,
    /// Neither scheduled player appeared: 0 for both.
    DoubleForfeit,
    /// A bye: `requested` by the player (a half-point bye asked for in
    /// advance) or assigned by the pairing (the odd player's full point).
    Bye {
        /// What the bye is worth.
        kind: ByeKind,
        /// Asked for by the player, rather than given by the pairing: the
        /// workings name the two apart, and a TRF export lists the assigned half- and
        /// zero-point ones on a line of their own.
        requested: bool,
    },
    /// No pairing and no bye: before a late entry, after a withdrawal, or
    /// simply missing. Scores 0.
    Absent,
}

impl Outcome {
    /// Points awarded for the round.
    pub fn points(self) -> Points {
        match self {
            Outcome::Win | Outcome::ForfeitWin => Points::ONE,
            Outcome::Draw => Points::HALF,
            Outcome::Loss | Outcome::ForfeitLoss | Outcome::DoubleForfeit | Outcome::Absent => {
                Points::ZERO
            }
            Outcome::Bye { kind, .. } => kind.points(),
        }
    }

    /// A game decided over the board (1-0, 0-1, ½-½).
    pub fn is_played(self) -> bool {
        matches!(self, Outcome::Win | Outcome::Draw | Outcome::Loss)
    }

    /// Anything other than a game decided over the board.
    pub fn is_unplayed(self) -> bool {
        !self.is_played()
    }

    /// A pairing-allocated bye (assigned full point to the odd player).
    pub fn is_pairing_bye(self) -> bool {
        matches!(
            self,
            Outcome::Bye {
                kind: ByeKind::Full,
                requested: false
            }
        )
    }

    /// The player was paired against someone (played or forfeited).
    pub fn is_paired(self) -> bool {
        matches!(
            self,
            Outcome::Win
                | Outcome::Draw
                | Outcome::Loss
                | Outcome::ForfeitWin
                | Outcome::ForfeitLoss
                | Outcome::DoubleForfeit
        )
    }

    /// The outcome's name in the database's views (docs/views.md) and in
    /// JSON: "win", "draw", "loss", "forfeit-win", "forfeit-loss",
    /// "double-forfeit", "bye-full", "bye-half", "bye-zero", "absent".
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
            Outcome::ForfeitWin => "forfeit-win",
            Outcome::ForfeitLoss => "forfeit-loss",
            Outcome::DoubleForfeit => "double-forfeit",
            Outcome::Bye {
                kind: ByeKind::Full,
                ..
            } => "bye-full",
            Outcome::Bye {
                kind: ByeKind::Half,
                ..
            } => "bye-half",
            Outcome::Bye {
                kind: ByeKind::Zero,
                ..
            } => "bye-zero",
            Outcome::Absent => "absent",
        }
    }

    /// The outcome in words, as a results page or history says it ("won",
    /// "lost by forfeit", "half-point bye", "did not play").
    pub fn words(self) -> &'static str {
        match self {
            Outcome::Win => "won",
            Outcome::Draw => "drew",
            Outcome::Loss => "lost",
            Outcome::ForfeitWin => "won by forfeit",
            Outcome::ForfeitLoss => "lost by forfeit",
            Outcome::DoubleForfeit => "double forfeit",
            Outcome::Bye {
                kind: ByeKind::Full,
                ..
            } => "full-point bye",
            Outcome::Bye {
                kind: ByeKind::Half,
                ..
            } => "half-point bye",
            Outcome::Bye {
                kind: ByeKind::Zero,
                ..
            } => "zero-point bye",
            Outcome::Absent => "did not play",
        }
    }

    /// The one-letter code of the TRF and of most wall charts.
    pub fn code(self) -> char {
        match self {
            Outcome::Win => '1',
            Outcome::Draw => '=',
            Outcome::Loss => '0',
            Outcome::ForfeitWin => '+',
            Outcome::ForfeitLoss | Outcome::DoubleForfeit => '-',
            Outcome::Bye {
                kind: ByeKind::Full,
                requested: false,
            } => 'U',
            Outcome::Bye {
                kind: ByeKind::Full,
                requested: true,
            } => 'F',
            Outcome::Bye {
                kind: ByeKind::Half,
                ..
            } => 'H',
            Outcome::Bye {
                kind: ByeKind::Zero,
                ..
            } => 'Z',
            Outcome::Absent => 'Z',
        }
    }
}

/// One player's round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Round {
    /// What happened: a game's result, a forfeit, a bye, or absence.
    pub outcome: Outcome,
    /// Index (into [`Tournament::players`]) of the opponent, for games and
    /// forfeits; `None` for byes and absences (and forfeits whose opponent is
    /// unknown, as some TRF files write them).
    pub opponent: Option<usize>,
    /// Colour, for games (and forfeits where the pairing gave one).
    pub colour: Option<Colour>,
}

impl Round {
    /// A round with no game and no bye (late entry, withdrawal, absence):
    /// what every round of a record starts as, so none is ever missing.
    pub const ABSENT: Round = Round {
        outcome: Outcome::Absent,
        opponent: None,
        colour: None,
    };

    /// What the round adds to the score, unadjusted (tiebreaks that count
    /// unplayed rounds otherwise adjust it themselves).
    pub fn points(&self) -> Points {
        self.outcome.points()
    }

    /// The opponent met over the board, if this round was a played game.
    pub fn played_opponent(&self) -> Option<usize> {
        if self.outcome.is_played() {
            self.opponent
        } else {
            None
        }
    }
}

/// One entry's record in a section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRecord {
    /// The section's pairing (start) number.
    pub pairing_no: u32,
    /// The name, for workings and error messages.
    pub name: String,
    /// Rating at entry (pre-event), if rated.
    pub rating: Option<u32>,
    /// Exactly [`Tournament::rounds`] entries; index 0 is round 1.
    pub rounds: Vec<Round>,
    /// Last round the player took part in before withdrawing, if withdrawn.
    pub withdrawn_after: Option<u32>,
}

impl PlayerRecord {
    /// The player's score: played and unplayed points, never adjusted.
    pub fn score(&self) -> Points {
        self.rounds.iter().map(Round::points).sum()
    }

    /// Points scored over the board only.
    pub fn played_points(&self) -> Points {
        self.rounds
            .iter()
            .filter(|r| r.outcome.is_played())
            .map(Round::points)
            .sum()
    }
}

/// Round robin or Swiss: FIDE treats forfeits and Buchholz differently.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// A Swiss.
    Swiss,
    /// A round robin: for FIDE, forfeits count as games against the
    /// scheduled opponent and the Buchholz family has no value
    /// (`domain::tiebreak::fide`).
    RoundRobin,
}

/// A section's records: everything a tiebreak may read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// Swiss or round robin.
    pub format: Format,
    /// Rounds considered (R): the rounds completed, or N for standings after
    /// round N (spec decision 1).
    pub rounds: usize,
    /// Every entry's record; an opponent is an index into this list.
    pub players: Vec<PlayerRecord>,
}

impl Tournament {
    /// The section as it stood after round `n`: later rounds are removed and
    /// the event is treated as an `n`-round event (spec decision 1).
    pub fn after_round(&self, n: usize) -> Tournament {
        let n = n.min(self.rounds);
        Tournament {
            format: self.format,
            rounds: n,
            players: self
                .players
                .iter()
                .map(|p| PlayerRecord {
                    rounds: p.rounds[..n].to_vec(),
                    withdrawn_after: p.withdrawn_after.filter(|&w| (w as usize) < n),
                    ..p.clone()
                })
                .collect(),
        }
    }

    /// Maximum possible score: one point per round.
    pub fn max_score(&self) -> Points {
        Points::whole(self.rounds as i32)
    }

    /// Check the records are consistent: each player has `rounds` rounds,
    /// opponents exist and point back, and both sides of a game agree.
    /// Returns a description of the first problem found.
    pub fn check(&self) -> Result<(), String> {
        for (i, p) in self.players.iter().enumerate() {
            if p.rounds.len() != self.rounds {
                return Err(format!(
                    "{} has {} rounds recorded, expected {}",
                    p.name,
                    p.rounds.len(),
                    self.rounds
                ));
            }
            for (r, round) in p.rounds.iter().enumerate() {
                let Some(o) = round.opponent else { continue };
                let Some(opp) = self.players.get(o) else {
                    return Err(format!(
                        "{} round {}: opponent does not exist",
                        p.name,
                        r + 1
                    ));
                };
                if o == i {
                    return Err(format!(
                        "{} round {}: paired against themself",
                        p.name,
                        r + 1
                    ));
                }
                let back = opp.rounds[r];
                if back.opponent != Some(i) {
                    return Err(format!(
                        "round {}: {} is paired with {}, but {} is not paired with {}",
                        r + 1,
                        p.name,
                        opp.name,
                        opp.name,
                        p.name
                    ));
                }
                let consistent = matches!(
                    (round.outcome, back.outcome),
                    (Outcome::Win, Outcome::Loss)
                        | (Outcome::Loss, Outcome::Win)
                        // Played and lost by both (an arbiter's decision).
                        | (Outcome::Loss, Outcome::Loss)
                        | (Outcome::Draw, Outcome::Draw)
                        | (Outcome::ForfeitWin, Outcome::ForfeitLoss)
                        | (Outcome::ForfeitLoss, Outcome::ForfeitWin)
                        | (Outcome::DoubleForfeit, Outcome::DoubleForfeit)
                );
                if !consistent {
                    return Err(format!(
                        "round {}: {} and {} record their game differently",
                        r + 1,
                        p.name,
                        opp.name
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Shorthand for building records by hand in tests and examples.
pub mod build {
    use super::*;

    /// A game result from `a`'s side: 1 win, 0 loss, anything else a draw.
    pub fn game(opponent: usize, colour: Colour, result: Outcome) -> Round {
        Round {
            outcome: result,
            opponent: Some(opponent),
            colour: Some(colour),
        }
    }

    /// A bye of `kind`; `requested` tells a requested bye from the one the
    /// pairing gave.
    pub fn bye(kind: ByeKind, requested: bool) -> Round {
        Round {
            outcome: Outcome::Bye { kind, requested },
            opponent: None,
            colour: None,
        }
    }

    /// Build a tournament from a compact crosstable, one string per player,
    /// rounds separated by spaces, in the FIDE exercise's notation:
    /// `+W9` win as White against player 9, `=B13` draw as Black, `-W2` loss,
    /// `+F11`/`-F11` forfeit win/loss against 11, `+BYE` pairing-allocated
    /// bye, `=BYE` requested half-point bye, `-BYE` zero-point bye,
    /// `FBYE` requested full-point bye, `0F3` double forfeit with 3,
    /// `--` absent. Players are numbered from 1 in the strings.
    pub fn crosstable(format: Format, rows: &[&str]) -> Tournament {
        let parsed: Vec<Vec<&str>> = rows
            .iter()
            .map(|r| r.split_whitespace().collect())
            .collect();
        let rounds = parsed.first().map_or(0, Vec::len);
        let players = parsed
            .iter()
            .enumerate()
            .map(|(i, cells)| PlayerRecord {
                pairing_no: i as u32 + 1,
                name: format!("Player {}", i + 1),
                rating: None,
                rounds: cells.iter().map(|c| cell(c)).collect(),
                withdrawn_after: None,
            })
            .collect();
        Tournament {
            format,
            rounds,
            players,
        }
    }

    fn cell(c: &str) -> Round {
        match c {
            "--" => return Round::ABSENT,
            "+BYE" => return bye(ByeKind::Full, false),
            "FBYE" => return bye(ByeKind::Full, true),
            "=BYE" => return bye(ByeKind::Half, true),
            "-BYE" => return bye(ByeKind::Zero, true),
            _ => {}
        }
        if let Some(n) = c.strip_prefix("0F") {
            let o: usize = n.parse().expect("opponent number");
            return Round {
                outcome: Outcome::DoubleForfeit,
                opponent: Some(o - 1),
                colour: None,
            };
        }
        let mut ch = c.chars();
        let res = ch.next().expect("result");
        let kind = ch.next().expect("colour");
        let o: usize = ch.as_str().parse().expect("opponent number");
        let (outcome, colour) = match (res, kind) {
            ('+', 'F') => (Outcome::ForfeitWin, None),
            ('-', 'F') => (Outcome::ForfeitLoss, None),
            ('+', c) => (Outcome::Win, Some(c)),
            ('=', c) => (Outcome::Draw, Some(c)),
            ('-', c) => (Outcome::Loss, Some(c)),
            _ => panic!("bad cell {c}"),
        };
        Round {
            outcome,
            opponent: Some(o - 1),
            colour: colour.map(|c| {
                if c == 'W' {
                    Colour::White
                } else {
                    Colour::Black
                }
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::build::crosstable;
    use super::*;

    #[test]
    fn crosstable_builder_reads_the_fide_notation() {
        let t = crosstable(Format::Swiss, &["+W2 =BYE", "-B1 --"]);
        assert_eq!(t.rounds, 2);
        assert_eq!(t.players[0].score(), Points(3));
        assert_eq!(t.players[1].score(), Points(0));
        assert!(t.check().is_ok());
        assert_eq!(t.after_round(1).players[0].score(), Points(2));
    }

    #[test]
    fn check_finds_a_game_recorded_differently() {
        let t = crosstable(Format::Swiss, &["+W2", "+B1"]);
        assert!(t.check().unwrap_err().contains("differently"));
    }

    /// The names JSON and the views use for each outcome, all different.
    #[test]
    fn outcome_names_are_the_views_names() {
        let all = [
            (Outcome::Win, "win"),
            (Outcome::Draw, "draw"),
            (Outcome::Loss, "loss"),
            (Outcome::ForfeitWin, "forfeit-win"),
            (Outcome::ForfeitLoss, "forfeit-loss"),
            (Outcome::DoubleForfeit, "double-forfeit"),
            (
                Outcome::Bye {
                    kind: ByeKind::Full,
                    requested: true,
                },
                "bye-full",
            ),
            (
                Outcome::Bye {
                    kind: ByeKind::Half,
                    requested: false,
                },
                "bye-half",
            ),
            (
                Outcome::Bye {
                    kind: ByeKind::Zero,
                    requested: true,
                },
                "bye-zero",
            ),
            (Outcome::Absent, "absent"),
        ];
        for (o, name) in all {
            assert_eq!(o.name(), name);
        }
        let mut names: Vec<&str> = all.iter().map(|(o, _)| o.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len());
    }
}
