//! What individual and team standings print alike, written once: a row's
//! tiebreak values by code (JSON), and the working behind one player's or
//! one team's tiebreaks (`league standings --explain`), in JSON and in
//! words. The callers name the player or team and look up opponents; the
//! shapes and words are the same for both.

use serde_json::{json, Map, Value as Json};

use crate::cli::output::{number, show};
use crate::domain::score::Value;
use crate::domain::standings::Explained;
use crate::domain::tiebreak::Tiebreak;

/// A row's tiebreak values keyed by code, `null` where the tiebreak gives
/// none, in the order's order.
pub fn tiebreaks_json(order: &[Tiebreak], values: &[Option<Value>]) -> Map<String, Json> {
    let mut tb = Map::new();
    for (code, v) in order.iter().zip(values) {
        tb.insert(code.code(), v.map(number).unwrap_or(Json::Null));
    }
    tb
}

/// Each tiebreak with its meaning, value, terms and notes; `opponent` names
/// the player or team a term is about.
pub fn working_json(items: &[Explained], opponent: impl Fn(usize) -> Option<String>) -> Vec<Json> {
    items
        .iter()
        .map(|x| {
            let w = &x.working;
            json!({
                "tiebreak": x.tiebreak.code(),
                "meaning": x.tiebreak.meaning(),
                "value": x.value.map(number),
                "terms": w.terms.iter().map(|t| json!({
                    "round": t.round,
                    "opponent": t.opponent.and_then(&opponent),
                    "text": t.text,
                    "value": number(t.value),
                    "dropped": t.dropped,
                })).collect::<Vec<_>>(),
                "notes": w.notes,
            })
        })
        .collect()
}

/// `who` ("Hannah Schmidt (#4): place 1, 5 points"), then each tiebreak's
/// value and meaning with its terms and notes, one per line. With
/// `round_first` each term that belongs to a round starts "round N: " (a
/// team's terms; a player's terms name their round in their text).
pub fn working_text(who: String, items: &[Explained], decimals: bool, round_first: bool) -> String {
    let mut out = who;
    out.push_str(". The working behind each tiebreak:\n");
    for x in items {
        out.push_str(&format!(
            "\n{} = {} — {}\n",
            x.tiebreak.code(),
            show(x.value, decimals),
            x.tiebreak.meaning()
        ));
        for t in &x.working.terms {
            let v = show(Some(t.value), decimals);
            let round = match t.round {
                Some(n) if round_first => format!("round {n}: "),
                _ => String::new(),
            };
            match &t.dropped {
                Some(why) => {
                    out.push_str(&format!("  {round}{} → {v}  (dropped: {why})\n", t.text))
                }
                None => out.push_str(&format!("  {round}{} → {v}\n", t.text)),
            }
        }
        for n in &x.working.notes {
            out.push_str(&format!("  {n}\n"));
        }
    }
    out
}
