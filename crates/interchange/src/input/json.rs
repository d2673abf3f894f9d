//! Reading a JSON interchange document ([`crate::interchange::json`]): the
//! bytes parsed, then every reference and rule checked, so that a bad file
//! is refused with the JSON path and field of the first problem
//! (`$.season.events[0].sections[1].rounds[2].games[3].result`) before
//! anything is written.
//!
//! A syntax or type error (truncated file, a number where a name belongs,
//! an unknown field) is reported with its line and the path found by
//! scanning the text up to the position the JSON reader stopped at.

use std::collections::{HashMap, HashSet};

use crate::domain::history::grand_prix::Rules;
use crate::domain::tiebreak::Order;
use crate::input::InputError;
use crate::interchange::json::{Document, Event, Scope, Section, TeamMatch, FORMAT_VERSION};

/// The results a game may have (as stored).
const RESULTS: [&str; 7] = ["1-0", "0-1", "1/2-1/2", "0-0", "1F-0F", "0F-1F", "0F-0F"];

/// Read and check a document. `source` names the file in errors.
pub fn parse(bytes: &[u8], source: &str) -> Result<Document, InputError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        InputError::at(
            source,
            line,
            path_at(&String::from_utf8_lossy(good), good.len()),
            format!(
                "byte 0x{:02X} is not UTF-8 text; a JSON file is UTF-8",
                bytes.get(e.valid_up_to()).copied().unwrap_or(0)
            ),
        )
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // The version first, so a newer document gets a clear message rather
    // than a complaint about a field this version does not know.
    let value = serde_json::from_str::<serde_json::Value>(text).ok();
    if let Some(v) = &value {
        // A control character written as \u001b inside a string.
        if let Some((path, problem)) = control_in(v, "$".to_string()) {
            return Err(InputError::new(source, problem).field(path));
        }
    }
    if let Some(v) = &value {
        if let Some(n) = v.get("format_version").and_then(|n| n.as_u64()) {
            if n > FORMAT_VERSION as u64 {
                return Err(InputError::new(
                    source,
                    format!(
                        "the file is format version {n}; this program reads version \
                         {FORMAT_VERSION} and older: use a newer league"
                    ),
                )
                .field("$.format_version"));
            }
        }
    }
    let doc: Document = serde_json::from_str(text).map_err(|e| {
        let offset = offset_of(text, e.line(), e.column());
        let problem = e.to_string();
        // serde_json appends " at line L column C"; the line is given apart.
        let problem = problem
            .rsplit_once(" at line ")
            .map_or(problem.as_str(), |(p, _)| p)
            .to_string();
        // A missing field is noticed at the end of its object: name the
        // object and the field, not the object's last key.
        let path = match problem
            .strip_prefix("missing field `")
            .and_then(|r| r.split('`').next())
        {
            Some(field) => format!("{}.{field}", object_path_at(text, offset)),
            None => path_at(text, offset),
        };
        InputError::at(source, e.line().max(1), path, problem)
    })?;
    let problem = |(path, problem): Problem| InputError::new(source, problem).field(path);
    if let Some(v) = &value {
        forfeit_lists(v, doc.format_version).map_err(problem)?;
        version_3_fields(v, doc.format_version).map_err(problem)?;
    }
    check(&doc).map_err(problem)?;
    Ok(doc)
}

