//! The demo league: a fictional season "2022-23" recorded through the same
//! store functions the commands use, from a fixed seed, so every run makes
//! the same database. Also the generator of larger synthetic leagues.

pub mod pairing;
pub mod rng;
pub mod synthetic;
pub mod team;

use std::collections::HashSet;

use rusqlite::Transaction;

use crate::domain::game::{GameResult, SheetRow};
use crate::domain::league::{EventKind, Section};
use crate::domain::record::ByeKind;
use crate::error::Result;
use crate::store::player::{self as players, NewPlayer};
use crate::store::round as rounds;
use crate::store::season::{self as seasons, NewEvent};
use pairing::{key, Seed};
use rng::Rng;

pub(crate) const FIRST: &[&str] = &[
    "Alice", "Ben", "Carmen", "Deepak", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jamal",
    "Katya", "Liam", "Mei", "Nikolai", "Olga", "Pedro", "Quinn", "Rosa", "Samir", "Tamsin", "Umar",
    "Vera", "Wyatt", "Xiu", "Yusuf", "Zara", "Aaron", "Bianca", "Connor", "Dalia",
];
pub(crate) const LAST: &[&str] = &[
    "Anderson",
    "Brennan",
    "Castillo",
    "Dubois",
    "Eriksen",
    "Fischer",
    "Gallagher",
    "Horvath",
    "Ivanova",
    "Jensen",
    "Kowalski",
    "Lindqvist",
    "Moreau",
    "Nakamura",
    "O'Neill",
    "Petrov",
    "Quintero",
    "Rossi",
    "Sandoval",
    "Takahashi",
    "Uribe",
    "Vasquez",
    "Whitfield",
    "Young",
];

/// The demo season's Swiss events, in order, with their dates.
pub const DEMO_EVENTS: &[(&str, &str, &str)] = &[
    ("Howard Ridout Memorial", "2022-09-06", "2022-10-11"),
    ("Falling Leaves Swiss", "2022-10-18", "2022-11-22"),
    ("Jack Frost Swiss", "2022-11-29", "2023-01-10"),
    ("Winter Swiss", "2023-01-17", "2023-02-21"),
];

/// Make the demo league in `tx`: 80 players, four 6-round Swiss events with
/// a "1600+" and a "U1600" section each, a round-robin club championship,
/// and a team Swiss of six teams ([`team`]).
pub fn generate(tx: &Transaction, seed: u64) -> Result<()> {
    let mut rng = Rng::new(seed);
    tx.execute("INSERT OR REPLACE INTO setting (key, value) VALUES ('league_name', 'Riverside Chess Club')", [])?;
    let season = seasons::add_season(tx, "2022-23", Some("2022-09-01"), Some("2023-05-31"))?;
    let pool = make_players(tx, &mut rng, 80)?;
    for (name, start, end) in DEMO_EVENTS {
        let event = seasons::add_event(
            tx,
            &season,
            &NewEvent {
                name,
                kind: EventKind::Swiss,
                rounds: 6,
                start_date: Some(start),
                end_date: Some(end),
                tiebreaks: "uscf-swiss",
                actual_play_first: false,
                fide_edition: None,
                sb_adjusted: false,
                coin_allowed: false,
            },
        )?;
        let upper = seasons::add_section(tx, &event, "1600+", Some(1600), None)?;
        let lower = seasons::add_section(tx, &event, "U1600", None, Some(1599))?;
        let mut strong: Vec<&(i64, u32)> = pool.iter().filter(|p| p.1 >= 1600).collect();
        let mut weak: Vec<&(i64, u32)> = pool.iter().filter(|p| p.1 < 1600).collect();
        rng.shuffle(&mut strong);
        rng.shuffle(&mut weak);
        let n_strong = rng.range(12, strong.len().min(30) as i64) as usize;
        let n_weak = rng.range(12, weak.len().min(30) as i64) as usize;
        let start_date = time::Date::parse(
            start,
            &time::macros::format_description!("[year]-[month]-[day]"),
        )
        .ok();
        for (section, chosen) in [(&upper, &strong[..n_strong]), (&lower, &weak[..n_weak])] {
            play_swiss(tx, &mut rng, section, chosen, 6, start_date)?;
        }
    }
    // The club championship: an 8-player round robin of the strongest.
    let event = seasons::add_event(
        tx,
        &season,
        &NewEvent {
            name: "Club Championship",
            kind: EventKind::RoundRobin,
            rounds: 7,
            start_date: Some("2023-03-07"),
            end_date: Some("2023-04-18"),
            tiebreaks: "uscf-round-robin",
            actual_play_first: false,
            fide_edition: None,
            sb_adjusted: false,
            coin_allowed: false,
        },
    )?;
    let section = seasons::add_section(tx, &event, "Championship", None, None)?;
    let mut best: Vec<&(i64, u32)> = pool.iter().collect();
    best.sort_by_key(|p| std::cmp::Reverse(p.1));
    play_round_robin(tx, &mut rng, &section, &best[..8])?;
    add_prizes(tx, &season)?;
    // The team event, from its own generator: the events above are unchanged.
    team::generate(tx, &season, seed)?;
    Ok(())
}

