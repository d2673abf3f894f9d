//! The demo league: a fictional season "2022-23" recorded through the same
//! store functions the commands use, from a fixed seed, so every run makes
//! the same database. Also the generator of larger synthetic leagues.
//!
//! Every individual round is paired by the program's own pairing engine
//! ([`swiss`]), round by round, with the results of each round drawn from
//! the seeded generator before the next is paired, each event by the
//! engine and settings it stores (read as `league round pair` reads them,
//! `round::pair::event_engine`): the Swiss events, ranked by US Chess
//! tiebreaks, by the US Chess Swiss system; the club championship from the
//! Berger tables. So the demo has no rematches, balanced colours, and every
//! round is the one `league round pair` would have made from the rounds
//! before it. The team event has its own
//! generator ([`team`]), paired the same way by the team pairing of
//! `league round pair` on a team event.

/// The demo's generator lives in the domain, where pairing draws use it too.
pub use crate::domain::rng;
pub mod swiss;
pub mod synthetic;
pub mod team;

use std::collections::HashSet;

use crate::domain::game::GameResult;
use crate::domain::ids::PlayerId;
use crate::domain::league::{EventKind, Section};
use crate::error::{Error, Result};
use crate::input::ratings::ListRow;
use crate::store::demo as demo_store;
use crate::store::player::{self as players, NewPlayer};
use crate::store::season::{self as seasons, NewEvent};
use crate::store::Writer;
use rng::Rng;
use swiss::{Events, Pairer};

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

/// Write the demo league in `tx` and mark the file as the demo's, so a
/// later demo run may replace it (and only while nobody has changed it).
pub fn make(tx: &Writer, seed: u64) -> Result<()> {
    generate(tx, seed)?;
    demo_store::mark(tx)
}

/// Make the demo league in `tx`: 80 players, four 6-round Swiss events with
/// a "1600+" and a "U1600" section each, a round-robin club championship,
/// and a team Swiss of six teams ([`team`]).
pub fn generate(tx: &Writer, seed: u64) -> Result<()> {
    let mut rng = Rng::new(seed);
    demo_store::name_league(tx, "Riverside Chess Club")?;
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
        let mut strong: Vec<&(PlayerId, u32)> = pool.iter().filter(|p| p.1 >= 1600).collect();
        let mut weak: Vec<&(PlayerId, u32)> = pool.iter().filter(|p| p.1 < 1600).collect();
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
    let mut best: Vec<&(PlayerId, u32)> = pool.iter().collect();
    best.sort_by_key(|p| std::cmp::Reverse(p.1));
    play_round_robin(tx, &mut rng, &section, &best[..8])?;
    add_prizes(tx, &season)?;
    // The team event, from its own generator: the events above are unchanged.
    team::generate(tx, &season, seed)?;
    Ok(())
}

/// The US Chess supplements the demo's players' ratings came through
/// before the season, one a season (name, the day it took effect): each
/// player's rating moves from list to list and the last gives the rating
/// the season's events use.
pub const DEMO_LISTS: &[(&str, &str)] = &[
    ("Supplement Sep 2019", "2019-09-01"),
    ("Supplement Sep 2020", "2020-09-01"),
    ("Supplement Sep 2021", "2021-09-01"),
    ("Supplement Aug 2022", "2022-08-01"),
];

/// A player's ratings before the season, oldest first: the rating they
/// joined with, then one per [`DEMO_LISTS`] list ending at `rating`. Drawn
/// backwards from `rating` by a generator of the player's own (the
/// league's draws are unchanged), mostly rising, as club players' do, and
/// moving at every list.
fn earlier_ratings(uscf_id: &str, rating: u32) -> Vec<u32> {
    let own = uscf_id
        .bytes()
        .fold(2019, |h: u64, b| h.wrapping_mul(131).wrapping_add(b as u64));
    let mut rng = Rng::new(own);
    let mut out = vec![rating];
    let mut r = rating as i64;
    for _ in 0..DEMO_LISTS.len() {
        let change = match rng.range(-70, 130) {
            0 => 25,
            d => d,
        };
        // Never below the floor, and never the same as the list after.
        let next = r;
        r = (r - change).max(100);
        if r == next {
            r += 10;
        }
        out.push(r as u32);
    }
    out.reverse();
    out
}

/// Apply the season's earlier rating lists, oldest first, to the demo's
/// players (`joined[i]`: player `i`'s US Chess id and earlier ratings).
fn import_lists(tx: &Writer, joined: &[(String, Vec<u32>)]) -> Result<()> {
    for (k, (list, day)) in DEMO_LISTS.iter().enumerate() {
        let rows: Vec<ListRow> = joined
            .iter()
            .map(|(id, ratings)| ListRow {
                id: id.clone(),
                name: String::new(),
                rating: ratings.get(k + 1).copied(),
                place: None,
                k: None,
                k_warning: None,
            })
            .collect();
        crate::ratings::import_list(tx, &rows, false, list, day)?;
    }
    Ok(())
}