/// Version 2 lists every team match's `forfeited_boards` (`[]` when none),
/// so a match without the list is a damaged record; version 1 had no such
/// list. (The field reads as empty when absent, so this is checked on the
/// text's own shape.)
fn forfeit_lists(v: &serde_json::Value, version: u32) -> Result<(), Problem> {
    fn list<'a>(v: &'a serde_json::Value, key: &str) -> &'a [serde_json::Value] {
        v.get(key)
            .and_then(|l| l.as_array())
            .map_or(&[], |l| l.as_slice())
    }
    for (ei, e) in list(&v["season"], "events").iter().enumerate() {
        for (si, s) in list(e, "sections").iter().enumerate() {
            for (ri, r) in list(s, "rounds").iter().enumerate() {
                for (mi, m) in list(r, "team_matches").iter().enumerate() {
                    let path = format!(
                        "$.season.events[{ei}].sections[{si}].rounds[{ri}].team_matches[{mi}].forfeited_boards"
                    );
                    match (version >= 2, m.get("forfeited_boards").is_some()) {
                        (true, false) => {
                            return fail(
                                path,
                                "missing field `forfeited_boards` (from format version 2 each \
                                 team match lists its boards without a game, [] when none)",
                            )
                        }
                        (false, true) => {
                            return fail(
                                path,
                                "format version 1 has no forfeited_boards; the file should say \
                                 \"format_version\": 2",
                            )
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    Ok(())
}

/// Version 3 gives every event its `details` and every section its
/// `prizes` (`[]` when none); older versions have neither. (Both read as
/// defaults when absent, so this is checked on the text's own shape.)
fn version_3_fields(v: &serde_json::Value, version: u32) -> Result<(), Problem> {
    fn list<'a>(v: &'a serde_json::Value, key: &str) -> &'a [serde_json::Value] {
        v.get(key)
            .and_then(|l| l.as_array())
            .map_or(&[], |l| l.as_slice())
    }
    let want = |obj: &serde_json::Value, key: &str, path: String| -> Result<(), Problem> {
        match (version >= 3, obj.get(key).is_some()) {
            (true, false) => fail(
                path,
                format!("missing field `{key}` (from format version 3 it is always there)"),
            ),
            (false, true) => fail(
                path,
                format!(
                    "format version {version} has no {key}; the file should say \"format_version\": 3"
                ),
            ),
            _ => Ok(()),
        }
    };
    for (ei, e) in list(&v["season"], "events").iter().enumerate() {
        want(e, "details", format!("$.season.events[{ei}].details"))?;
        for (si, s) in list(e, "sections").iter().enumerate() {
            want(
                s,
                "prizes",
                format!("$.season.events[{ei}].sections[{si}].prizes"),
            )?;
        }
    }
    Ok(())
}

/// An event's details: the values the schema would refuse, named here.
fn check_details(d: &crate::interchange::json::EventDetails, dp: &str) -> Result<(), Problem> {
    d.prize_split
        .parse::<crate::domain::prizes::Split>()
        .map_err(|m| (format!("{dp}.prize_split"), m))?;
    let fields = [
        ("affiliate_id", &d.affiliate_id),
        ("chief_td_id", &d.chief_td_id),
        ("assistant_td_id", &d.assistant_td_id),
        ("city", &d.city),
        ("state", &d.state),
        ("zip", &d.zip),
        ("country", &d.country),
        ("time_control", &d.time_control),
        ("rating_system", &d.rating_system),
        ("chief_arbiter", &d.chief_arbiter),
        ("deputy_arbiter", &d.deputy_arbiter),
        ("venue", &d.venue),
        ("rated", &d.rated),
    ];
    for (name, v) in fields {
        if v.as_deref().is_some_and(|t| t.trim().is_empty()) {
            return fail(format!("{dp}.{name}"), "an empty value is written null");
        }
    }
    let code = |v: &Option<String>, n: usize| {
        v.as_deref()
            .is_some_and(|t| t.len() != n || !t.chars().all(|c| c.is_ascii_uppercase()))
    };
    if d.rated
        .as_deref()
        .is_some_and(|r| !["fide", "uscf", "both", "none"].contains(&r))
    {
        return fail(
            format!("{dp}.rated"),
            "rated is one of fide, uscf, both, none",
        );
    }
    if code(&d.state, 2) {
        return fail(format!("{dp}.state"), "a state is two capital letters (OH)");
    }
    if code(&d.country, 3) {
        return fail(
            format!("{dp}.country"),
            "a country is three capital letters (USA)",
        );
    }
    if d.rating_system
        .as_deref()
        .is_some_and(|r| !["regular", "quick", "dual"].contains(&r))
    {
        return fail(
            format!("{dp}.rating_system"),
            "the rating system is regular, quick or dual",
        );
    }
    Ok(())
}

/// A section's prizes: known kinds, classes, money or an item, winners
/// entered in the section.
fn check_prizes(s: &Section, sp: &str) -> Result<(), Problem> {
    for (pi, p) in s.prizes.iter().enumerate() {
        let pp = format!("{sp}.prizes[{pi}]");
        if p.place == 0 {
            return fail(format!("{pp}.place"), "places are numbered from 1");
        }
        match p.kind.as_str() {
            "place" | "class" | "special" => {}
            _ => return fail(format!("{pp}.kind"), "a prize is place, class or special"),
        }
        if (p.kind == "class") != p.class.is_some() {
            return fail(
                format!("{pp}.class"),
                "class prizes, and only they, have a class",
            );
        }
        if let Some(c) = &p.class {
            if crate::domain::prizes::Class::parse(c).is_none() {
                return fail(
                    format!("{pp}.class"),
                    format!("\"{c}\" is not a class (U1400, 1400–1599, 1800+, unrated)"),
                );
            }
        }
        if (p.kind == "special") != p.name.as_deref().is_some_and(|n| !n.trim().is_empty()) {
            return fail(
                format!("{pp}.name"),
                "special prizes, and only they, have a name",
            );
        }
        if p.kind != "special" && p.winner.is_some() {
            return fail(format!("{pp}.winner"), "only special prizes name a winner");
        }
        match (p.cash_cents, &p.item) {
            (Some(c), None) if c > 0 => {}
            (None, Some(i)) if !i.trim().is_empty() => {}
            _ => {
                return fail(
                    format!("{pp}.cash_cents"),
                    "a prize is money (cash_cents above 0) or an item, not both",
                )
            }
        }
        if let Some(w) = p.winner {
            if !s.entries.iter().any(|e| e.pairing_no == w) {
                return fail(
                    format!("{pp}.winner"),
                    format!("pairing number {w} is not entered in section {}", s.name),
                );
            }
        }
    }
    Ok(())
}

/// Byte offset of serde_json's 1-based line and column.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return (offset + column.saturating_sub(1)).min(text.len());
        }
        offset += l.len();
    }
    text.len()
}