fn make_players(tx: &Transaction, rng: &mut Rng, n: usize) -> Result<Vec<(i64, u32)>> {
    let mut out = Vec::new();
    let mut used = HashSet::new();
    while out.len() < n {
        let name = format!(
            "{} {}",
            FIRST[rng.below(FIRST.len() as u64) as usize],
            LAST[rng.below(LAST.len() as u64) as usize]
        );
        if !used.insert(name.clone()) {
            continue;
        }
        // Ratings spread 1000-2200, a little more in the middle.
        let rating = ((rng.range(1000, 2200) + rng.range(1000, 2200)) / 2) as u32;
        let uscf = format!("{}", 12_000_000 + rng.below(9_000_000));
        let p = players::add_player(
            tx,
            &NewPlayer {
                name: &name,
                uscf_id: Some(&uscf),
                rating: Some(rating),
                ..Default::default()
            },
        )?;
        out.push((p.id, rating));
    }
    Ok(out)
}

/// White's result for a game between ratings `w` and `b`: about 2% of
/// games are forfeited, the rest follow the Elo expectation with draws.
pub(crate) fn game_result(rng: &mut Rng, w: u32, b: u32) -> GameResult {
    if rng.chance(20) {
        return if rng.chance(500) {
            GameResult::WhiteForfeitWin
        } else {
            GameResult::BlackForfeitWin
        };
    }
    let expected = expected_per_mille(w as i64 - b as i64 + 30);
    let roll = rng.below(1000) as i64;
    let draw = 180;
    if roll < expected - draw / 2 {
        GameResult::WhiteWins
    } else if roll < expected + draw / 2 {
        GameResult::Draw
    } else {
        GameResult::BlackWins
    }
}

/// Elo expected score (per mille) for a rating difference, interpolated
/// from the standard logistic curve's values at 100-point steps.
fn expected_per_mille(diff: i64) -> i64 {
    const AT: [i64; 9] = [500, 640, 760, 849, 909, 946, 969, 982, 990];
    let d = diff.abs().min(800);
    let (i, frac) = ((d / 100) as usize, d % 100);
    let hi = AT[(i + 1).min(8)];
    let v = AT[i] + (hi - AT[i]) * frac / 100;
    if diff >= 0 {
        v
    } else {
        1000 - v
    }
}

/// Play a Swiss section: entries, requested half-point byes, a full-point
/// bye for the odd player, forfeits, and a withdrawal.
pub fn play_swiss(
    tx: &Transaction,
    rng: &mut Rng,
    section: &Section,
    chosen: &[&(i64, u32)],
    n_rounds: u32,
    start: Option<time::Date>,
) -> Result<()> {
    for (pid, rating) in chosen {
        let player = players::player_by_id(tx, *pid)?;
        players::enter(tx, section, &player, None, Some(*rating))?;
    }
    let entries = players::entries(tx, section.id)?;
    let n = entries.len();
    let mut score = vec![0i32; n];
    let mut balance = vec![0i32; n];
    let mut had_bye = vec![false; n];
    let mut withdrawn: Vec<Option<u32>> = vec![None; n];
    let mut met: HashSet<(usize, usize)> = HashSet::new();
    // One player withdraws after round 3 or 4 in most sections.
    let quitter = if rng.chance(800) {
        Some((rng.below(n as u64) as usize, rng.range(3, 4) as u32))
    } else {
        None
    };
    for round in 1..=n_rounds {
        let mut rows = Vec::new();
        let mut available: Vec<usize> = (0..n).filter(|&i| withdrawn[i].is_none()).collect();
        // Requested half-point byes (not in the last round).
        if round < n_rounds {
            available.retain(|&i| {
                if rng.chance(40) {
                    rows.push(SheetRow {
                        line: None,
                        board: None,
                        white: format!("#{}", entries[i].pairing_no),
                        black: None,
                        result: None,
                        bye: Some((ByeKind::Half, true)),
                    });
                    score[i] += 1;
                    false
                } else {
                    true
                }
            });
        }
        if available.len() % 2 == 1 {
            // The lowest-ranked player without a bye gets the full point.
            let pick = available
                .iter()
                .copied()
                .filter(|&i| !had_bye[i])
                .min_by_key(|&i| {
                    (
                        score[i],
                        entries[i].rating.unwrap_or(0),
                        std::cmp::Reverse(i),
                    )
                })
                .unwrap_or(available[available.len() - 1]);
            available.retain(|&i| i != pick);
            had_bye[pick] = true;
            score[pick] += 2;
            rows.push(SheetRow {
                line: None,
                board: None,
                white: format!("#{}", entries[pick].pairing_no),
                black: None,
                result: None,
                bye: Some((ByeKind::Full, false)),
            });
        }
        let mut seeds: Vec<Seed> = available
            .iter()
            .map(|&i| Seed {
                id: i,
                score: score[i],
                rating: entries[i].rating.unwrap_or(0),
                colour_balance: balance[i],
            })
            .collect();
        for (board, (w, b)) in pairing::pair(&mut seeds, &met).into_iter().enumerate() {
            let res = game_result(
                rng,
                entries[w].rating.unwrap_or(0),
                entries[b].rating.unwrap_or(0),
            );
            let (ws, bs) = match res {
                GameResult::WhiteWins | GameResult::WhiteForfeitWin => (2, 0),
                GameResult::BlackWins | GameResult::BlackForfeitWin => (0, 2),
                GameResult::Draw => (1, 1),
                GameResult::DoubleForfeit | GameResult::DoubleLoss => (0, 0),
            };
            score[w] += ws;
            score[b] += bs;
            balance[w] += 1;
            balance[b] -= 1;
            met.insert(key(w, b));
            rows.push(SheetRow {
                line: None,
                board: Some(board as u32 + 1),
                white: format!("#{}", entries[w].pairing_no),
                black: Some(format!("#{}", entries[b].pairing_no)),
                result: Some(res),
                bye: None,
            });
        }
        let date = start.map(|d| (d + time::Duration::weeks(round as i64 - 1)).to_string());
        rounds::record_sheet(tx, section, round, date.as_deref(), &rows, "demo", false)?;
        if let Some((who, after)) = quitter {
            if after == round && withdrawn[who].is_none() {
                withdrawn[who] = Some(round);
                let fresh = players::entries(tx, section.id)?;
                players::withdraw(tx, &fresh[who], round, Some("moved away"))?;
            }
        }
    }
    Ok(())
}

