//! Tiebreak codes: the spec's short codes for every system, their one-line
//! meanings, and parsing (US Chess codes lower case; FIDE's acronyms and
//! modifiers; team codes).

use std::fmt;
use std::str::FromStr;

use super::presets::PRESETS;

/// A US Chess (rule 34E) system. Codes are lower case.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UsCode {
    /// `mm`: Modified Median: opponents' adjusted scores, dropping by the player's plus/even/minus
    /// score (34E1).
    ModifiedMedian,
    /// `median`: Median (Harkness): Solkoff dropping the highest and lowest (34E4).
    Median,
    /// `solkoff`: Solkoff: sum of opponents' adjusted scores, nothing dropped (34E2).
    Solkoff,
    /// `cumulative`: Cumulative: sum of running scores, less points not won over the board (34E3).
    Cumulative,
    /// `opp-cumulative`: Opposition Cumulative: sum of over-the-board opponents' Cumulative (34E9).
    OppCumulative,
    /// `tied-results`: Result between tied players: wins minus losses among them (34E5).
    TiedResults,
    /// `h2h`: Head-to-head: the result of the tied players' own game(s) (round robins).
    HeadToHead,
    /// `blacks`: Most blacks: games played with Black (34E6).
    Blacks,
    /// `kashdan`: Kashdan: win 4, draw 2, loss 1, unplayed 0 (34E7).
    Kashdan,
    /// `sb`: Sonneborn-Berger: scores of opponents beaten plus half of those drawn (34E8).
    SonnebornBerger,
    /// `wins`: Number of games won over the board.
    Wins,
    /// `aro`: Average rating of opponents met over the board (34E11).
    Aro,
    /// `coin`: Coin flip: a seeded, reproducible draw; never for titles (34E13).
    Coin,
}

/// A FIDE C.07 base system. Codes are FIDE's acronyms.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FideBase {
    /// `BH`: Buchholz: sum of opponents' scores, unplayed rounds per art. 16 (C.07 8.1).
    BH,
    /// `FB`: Fore Buchholz: Buchholz as if every final-round game were drawn (8.3).
    FB,
    /// `AOB`: Average of opponents' Buchholz, over-the-board opponents (8.2).
    AOB,
    /// `SB`: Sonneborn-Berger: Σ opponent's score × points against them (9.1).
    SB,
    /// `KS`: Koya: points against opponents with at least half the maximum (9.2).
    KS,
    /// `PS`: Progressive score: sum of running scores, no deduction (7.5).
    PS,
    /// `DE`: Direct encounter among the tied players (art. 6).
    DE,
    /// `WIN`: Rounds won, including forfeit wins and full-point byes (7.1).
    WIN,
    /// `WON`: Games won over the board (7.2).
    WON,
    /// `BPG`: Games played with Black (7.3).
    BPG,
    /// `BWG`: Games won with Black (7.4).
    BWG,
    /// `REP`: Rounds one elected to play (7.6).
    REP,
    /// `ARO`: Average rating of opponents (10.1).
    ARO,
    /// `TPR`: Tournament performance rating (10.2).
    TPR,
    /// `PTP`: Perfect tournament performance (10.3).
    PTP,
    /// `APRO`: Average performance rating of opponents (10.4).
    APRO,
    /// `APPO`: Average perfect performance of opponents (10.5).
    APPO,
    /// `STD`: Standard points: rounds scored above/equal to the opponent (7.7, 2026).
    STD,
    /// `TPN`: Tournament pairing number, lower first (7.8, 2026).
    TPN,
    /// `RTNG`: Own rating (10.6, 2026).
    RTNG,
}

/// FIDE modifier (C.07 art. 14): cut the least significant values, or the
/// median (both ends).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// No modifier: every value counts.
    None,
    /// `/C1`, `/C2`: the n least significant values left out.
    Cut(u8),
    /// `/M1`, `/M2`: n values left out at each end.
    Median(u8),
}

/// A FIDE code with its modifier, e.g. `BH/C1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FideCode {
    /// The system (`BH`, `SB`, ...).
    pub base: FideBase,
    /// What is cut from its terms, if anything.
    pub modifier: Modifier,
}