/// The JSON path of the value being read at byte `offset` of `text`.
pub fn path_at(text: &str, offset: usize) -> String {
    scan(text, offset, false)
}

/// The JSON path of the object being read at byte `offset` (without the
/// key last read in it).
pub fn object_path_at(text: &str, offset: usize) -> String {
    scan(text, offset, true)
}

fn scan(text: &str, offset: usize, object_only: bool) -> String {
    enum Frame {
        Object(Option<String>),
        Array(usize),
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut expect_key = false;
    let bytes = text.as_bytes();
    let end = offset.min(bytes.len());
    let mut i = 0;
    while i < end {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                if expect_key {
                    let key = text.get(start..i.min(text.len())).unwrap_or("").to_string();
                    if let Some(Frame::Object(k)) = stack.last_mut() {
                        *k = Some(key);
                    }
                    expect_key = false;
                }
            }
            b'{' => {
                stack.push(Frame::Object(None));
                expect_key = true;
            }
            b'[' => stack.push(Frame::Array(0)),
            b'}' | b']' => {
                stack.pop();
                expect_key = false;
            }
            b',' => match stack.last_mut() {
                Some(Frame::Array(n)) => *n += 1,
                Some(Frame::Object(_)) => expect_key = true,
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    let mut path = String::from("$");
    let last = stack.len().saturating_sub(1);
    for (i, f) in stack.iter().enumerate() {
        match f {
            Frame::Object(Some(_)) if object_only && i == last => {}
            Frame::Object(Some(k)) => {
                path.push('.');
                path.push_str(k);
            }
            Frame::Object(None) => {}
            Frame::Array(n) => path.push_str(&format!("[{n}]")),
        }
    }
    path
}

type Problem = (String, String);

fn fail<T>(path: impl Into<String>, problem: impl Into<String>) -> Result<T, Problem> {
    Err((path.into(), problem.into()))
}

fn date(value: &Option<String>, path: String) -> Result<(), Problem> {
    if let Some(d) = value {
        if crate::input::trf::iso_date(d).as_deref() != Some(d.as_str()) {
            return fail(path, format!("\"{d}\" is not a date written YYYY-MM-DD"));
        }
    }
    Ok(())
}

fn name(value: &str, path: String) -> Result<(), Problem> {
    if value.trim().is_empty() || value.trim() != value {
        return fail(path, "a name must not be empty or start or end with spaces");
    }
    Ok(())
}

/// The rules a document must follow beyond its shape.
pub fn check(doc: &Document) -> Result<(), Problem> {
    if doc.format_version == 0 || doc.format_version > FORMAT_VERSION {
        return fail(
            "$.format_version",
            format!(
                "format version {} is not one this program reads (1 to {FORMAT_VERSION})",
                doc.format_version
            ),
        );
    }
    name(&doc.season.name, "$.season.name".into())?;
    date(&doc.season.start_date, "$.season.start_date".into())?;
    date(&doc.season.end_date, "$.season.end_date".into())?;
    let mut keys = HashSet::new();
    let mut ids: HashMap<(bool, &str), usize> = HashMap::new();
    for (k, p) in doc.players.iter().enumerate() {
        let pp = format!("$.players[{k}]");
        if !keys.insert(p.key) {
            return fail(
                format!("{pp}.key"),
                format!("player key {} is used twice", p.key),
            );
        }
        name(&p.name, format!("{pp}.name"))?;
        if p.state
            .as_deref()
            .is_some_and(|t| t.len() != 2 || !t.chars().all(|c| c.is_ascii_uppercase()))
        {
            return fail(format!("{pp}.state"), "a state is two capital letters (OH)");
        }
        for (fide, id) in [(false, &p.uscf_id), (true, &p.fide_id)] {
            if let Some(id) = id {
                let field = if fide { "fide_id" } else { "uscf_id" };
                if id.is_empty() {
                    return fail(format!("{pp}.{field}"), "an id may not be empty (use null)");
                }
                if let Some(first) = ids.insert((fide, id), k) {
                    return fail(
                        format!("{pp}.{field}"),
                        format!("id {id} is also $.players[{first}]'s"),
                    );
                }
            }
        }
        for (field, r) in [("rating", p.rating), ("fide_rating", p.fide_rating)] {
            if r.is_some_and(|r| r > 4000) {
                return fail(format!("{pp}.{field}"), "a rating is at most 4000");
            }
        }
    }
    if let Some(text) = &doc.season.grand_prix {
        check_grand_prix(text, doc)?;
    }
    let mut event_names = HashSet::new();
    for (ei, e) in doc.season.events.iter().enumerate() {
        let ep = format!("$.season.events[{ei}]");
        if !event_names.insert(e.name.to_lowercase()) {
            return fail(
                format!("{ep}.name"),
                format!("there are two events \"{}\"", e.name),
            );
        }
        check_event(e, &ep, &keys)?;
    }
    Ok(())
}

/// The season's grand-prix rules (as `league season grand-prix` stores
/// them) must read and make sense; in a season document the events they
/// name must be the season's individual events.
fn check_grand_prix(text: &str, doc: &Document) -> Result<(), Problem> {
    const PATH: &str = "$.season.grand_prix";
    let rules: Rules = serde_json::from_str(text).map_err(|e| {
        (
            PATH.to_string(),
            format!("the grand-prix rules cannot be read: {e}"),
        )
    })?;
    rules
        .check()
        .map_err(|m| (PATH.to_string(), format!("the grand-prix rules: {m}")))?;
    if doc.scope == Scope::Season {
        for name in &rules.events {
            match doc.season.events.iter().find(|e| &e.name == name) {
                None => {
                    return fail(
                        PATH,
                        format!(
                        "the grand prix counts event \"{name}\", which the season does not have"
                    ),
                    )
                }
                Some(e) if e.team_rules.is_some() => {
                    return fail(
                        PATH,
                        format!(
                        "the grand prix counts {name}, a team event; it counts individual events"
                    ),
                    )
                }
                Some(_) => {}
            }
        }
    }
    Ok(())
}

fn check_event(e: &Event, ep: &str, keys: &HashSet<u32>) -> Result<(), Problem> {
    let kind = check_settings(e, ep)?;
    if let Some(p) = &e.pairing {
        check_pairing(p, &format!("{ep}.pairing"), kind)?;
    }
    let teams = check_teams(e, ep, keys)?;
    check_details(&e.details, &format!("{ep}.details"))?;
    let mut sections = HashSet::new();
    for (si, s) in e.sections.iter().enumerate() {
        let sp = format!("{ep}.sections[{si}]");
        name(&s.name, format!("{sp}.name"))?;
        if !sections.insert(s.name.to_lowercase()) {
            return fail(
                format!("{sp}.name"),
                format!("there are two sections \"{}\"", s.name),
            );
        }
        check_section(s, &sp, e, keys, &teams)?;
        check_prizes(s, &sp)?;
    }
    Ok(())
}

/// The event's name, kind, rounds, dates, tiebreaks, rating basis, FIDE
/// edition and team rules; its kind, read.
fn check_settings(e: &Event, ep: &str) -> Result<crate::domain::league::EventKind, Problem> {
    name(&e.name, format!("{ep}.name"))?;
    let kind: crate::domain::league::EventKind = e
        .kind
        .parse()
        .map_err(|m: String| (format!("{ep}.kind"), m))?;
    if e.kind != kind.as_str() {
        return fail(
            format!("{ep}.kind"),
            format!("write the kind as \"{kind}\""),
        );
    }
    if !(1..=99).contains(&e.rounds) {
        return fail(format!("{ep}.rounds"), "an event has 1 to 99 rounds");
    }
    date(&e.start_date, format!("{ep}.start_date"))?;
    date(&e.end_date, format!("{ep}.end_date"))?;
    let order =
        Order::parse(&e.tiebreaks).map_err(|m| (format!("{ep}.tiebreaks"), m.to_string()))?;
    if let Some(bad) = order
        .tiebreaks
        .iter()
        .find(|t| t.is_team() != kind.is_team())
    {
        return fail(
            format!("{ep}.tiebreaks"),
            format!("tiebreak {bad} does not fit a {} event", kind.label()),
        );
    }
    if let Some(bad) = e
        .rating_basis
        .as_deref()
        .filter(|b| crate::domain::league::RatingBasis::parse(b).is_none())
    {
        return fail(
            format!("{ep}.rating_basis"),
            format!("\"{bad}\" is not a rating basis; it is fide, uscf, national or club"),
        );
    }
    if e.fide_edition
        .is_some_and(|y| ![2009, 2024, 2026].contains(&y))
    {
        return fail(
            format!("{ep}.fide_edition"),
            "the FIDE edition is 2009, 2024 or 2026",
        );
    }
    if e.team_rules.is_some() != kind.is_team() {
        return fail(
            format!("{ep}.team_rules"),
            if kind.is_team() {
                "a team event needs its team_rules"
            } else {
                "only team events have team_rules (use null)"
            },
        );
    }
    Ok(kind)
}

/// The event's pairing settings (`pp` is their path), each read as the
/// pairing commands read it.
fn check_pairing(
    p: &crate::interchange::json::PairingSettings,
    pp: &str,
    kind: crate::domain::league::EventKind,
) -> Result<(), Problem> {
    use crate::domain::pairing::settings::{parse_bye, parse_colour, Numbering, SystemKind};
    let system: SystemKind = p.system.parse().map_err(|m| (format!("{pp}.system"), m))?;
    parse_colour(&p.initial_colour).map_err(|m| (format!("{pp}.initial_colour"), m))?;
    let acceleration = p
        .acceleration
        .parse::<crate::domain::pairing::settings::Acceleration>()
        .map_err(|m| (format!("{pp}.acceleration"), m))?;
    parse_bye(&p.bye_points).map_err(|m| (format!("{pp}.bye_points"), m))?;
    p.numbers
        .parse::<Numbering>()
        .map_err(|m| (format!("{pp}.numbers"), m))?;
    if let Some(t) = &p.team_mates {
        t.parse::<crate::domain::pairing::settings::TeamMates>()
            .map_err(|m| (format!("{pp}.team_mates"), m))?;
    }
    if let Some(c) = &p.colour_limits {
        c.parse::<crate::domain::pairing::settings::ColourLimits>()
            .map_err(|m| (format!("{pp}.colour_limits"), m))?;
    }
    if let Some(c) = &p.colour_priority {
        c.parse::<crate::domain::pairing::settings::ColourPriority>()
            .map_err(|m| (format!("{pp}.colour_priority"), m))?;
    }
    if let Some(u) = &p.unrated_bye {
        u.parse::<crate::domain::pairing::settings::UnratedBye>()
            .map_err(|m| (format!("{pp}.unrated_bye"), m))?;
    }
    if kind.is_team() && acceleration != crate::domain::pairing::settings::Acceleration::None {
        return fail(
            format!("{pp}.acceleration"),
            "a team event pairs teams without acceleration (\"none\")",
        );
    }
    if p.double_round_robin && !system.is_round_robin() {
        return fail(
            format!("{pp}.double_round_robin"),
            "only round-robin pairing (berger, crenshaw) plays a double round robin",
        );
    }
    Ok(())
}

/// Each team's name and roster: every rostered player in `$.players` and
/// on one roster only. Returns each team's roster (player keys), by name.
fn check_teams<'e>(
    e: &'e Event,
    ep: &str,
    keys: &HashSet<u32>,
) -> Result<HashMap<&'e str, HashSet<u32>>, Problem> {
    let mut teams: HashMap<&str, HashSet<u32>> = HashMap::new();
    let mut on_roster = HashSet::new();
    for (ti, t) in e.teams.iter().enumerate() {
        let tp = format!("{ep}.teams[{ti}]");
        name(&t.name, format!("{tp}.name"))?;
        let roster: HashSet<u32> = t.roster.iter().map(|r| r.player).collect();
        if teams.insert(t.name.as_str(), roster).is_some() {
            return fail(
                format!("{tp}.name"),
                format!("there are two teams \"{}\"", t.name),
            );
        }
        for (ri, r) in t.roster.iter().enumerate() {
            if !keys.contains(&r.player) {
                return fail(
                    format!("{tp}.roster[{ri}].player"),
                    format!("player {} is not in $.players", r.player),
                );
            }
            if !on_roster.insert(r.player) {
                return fail(
                    format!("{tp}.roster[{ri}].player"),
                    format!("player {} is on two rosters of this event", r.player),
                );
            }
        }
    }
    Ok(teams)
}