fn make_players(tx: &Writer, rng: &mut Rng, n: usize) -> Result<Vec<(PlayerId, u32)>> {
    let mut out = Vec::new();
    let mut joined = Vec::new();
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
        let earlier = earlier_ratings(&uscf, rating);
        let p = players::add_player(
            tx,
            &NewPlayer {
                name: &name,
                uscf_id: Some(&uscf),
                rating: earlier.first().copied(),
                ..Default::default()
            },
        )?;
        out.push((p.id, rating));
        joined.push((uscf, earlier));
    }
    import_lists(tx, &joined)?;
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

/// Play a Swiss section: entries (strongest first, so pairing numbers
/// follow rating as at a first pairing), then each round paired by the
/// engine of the event's pairing settings ([`swiss::play`]): requested half-point byes (about 4% of
/// players a round, not in the last round), the pairing-allocated bye,
/// forfeits, and in most sections one player who withdraws after round 3
/// or 4.
pub fn play_swiss(
    tx: &Writer,
    rng: &mut Rng,
    section: &Section,
    chosen: &[&(PlayerId, u32)],
    n_rounds: u32,
    start: Option<time::Date>,
) -> Result<()> {
    let mut chosen: Vec<(PlayerId, u32)> = chosen.iter().map(|&&c| c).collect();
    let (numbers, ratings) = synthetic::enter_all(tx, section, &mut chosen)?;
    check_numbers(section, &numbers)?;
    let event = crate::store::season::event_by_id(tx, section.event_id)?;
    let (rules, engine) = crate::round::pair::event_engine(tx, &event)?;
    let n = ratings.len();
    // One player withdraws after round 3 or 4 in most sections.
    let mut quits = vec![None; n];
    if rng.chance(800) {
        let who = rng.below(n as u64) as usize;
        quits[who] = Some(rng.range(3, 4) as u32);
    }
    let mut half_bye = |rng: &mut Rng, round: u32| round < n_rounds && rng.chance(40);
    let sim = swiss::play(
        rng,
        &ratings,
        n_rounds,
        Events {
            half_bye: &mut half_bye,
            quits,
        },
        &Pairer::Engine(engine.as_ref(), &rules),
    );
    synthetic::record_rounds_as(tx, section, &numbers, &sim, start, ("demo", "moved away"))?;
    Ok(())
}

/// The engine pairs by pairing number, the simulation by place in entry
/// order: the two must agree (1, 2, 3, ... in a new section).
fn check_numbers(section: &Section, numbers: &[u32]) -> Result<()> {
    if numbers.iter().enumerate().any(|(i, &n)| n != i as u32 + 1) {
        return Err(Error::invalid(format!(
            "the demo's {} was not numbered 1, 2, 3, ... at entry",
            section.name
        )));
    }
    Ok(())
}

/// Play a round robin by the engine of its event's settings (a new round
/// robin's: the FIDE Berger tables), pairing numbers by rating, every round
/// through the same engine `league round pair` uses. An even number of players (the
/// demo's eight): the simulation records a bye seat's round as a full
/// point, not the zero a round robin gives, so an odd field is refused.
pub fn play_round_robin(
    tx: &Writer,
    rng: &mut Rng,
    section: &Section,
    chosen: &[&(PlayerId, u32)],
) -> Result<()> {
    let mut chosen: Vec<(PlayerId, u32)> = chosen.iter().map(|&&c| c).collect();
    let (numbers, ratings) = synthetic::enter_all(tx, section, &mut chosen)?;
    check_numbers(section, &numbers)?;
    let n = ratings.len();
    if n % 2 == 1 {
        return Err(Error::invalid(format!(
            "the demo's round robin {} needs an even number of players, not {n}",
            section.name
        )));
    }
    let event = crate::store::season::event_by_id(tx, section.event_id)?;
    let (rules, table) = crate::round::pair::event_engine(tx, &event)?;
    let rounds = n as u32 - 1;
    let mut never = |_: &mut Rng, _: u32| false;
    let sim = swiss::play(
        rng,
        &ratings,
        rounds,
        Events {
            half_bye: &mut never,
            quits: vec![None; n],
        },
        &Pairer::Engine(table.as_ref(), &rules),
    );
    synthetic::record_rounds_as(tx, section, &numbers, &sim, None, ("demo", ""))?;
    Ok(())
}

/// The Winter Swiss 1600+ prize list (what `league demo` prints after the
/// standings): place prizes 1st-4th, class prizes for U1800 and U1700, and
/// a trophy for 1st. Deep enough that some players tie for money (a
/// pooled tie, US Chess 32B) with this seed.
fn add_prizes(tx: &Writer, season: &crate::domain::league::Season) -> Result<()> {
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

#[cfg(test)]
mod tests {
    use crate::store::demo::{state, DemoState};
    use crate::store::Store;

    #[test]
    fn the_demo_league_is_written_marked_as_the_demo_s() {
        let mut store = Store::open_in_memory().unwrap();
        assert_eq!(state(store.conn()).unwrap(), DemoState::NotDemo);
        store.write(|tx| super::make(tx, 2022)).unwrap();
        assert_eq!(state(store.conn()).unwrap(), DemoState::Untouched);
    }
}