/// Play a round robin by the circle method.
pub fn play_round_robin(
    tx: &Transaction,
    rng: &mut Rng,
    section: &Section,
    chosen: &[&(i64, u32)],
) -> Result<()> {
    for (pid, rating) in chosen {
        let player = players::player_by_id(tx, *pid)?;
        players::enter(tx, section, &player, None, Some(*rating))?;
    }
    let entries = players::entries(tx, section.id)?;
    let n = entries.len();
    let mut ring: Vec<usize> = (0..n).collect();
    for round in 1..n as u32 {
        let mut rows = Vec::new();
        for k in 0..n / 2 {
            let (a, b) = (ring[k], ring[n - 1 - k]);
            let (w, b) = if (round as usize + k).is_multiple_of(2) {
                (a, b)
            } else {
                (b, a)
            };
            let res = game_result(
                rng,
                entries[w].rating.unwrap_or(0),
                entries[b].rating.unwrap_or(0),
            );
            rows.push(SheetRow {
                line: None,
                board: Some(k as u32 + 1),
                white: format!("#{}", entries[w].pairing_no),
                black: Some(format!("#{}", entries[b].pairing_no)),
                result: Some(res),
                bye: None,
            });
        }
        rounds::record_sheet(tx, section, round, None, &rows, "demo", false)?;
        let last = ring.pop().expect("players");
        ring.insert(1, last);
    }
    Ok(())
}

/// The Winter Swiss 1600+ prize list (what `league demo` prints after the
/// standings): place prizes 1st-4th, class prizes for U1800 and U1700, and
/// a trophy for 1st. Deep enough that some players tie for money (a
/// pooled tie, US Chess 32B) with this seed.
fn add_prizes(tx: &Transaction, season: &crate::domain::league::Season) -> Result<()> {
    use crate::domain::prizes::{Class, Kind, Money, Prize, Reward};
    let event = seasons::find_event(tx, Some(&season.name), "Winter Swiss")?;
    let section = seasons::find_section(tx, &event, Some("1600+"))?;
    let cash = |kind: Kind, place: u32, dollars: i64| Prize {
        kind,
        place,
        reward: Reward::Cash(Money(dollars * 100)),
    };
    let class = |below: u32| {
        Kind::Class(Class::Rated {
            min: None,
            below: Some(below),
        })
    };
    let list = [
        cash(Kind::Place, 1, 150),
        cash(Kind::Place, 2, 90),
        cash(Kind::Place, 3, 60),
        cash(Kind::Place, 4, 40),
        cash(class(1800), 1, 50),
        cash(class(1800), 2, 30),
        cash(class(1700), 1, 35),
        Prize {
            kind: Kind::Place,
            place: 1,
            reward: Reward::Item("trophy".into()),
        },
    ];
    for (i, p) in list.iter().enumerate() {
        crate::store::prize::insert(tx, section.id, i as u32 + 1, p, None)?;
    }
    Ok(())
}