fn check_section(
    s: &Section,
    sp: &str,
    e: &Event,
    keys: &HashSet<u32>,
    teams: &HashMap<&str, HashSet<u32>>,
) -> Result<(), Problem> {
    if let (Some(min), Some(max)) = (s.rating_min, s.rating_max) {
        if min > max {
            return fail(
                format!("{sp}.rating_max"),
                format!("the section's rating band {min}-{max} is upside down"),
            );
        }
    }
    let numbers = check_entries(s, sp, e, keys, teams)?;
    let mut round_numbers = HashSet::new();
    for (ri, r) in s.rounds.iter().enumerate() {
        let rp = format!("{sp}.rounds[{ri}]");
        if !round_numbers.insert(r.number) {
            return fail(
                format!("{rp}.number"),
                format!("round {} appears twice", r.number),
            );
        }
        let at = SectionAt {
            s,
            sp,
            e,
            keys,
            teams,
            numbers: &numbers,
        };
        check_round(r, &rp, &at)?;
    }
    Ok(())
}

/// The section's entries: pairing numbers from 1, each once; each player
/// in `$.players`, entered once, on a team of the event if any. Returns
/// each pairing number's entry (its index).
fn check_entries(
    s: &Section,
    sp: &str,
    e: &Event,
    keys: &HashSet<u32>,
    teams: &HashMap<&str, HashSet<u32>>,
) -> Result<HashMap<u32, usize>, Problem> {
    let mut numbers = HashMap::new();
    let mut entered = HashSet::new();
    for (ni, n) in s.entries.iter().enumerate() {
        let np = format!("{sp}.entries[{ni}]");
        if n.pairing_no == 0 {
            return fail(format!("{np}.pairing_no"), "pairing numbers start at 1");
        }
        if let Some(first) = numbers.insert(n.pairing_no, ni) {
            return fail(
                format!("{np}.pairing_no"),
                format!("pairing number {} is also entries[{first}]'s", n.pairing_no),
            );
        }
        if !keys.contains(&n.player) {
            return fail(
                format!("{np}.player"),
                format!("player {} is not in $.players", n.player),
            );
        }
        if !entered.insert(n.player) {
            return fail(
                format!("{np}.player"),
                format!("player {} is entered twice in this section", n.player),
            );
        }
        if let Some(t) = &n.team {
            if !teams.contains_key(t.as_str()) {
                return fail(format!("{np}.team"), format!("there is no team \"{t}\""));
            }
        }
        if n.withdrawn_after.is_some_and(|w| w > e.rounds) {
            return fail(
                format!("{np}.withdrawn_after"),
                format!("the event has {} rounds", e.rounds),
            );
        }
    }
    Ok(numbers)
}