/// A team system (spec §2 and FIDE C.07 art. 13).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TeamCode {
    /// `game-points`: Total game (board) points, a team bye counting full
    /// boards (34G1).
    GamePoints,
    /// USAT: Σ game points × opponent's final match score; `doubled` is the
    /// ×2 scale, `adjusted` takes ½ off the opponent's score per bye it had.
    Usat {
        /// The ×2 scale of the USAT rules (`usat`; `usat/x1` without it).
        doubled: bool,
        /// ½ off the opponent's match score per bye it had (`usat`;
        /// `usat/raw` without it).
        adjusted: bool,
    },
    /// `team-sb`: Sonneborn-Berger on match points.
    TeamSb,
    /// `team-solkoff`: Solkoff on match points.
    TeamSolkoff,
    /// `team-mm`: Modified Median on match points.
    TeamMm,
    /// `team-h2h`: Head-to-head match results among tied teams.
    TeamH2h,
    /// `MP`: Match points as a tiebreak (C.07 13.1).
    MP,
    /// `GP`: Game points as a tiebreak (C.07 13.1).
    GP,
    /// `EMMSB`: Σ opponent's match points × match points against them (13.2).
    EMMSB,
    /// `EMGSB`: Σ opponent's match points × game points against them (13.2).
    EMGSB,
    /// `EGMSB`: Σ opponent's game points × match points against them (13.2).
    EGMSB,
    /// `EGGSB`: Σ opponent's game points × game points against them (13.2).
    EGGSB,
    /// `EDE`: Extended direct encounter among tied teams (13.3).
    EDE,
}

/// Any tiebreak code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// A US Chess system (rule 34E).
    Us(UsCode),
    /// A FIDE system (C.07), with its modifier.
    Fide(FideCode),
    /// A team system.
    Team(TeamCode),
}

const US_CODES: &[(&str, UsCode, &str)] = &[
    ("mm", UsCode::ModifiedMedian, "Modified Median: opponents' adjusted scores, dropping by the player's plus/even/minus score (34E1)"),
    ("solkoff", UsCode::Solkoff, "Solkoff: sum of opponents' adjusted scores, nothing dropped (34E2)"),
    ("cumulative", UsCode::Cumulative, "Cumulative: sum of running scores, less points not won over the board (34E3)"),
    ("median", UsCode::Median, "Median (Harkness): Solkoff dropping the highest and lowest (34E4)"),
    ("tied-results", UsCode::TiedResults, "Result between tied players: wins minus losses among them (34E5)"),
    ("blacks", UsCode::Blacks, "Most blacks: games played with Black (34E6)"),
    ("kashdan", UsCode::Kashdan, "Kashdan: win 4, draw 2, loss 1, unplayed 0 (34E7)"),
    ("sb", UsCode::SonnebornBerger, "Sonneborn-Berger: scores of opponents beaten plus half of those drawn (34E8)"),
    ("opp-cumulative", UsCode::OppCumulative, "Opposition Cumulative: sum of over-the-board opponents' Cumulative (34E9)"),
    ("aro", UsCode::Aro, "Average rating of opponents met over the board (34E11)"),
    ("h2h", UsCode::HeadToHead, "Head-to-head: the result of the tied players' own game(s) (round robins)"),
    ("wins", UsCode::Wins, "Number of games won over the board"),
    ("coin", UsCode::Coin, "Coin flip: a seeded, reproducible draw; never for titles (34E13)"),
];

const FIDE_BASES: &[(&str, FideBase, &str)] = &[
    (
        "BH",
        FideBase::BH,
        "Buchholz: sum of opponents' scores, unplayed rounds per art. 16 (C.07 8.1)",
    ),
    (
        "FB",
        FideBase::FB,
        "Fore Buchholz: Buchholz as if every final-round game were drawn (8.3)",
    ),
    (
        "AOB",
        FideBase::AOB,
        "Average of opponents' Buchholz, over-the-board opponents (8.2)",
    ),
    (
        "SB",
        FideBase::SB,
        "Sonneborn-Berger: Σ opponent's score × points against them (9.1)",
    ),
    (
        "KS",
        FideBase::KS,
        "Koya: points against opponents with at least half the maximum (9.2)",
    ),
    (
        "PS",
        FideBase::PS,
        "Progressive score: sum of running scores, no deduction (7.5)",
    ),
    (
        "DE",
        FideBase::DE,
        "Direct encounter among the tied players (art. 6)",
    ),
    (
        "WIN",
        FideBase::WIN,
        "Rounds won, including forfeit wins and full-point byes (7.1)",
    ),
    ("WON", FideBase::WON, "Games won over the board (7.2)"),
    ("BPG", FideBase::BPG, "Games played with Black (7.3)"),
    ("BWG", FideBase::BWG, "Games won with Black (7.4)"),
    ("REP", FideBase::REP, "Rounds one elected to play (7.6)"),
    ("ARO", FideBase::ARO, "Average rating of opponents (10.1)"),
    ("TPR", FideBase::TPR, "Tournament performance rating (10.2)"),
    (
        "PTP",
        FideBase::PTP,
        "Perfect tournament performance (10.3)",
    ),
    (
        "APRO",
        FideBase::APRO,
        "Average performance rating of opponents (10.4)",
    ),
    (
        "APPO",
        FideBase::APPO,
        "Average perfect performance of opponents (10.5)",
    ),
    (
        "STD",
        FideBase::STD,
        "Standard points: rounds scored above/equal to the opponent (7.7, 2026)",
    ),
    (
        "TPN",
        FideBase::TPN,
        "Tournament pairing number, lower first (7.8, 2026)",
    ),
    ("RTNG", FideBase::RTNG, "Own rating (10.6, 2026)"),
];

