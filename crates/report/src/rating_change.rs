//! A section's estimated rating changes, for the event's rating federation:
//! which federation rates the event comes from its details (as stated, or
//! else a US Chess rating system given: US Chess; a FIDE chief arbiter
//! given: FIDE), the arithmetic from [`crate::domain::rating_change`].

use serde_json::{json, Value as Json};

use super::SectionReport;
use crate::domain::rating_change::{fide, uscf, RatedBy};
use crate::error::Result;
use crate::store::event_detail::details_or_league;
use crate::store::Reader;

/// Every player's estimate under each federation rating the event.
#[derive(Clone, Debug, Default)]
pub struct Estimates {
    /// FIDE changes, by player index, when the event is FIDE-rated.
    pub fide: Option<Vec<Option<fide::Change>>>,
    /// US Chess post-event ratings, by player index, when US Chess-rated.
    pub uscf: Option<Vec<Option<uscf::Estimate>>>,
}

/// The federations rating the event: as the event (or the league's
/// default) states, else US Chess when a US Chess rating system is set and
/// FIDE when a FIDE chief arbiter is
/// ([`crate::domain::league::EventDetails::rated_by`]).
pub fn rated_by(conn: &Reader, r: &SectionReport) -> Result<Vec<RatedBy>> {
    let (rated, _) = details_or_league(conn, r.event.id)?.rated_by();
    let mut out = Vec::new();
    if rated.fide() {
        out.push(RatedBy::Fide);
    }
    if rated.us_chess() {
        out.push(RatedBy::UsChess);
    }
    Ok(out)
}

/// The section's estimates for the federations rating its event.
pub fn estimates(conn: &Reader, r: &SectionReport) -> Result<Estimates> {
    let by = rated_by(conn, r)?;
    let t = &r.tournament;
    let fide = match by.contains(&RatedBy::Fide) {
        // Each player's K factor as kept with their rating (V30).
        true => {
            let mut k = Vec::with_capacity(r.facts.entries.len());
            for e in &r.facts.entries {
                k.push(crate::store::player::fide_k(conn, e.player_id)?);
            }
            Some(fide::section(t, |p| k.get(p).copied().flatten()))
        }
        false => None,
    };
    Ok(Estimates {
        fide,
        uscf: by.contains(&RatedBy::UsChess).then(|| uscf::section(t)),
    })
}

impl Estimates {
    /// Whether there is anything to show.
    pub fn any(&self) -> bool {
        self.fide.is_some() || self.uscf.is_some()
    }

    /// A player's FIDE change, "+7.2" (blank when none).
    pub fn fide_cell(&self, player: usize) -> Option<String> {
        let all = self.fide.as_ref()?;
        Some(match all.get(player).and_then(Option::as_ref) {
            Some(c) => format!(
                "{}{}{}",
                fide::signed(c.total()),
                if c.k.assumed { "*" } else { "" },
                if c.ends_below_floor() { "†" } else { "" }
            ),
            None => String::new(),
        })
    }

    /// A player's estimated US Chess rating, "1805 (+105)" (blank when none).
    pub fn uscf_cell(&self, player: usize) -> Option<String> {
        let all = self.uscf.as_ref()?;
        Some(match all.get(player).and_then(Option::as_ref) {
            Some(e) => match e.change() {
                Some(d) => format!("{} ({}{d})", e.rounded(), if d >= 0 { "+" } else { "" }),
                None => format!("{} (new)", e.rounded()),
            },
            None => String::new(),
        })
    }

    /// What the reader must know about these numbers.
    pub fn notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(all) = &self.fide {
            let assumed = all.iter().flatten().filter(|c| c.k.assumed).count();
            let mut s = "FIDE rating changes are estimates, not official: K × (score − expected score) per game against a rated opponent (FIDE Rating Regulations 8.3)".to_string();
            if assumed > 0 {
                s.push_str(&format!(
                    "; * K 20 assumed for {assumed} player{} rated under 2400 whose K factor is not recorded (K is 40 for a player with under 30 rated games or a junior under 2300)",
                    if assumed == 1 { "" } else { "s" }
                ));
            }
            out.push(s);
            let under = all
                .iter()
                .flatten()
                .filter(|c| c.ends_below_floor())
                .count();
            if under > 0 {
                out.push(format!(
                    "† {under} player{} would end under {}, FIDE's rating floor since 1 March 2024: a rating under it is not published, and the player is listed as unrated",
                    if under == 1 { "" } else { "s" },
                    fide::RATING_FLOOR
                ));
            }
        }
        if self.uscf.is_some() {
            out.push("US Chess ratings are estimates, never official: US Chess's published formulas (Glickman and Doan), rated players taken as established (the league does not keep how many games a rating is based on), unrated players by the special formula from this event alone".to_string());
        }
        if self.fide.is_some() && self.uscf.is_some() {
            out.push("Both estimates start from the rating at entry: the league keeps one rating per entry".to_string());
        }
        out
    }

    /// A player's estimates as JSON fields (`fide_estimate`,
    /// `us_chess_estimate`), naming opponents with `name`.
    pub fn json(&self, player: usize, name: impl Fn(usize) -> String) -> Vec<(&'static str, Json)> {
        let mut out = Vec::new();
        if let Some(all) = &self.fide {
            let v = all.get(player).and_then(Option::as_ref).map(|c| {
                json!({
                    "estimated": true,
                    "rating": c.rating,
                    "k": c.k.k,
                    "k_assumed": c.k.assumed,
                    "k_capped_from": c.k.capped_from,
                    "expected_score": c.expected_score() as f64 / 100.0,
                    "change": c.total() as f64 / 100.0,
                    "change_rounded": c.rounded(),
                    "rating_after": c.after(),
                    "below_floor": c.ends_below_floor(),
                    "floor": fide::RATING_FLOOR,
                    "unrated_opponents_not_rated": c.unrated_opponents,
                    "games": c.games.iter().map(|g| json!({
                        "round": g.game.round,
                        "opponent": name(g.game.opponent),
                        "opponent_rating": g.game.opponent_rating,
                        "score": f64::from(g.game.halves) / 2.0,
                        "expected": g.expected as f64 / 100.0,
                        "change": g.change as f64 / 100.0,
                    })).collect::<Vec<_>>(),
                })
            });
            out.push(("fide_estimate", v.unwrap_or(Json::Null)));
        }
        if let Some(all) = &self.uscf {
            let v = all.get(player).and_then(Option::as_ref).map(|e| {
                json!({
                    "estimated": true,
                    "official": false,
                    "pre_event": e.pre,
                    "post_event": (e.post * 1000.0).round() / 1000.0,
                    "post_event_rounded": e.rounded(),
                    "change": e.change(),
                    "formula": match e.formula { uscf::Formula::Standard => "standard", uscf::Formula::Special => "special" },
                    "effective_games": (e.n_eff * 100.0).round() / 100.0,
                    "k": e.k.map(|k| (k * 100.0).round() / 100.0),
                    "bonus": (e.bonus * 100.0).round() / 100.0,
                    "games": e.games,
                    "games_left_out": e.left_out,
                })
            });
            out.push(("us_chess_estimate", v.unwrap_or(Json::Null)));
        }
        out
    }
}