/// A section being checked, and what its rounds are checked against.
struct SectionAt<'a> {
    s: &'a Section,
    /// The section's path ("$.events[0].sections[1]").
    sp: &'a str,
    e: &'a Event,
    /// The player keys of `$.players`.
    keys: &'a HashSet<u32>,
    /// Each team's roster, by name.
    teams: &'a HashMap<&'a str, HashSet<u32>>,
    /// Each pairing number's entry.
    numbers: &'a HashMap<u32, usize>,
}

/// One round (`rp` its path): its number, date and team matches, each
/// player once in it, and the boards forfeited in its matches.
fn check_round(
    r: &crate::interchange::json::Round,
    rp: &str,
    at: &SectionAt,
) -> Result<(), Problem> {
    let (e, keys, teams, numbers, s) = (at.e, at.keys, at.teams, at.numbers, at.s);
    if r.number == 0 || r.number > e.rounds {
        return fail(
            format!("{rp}.number"),
            format!(
                "round {} is not one of the event's {} rounds",
                r.number, e.rounds
            ),
        );
    }
    date(&r.date, format!("{rp}.date"))?;
    for (mi, m) in r.team_matches.iter().enumerate() {
        for (field, t) in [("team_a", Some(&m.team_a)), ("team_b", m.team_b.as_ref())] {
            if let Some(t) = t {
                if !teams.contains_key(t.as_str()) {
                    return fail(
                        format!("{rp}.team_matches[{mi}].{field}"),
                        format!("there is no team \"{t}\""),
                    );
                }
            }
        }
    }
    check_games_and_byes(r, rp, at)?;
    // Boards without a game: a player there plays nowhere else in the round.
    let mut playing: HashMap<u32, String> = HashMap::new();
    for (gi, g) in r.games.iter().enumerate() {
        for (no, side) in [(g.white, "white"), (g.black, "black")] {
            if let Some(&ni) = numbers.get(&no) {
                playing.insert(s.entries[ni].player, format!("{rp}.games[{gi}].{side}"));
            }
        }
    }
    for (mi, m) in r.team_matches.iter().enumerate() {
        let mp = format!("{rp}.team_matches[{mi}]");
        check_forfeited_boards(m, mi, &mp, r, e, keys, teams, &mut playing)?;
    }
    Ok(())
}