const TEAM_CODES: &[(&str, TeamCode, &str)] = &[
    (
        "usat",
        TeamCode::Usat {
            doubled: true,
            adjusted: true,
        },
        "USAT: 2 × Σ game points × opponent's match score less ½ per opponent bye (34G2)",
    ),
    (
        "usat/x1",
        TeamCode::Usat {
            doubled: false,
            adjusted: true,
        },
        "USAT, not doubled",
    ),
    (
        "usat/raw",
        TeamCode::Usat {
            doubled: true,
            adjusted: false,
        },
        "USAT, opponent's match score not adjusted for byes",
    ),
    (
        "usat/x1/raw",
        TeamCode::Usat {
            doubled: false,
            adjusted: false,
        },
        "USAT, neither doubled nor adjusted",
    ),
    (
        "game-points",
        TeamCode::GamePoints,
        "Total game (board) points, a team bye counting full boards (34G1)",
    ),
    (
        "team-sb",
        TeamCode::TeamSb,
        "Sonneborn-Berger on match points",
    ),
    (
        "team-solkoff",
        TeamCode::TeamSolkoff,
        "Solkoff on match points",
    ),
    (
        "team-mm",
        TeamCode::TeamMm,
        "Modified Median on match points",
    ),
    (
        "team-h2h",
        TeamCode::TeamH2h,
        "Head-to-head match results among tied teams",
    ),
    ("MP", TeamCode::MP, "Match points as a tiebreak (C.07 13.1)"),
    ("GP", TeamCode::GP, "Game points as a tiebreak (C.07 13.1)"),
    (
        "EMMSB",
        TeamCode::EMMSB,
        "Σ opponent's match points × match points against them (13.2)",
    ),
    (
        "EMGSB",
        TeamCode::EMGSB,
        "Σ opponent's match points × game points against them (13.2)",
    ),
    (
        "EGMSB",
        TeamCode::EGMSB,
        "Σ opponent's game points × match points against them (13.2)",
    ),
    (
        "EGGSB",
        TeamCode::EGGSB,
        "Σ opponent's game points × game points against them (13.2)",
    ),
    (
        "EDE",
        TeamCode::EDE,
        "Extended direct encounter among tied teams (13.3)",
    ),
];

/// Which modifiers each FIDE base accepts.
fn allowed_modifiers(base: FideBase) -> &'static [Modifier] {
    use Modifier::*;
    match base {
        FideBase::BH | FideBase::FB => &[Cut(1), Cut(2), Median(1), Median(2)],
        FideBase::SB | FideBase::AOB => &[Cut(1), Cut(2)],
        FideBase::PS => &[Cut(1)],
        FideBase::ARO | FideBase::TPR | FideBase::PTP => &[Cut(1), Cut(2)],
        _ => &[],
    }
}

impl Tiebreak {
    /// The canonical code, as used in JSON keys and event orders.
    pub fn code(&self) -> String {
        match self {
            Tiebreak::Us(u) => US_CODES
                .iter()
                .find(|c| c.1 == *u)
                .map(|c| c.0)
                .unwrap_or("?")
                .to_string(),
            Tiebreak::Fide(f) => f.to_string(),
            Tiebreak::Team(t) => TEAM_CODES
                .iter()
                .find(|c| c.1 == *t)
                .map(|c| c.0)
                .unwrap_or("?")
                .to_string(),
        }
    }

    /// One-line meaning, for `league tiebreaks` and the site's rules page.
    pub fn meaning(&self) -> String {
        match self {
            Tiebreak::Us(u) => US_CODES
                .iter()
                .find(|c| c.1 == *u)
                .map(|c| c.2)
                .unwrap_or("")
                .to_string(),
            Tiebreak::Fide(f) => {
                let base = FIDE_BASES
                    .iter()
                    .find(|c| c.1 == f.base)
                    .map(|c| c.2)
                    .unwrap_or("");
                match f.modifier {
                    Modifier::None => base.to_string(),
                    Modifier::Cut(n) => format!(
                        "{base}, cutting the {n} least significant value{}",
                        if n > 1 { "s" } else { "" }
                    ),
                    Modifier::Median(n) => format!("{base}, cutting {n} from each end"),
                }
            }
            Tiebreak::Team(t) => TEAM_CODES
                .iter()
                .find(|c| c.1 == *t)
                .map(|c| c.2)
                .unwrap_or("")
                .to_string(),
        }
    }