/// A round's games and byes: each player once in the round (one game or
/// one bye, none after withdrawing), results and bye kinds known.
fn check_games_and_byes(
    r: &crate::interchange::json::Round,
    rp: &str,
    at: &SectionAt,
) -> Result<(), Problem> {
    let (s, sp, numbers) = (at.s, at.sp, at.numbers);
    // Each player once per round: one game or one bye, and none after
    // withdrawing.
    let mut busy: HashMap<u32, String> = HashMap::new();
    let mut take = |no: u32, path: String| -> Result<(), Problem> {
        let Some(&ni) = numbers.get(&no) else {
            return fail(
                path,
                format!("pairing number {no} is not entered in this section"),
            );
        };
        if let Some(w) = s.entries[ni].withdrawn_after.filter(|&w| r.number > w) {
            return fail(
                path,
                format!(
                    "pairing number {no} withdrew after round {w} ({sp}.entries[{ni}]) but \
                     has a game or bye in round {}",
                    r.number
                ),
            );
        }
        if let Some(first) = busy.insert(no, path.clone()) {
            return fail(
                path,
                format!(
                    "pairing number {no} already has a game or bye in round {} ({first})",
                    r.number
                ),
            );
        }
        Ok(())
    };
    for (gi, g) in r.games.iter().enumerate() {
        let gp = format!("{rp}.games[{gi}]");
        if g.white == g.black {
            return fail(format!("{gp}.black"), "a player cannot play themself");
        }
        take(g.white, format!("{gp}.white"))?;
        take(g.black, format!("{gp}.black"))?;
        if let Some(res) = &g.result {
            if !RESULTS.contains(&res.as_str()) {
                return fail(
                    format!("{gp}.result"),
                    format!(
                        "\"{res}\" is not a result; use one of {} or null",
                        RESULTS.join(", ")
                    ),
                );
            }
        }
        if g.team_match
            .is_some_and(|m| m as usize >= r.team_matches.len())
        {
            return fail(
                format!("{gp}.team_match"),
                "the round has no team match at that position",
            );
        }
    }
    for (bi, b) in r.byes.iter().enumerate() {
        let bp = format!("{rp}.byes[{bi}]");
        take(b.player, format!("{bp}.player"))?;
        if !["full", "half", "zero"].contains(&b.kind.as_str()) {
            return fail(
                format!("{bp}.kind"),
                format!("bye kind \"{}\" is not full, half or zero", b.kind),
            );
        }
    }
    Ok(())
}