    /// Type-A systems depend on which players are tied (FIDE art. 4.2):
    /// they are recomputed within each still-tied group.
    pub fn depends_on_group(&self) -> bool {
        matches!(
            self,
            Tiebreak::Us(UsCode::TiedResults | UsCode::HeadToHead)
                | Tiebreak::Fide(FideCode {
                    base: FideBase::DE,
                    ..
                })
                | Tiebreak::Team(TeamCode::TeamH2h | TeamCode::EDE)
        )
    }

    /// True when a lower value ranks higher (only FIDE TPN).
    pub fn lower_is_better(&self) -> bool {
        matches!(
            self,
            Tiebreak::Fide(FideCode {
                base: FideBase::TPN,
                ..
            })
        )
    }

    /// Whether this code applies to team standings rather than individuals.
    pub fn is_team(&self) -> bool {
        matches!(self, Tiebreak::Team(_))
    }

    /// Every code, for help text and "unknown code" errors.
    pub fn catalogue() -> Vec<Tiebreak> {
        let mut all: Vec<Tiebreak> = US_CODES.iter().map(|c| Tiebreak::Us(c.1)).collect();
        for (_, base, _) in FIDE_BASES {
            all.push(Tiebreak::Fide(FideCode {
                base: *base,
                modifier: Modifier::None,
            }));
            for m in allowed_modifiers(*base) {
                all.push(Tiebreak::Fide(FideCode {
                    base: *base,
                    modifier: *m,
                }));
            }
        }
        all.extend(TEAM_CODES.iter().map(|c| Tiebreak::Team(c.1)));
        all
    }
}

impl fmt::Display for Tiebreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

impl fmt::Display for FideCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let base = FIDE_BASES
            .iter()
            .find(|c| c.1 == self.base)
            .map(|c| c.0)
            .unwrap_or("?");
        match self.modifier {
            Modifier::None => write!(f, "{base}"),
            Modifier::Cut(n) => write!(f, "{base}/C{n}"),
            Modifier::Median(n) => write!(f, "{base}/M{n}"),
        }
    }
}

/// A code that is not a tiebreak; its message lists the valid codes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tiebreak code \"{code}\"; valid codes: {valid}; presets: {presets}")]
pub struct UnknownCode {
    /// What was typed.
    pub code: String,
    /// Every valid code, comma-separated.
    pub valid: String,
    /// Every preset's name, comma-separated.
    pub presets: String,
}

impl FromStr for Tiebreak {
    type Err = UnknownCode;

    /// US Chess codes are matched exactly in lower case (`sb`, `aro`), so the
    /// upper-case FIDE acronyms stay distinct (`SB`, `ARO`); anything else is
    /// matched case-insensitively against the FIDE and team codes.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if let Some(c) = US_CODES.iter().find(|c| c.0 == s) {
            return Ok(Tiebreak::Us(c.1));
        }
        if let Some(c) = TEAM_CODES.iter().find(|c| c.0.eq_ignore_ascii_case(s)) {
            return Ok(Tiebreak::Team(c.1));
        }
        let upper = s.to_ascii_uppercase();
        let (base_text, modifier_text) = match upper.split_once('/') {
            Some((b, m)) => (b, Some(m)),
            None => (upper.as_str(), None),
        };
        if let Some(base) = FIDE_BASES.iter().find(|c| c.0 == base_text).map(|c| c.1) {
            let modifier = match modifier_text {
                None => Some(Modifier::None),
                Some(m) => {
                    let n = m.get(1..).and_then(|d| d.parse::<u8>().ok());
                    match (m.chars().next(), n) {
                        (Some('C'), Some(n)) => Some(Modifier::Cut(n)),
                        (Some('M'), Some(n)) => Some(Modifier::Median(n)),
                        _ => None,
                    }
                }
            };
            if let Some(modifier) = modifier {
                if modifier == Modifier::None || allowed_modifiers(base).contains(&modifier) {
                    return Ok(Tiebreak::Fide(FideCode { base, modifier }));
                }
            }
        }
        Err(UnknownCode {
            code: s.to_string(),
            valid: Tiebreak::catalogue()
                .iter()
                .map(|t| t.code())
                .collect::<Vec<_>>()
                .join(", "),
            presets: PRESETS
                .iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
    }
}