/// A team match's `forfeited_boards`: boards of the event's team rules,
/// each once and without a game, on a match with two teams recorded board
/// by board; the player there (if named) on the present team's roster and
/// not playing elsewhere in the round.
#[allow(clippy::too_many_arguments)]
fn check_forfeited_boards(
    m: &TeamMatch,
    mi: usize,
    mp: &str,
    r: &crate::interchange::json::Round,
    e: &Event,
    keys: &HashSet<u32>,
    teams: &HashMap<&str, HashSet<u32>>,
    playing: &mut HashMap<u32, String>,
) -> Result<(), Problem> {
    if m.forfeited_boards.is_empty() {
        return Ok(());
    }
    let lp = format!("{mp}.forfeited_boards");
    let Some(team_b) = &m.team_b else {
        return fail(
            lp,
            format!("{}'s team bye has no boards (use [])", m.team_a),
        );
    };
    if m.points_a_halves.is_some() || m.points_b_halves.is_some() {
        return fail(
            lp,
            "a match recorded by its score alone has no boards (use [], or null scores)",
        );
    }
    let Some(boards) = e.team_rules.as_ref().map(|t| t.boards) else {
        return fail(lp, "only a team event's matches have boards (use [])");
    };
    let mut seen = HashSet::new();
    for (fi, f) in m.forfeited_boards.iter().enumerate() {
        let fp = format!("{lp}[{fi}]");
        if f.board == 0 || f.board > boards {
            return fail(
                format!("{fp}.board"),
                format!(
                    "board {} is not a board of this event's matches (1 to {boards})",
                    f.board
                ),
            );
        }
        if !seen.insert(f.board) {
            return fail(
                format!("{fp}.board"),
                format!("board {} is listed twice", f.board),
            );
        }
        if let Some(gi) = r
            .games
            .iter()
            .position(|g| g.team_match == Some(mi as u32) && g.board == Some(f.board))
        {
            return fail(
                format!("{fp}.board"),
                format!(
                    "board {} of {} v {team_b} has a game ({}.games[{gi}]); a board is a game or \
                     a forfeit, not both",
                    f.board,
                    m.team_a,
                    mp.rsplit_once(".team_matches")
                        .map_or(mp, |(round, _)| round)
                ),
            );
        }
        let team = match f.present.as_str() {
            "a" => Some(m.team_a.as_str()),
            "b" => Some(team_b.as_str()),
            "none" => None,
            other => {
                return fail(
                    format!("{fp}.present"),
                    format!(
                        "\"{other}\" is not a side: \"a\" ({}'s player was there), \"b\" \
                         ({team_b}'s) or \"none\" (nobody)",
                        m.team_a
                    ),
                )
            }
        };
        let Some(k) = f.player else { continue };
        check_forfeit_player(k, &format!("{fp}.player"), team, r, keys, teams, playing)?;
    }
    Ok(())
}

/// The player `k` named on a forfeited board (`pp` the path): someone was
/// there (`team` is their side), in `$.players`, on that team's roster,
/// and not playing elsewhere in round `r`.
fn check_forfeit_player(
    k: u32,
    pp: &str,
    team: Option<&str>,
    r: &crate::interchange::json::Round,
    keys: &HashSet<u32>,
    teams: &HashMap<&str, HashSet<u32>>,
    playing: &mut HashMap<u32, String>,
) -> Result<(), Problem> {
    let Some(team) = team else {
        return fail(
            pp,
            "nobody was there on a board neither team filled (use null)",
        );
    };
    if !keys.contains(&k) {
        return fail(pp, format!("player {k} is not in $.players"));
    }
    if !teams.get(team).is_some_and(|roster| roster.contains(&k)) {
        return fail(pp, format!("player {k} is not on {team}'s roster"));
    }
    if let Some(first) = playing.insert(k, pp.to_string()) {
        return fail(
            pp,
            format!("player {k} already plays in round {} ({first})", r.number),
        );
    }
    Ok(())
}

/// The path of the first string (or key) holding a control character, and
/// what is wrong ([`crate::domain::text::no_controls`]).
fn control_in(v: &serde_json::Value, path: String) -> Option<(String, String)> {
    use serde_json::Value;
    match v {
        Value::String(s) => crate::domain::text::no_controls(s)
            .err()
            .map(|e| (path, format!("the text {e}"))),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, x)| control_in(x, format!("{path}[{i}]"))),
        Value::Object(m) => m.iter().find_map(|(k, x)| {
            let here = format!("{path}.{k}");
            crate::domain::text::no_controls(k)
                .err()
                .map(|e| (here.clone(), format!("the key {e}")))
                .or_else(|| control_in(x, here))
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_at_names_the_value_being_read() {
        let text = r#"{"a": [1, {"b": [3, 4, "x"]}], "c": 2}"#;
        let at = |needle: &str| path_at(text, text.find(needle).unwrap());
        assert_eq!(at("\"x\""), "$.a[1].b[2]");
        assert_eq!(at("4"), "$.a[1].b[1]");
        assert_eq!(at("2}"), "$.c");
    }

    #[test]
    fn truncated_and_mistyped_files_are_refused_with_line_and_path() {
        let e = parse(
            b"{\"format_version\": 1, \"scope\": \"season\", \"season\": {",
            "x.json",
        )
        .unwrap_err();
        assert_eq!(e.line, Some(1));
        assert!(e.problem.contains("EOF"), "{e}");
        let e = parse(b"{\"format_version\": 1,\n \"scope\": 7}", "x.json").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert_eq!(e.field.as_deref(), Some("$.scope"));
        let e = parse(
            b"{\"format_version\": 1, \"scope\": \"season\", \"season\": {\"name\": \"S\"},\n \"players\": []}",
            "x.json",
        )
        .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("$.season.start_date"));
        assert!(e.problem.contains("missing field"), "{e}");
        let e = parse(b"{\"format_version\": 9}", "x.json").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("$.format_version"));
        let e = parse(b"{\"a\": \"\xff\"}", "x.json").unwrap_err();
        assert!(e.problem.contains("not UTF-8"), "{e}");
    }
}
