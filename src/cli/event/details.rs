//! The event fields prizes and rating reports need (migration V15), as
//! options of `league event add` and `league event edit`: how ties share
//! prizes, the US Chess report's affiliate, TDs, place, time control and
//! rating system, the FIDE arbiters, and (V30) the venue and which
//! federations rate the event. An empty value ("") clears a field.

use crate::domain::league::EventDetails;
use crate::domain::prizes::Split;
use crate::error::{Error, Result};

/// The event-detail options of `league event edit`; each one left out keeps
/// the stored value. `league settings` checks its defaults through them, so
/// a value is accepted or refused the same way in both places.
#[derive(clap::Args, Debug, Default)]
pub struct EventDetailArgs {
    /// How tied players share cash prizes: pooled (US Chess 32B), hort (FIDE's Hort system) or tiebreak.
    #[arg(long)]
    pub prize_split: Option<String>,
    /// US Chess affiliate id of the organizer (e.g. A6000000); "" clears it.
    #[arg(long)]
    pub affiliate_id: Option<String>,
    /// US Chess id of the chief tournament director.
    #[arg(long)]
    pub chief_td_id: Option<String>,
    /// US Chess id of the assistant tournament director.
    #[arg(long)]
    pub assistant_td_id: Option<String>,
    /// City where the event was played.
    #[arg(long)]
    pub city: Option<String>,
    /// Two-letter state code, e.g. OH.
    #[arg(long)]
    pub state: Option<String>,
    /// ZIP code of the site.
    #[arg(long)]
    pub zip: Option<String>,
    /// Three-letter country code, e.g. USA.
    #[arg(long)]
    pub country: Option<String>,
    /// Time control as announced, e.g. "G/90;d5".
    #[arg(long)]
    pub time_control: Option<String>,
    /// US Chess rating system: regular, quick or dual.
    #[arg(long)]
    pub rating_system: Option<String>,
    /// FIDE chief arbiter's name (TRF line 102).
    #[arg(long)]
    pub chief_arbiter: Option<String>,
    /// FIDE deputy arbiter's name (TRF line 112).
    #[arg(long)]
    pub deputy_arbiter: Option<String>,
    /// Where the event is played, e.g. "Riverside Community Hall".
    #[arg(long)]
    pub venue: Option<String>,
    /// Which federations rate the event: fide, uscf, both or none (not given: FIDE when a chief
    /// arbiter is named, US Chess when a rating system is).
    #[arg(long)]
    pub rated: Option<String>,
}

impl EventDetailArgs {
    /// Whether any detail was given.
    pub fn any(&self) -> bool {
        self.prize_split.is_some() || self.values().iter().any(|v| v.is_some())
    }

    fn values(&self) -> [&Option<String>; 13] {
        [
            &self.affiliate_id,
            &self.chief_td_id,
            &self.assistant_td_id,
            &self.city,
            &self.state,
            &self.zip,
            &self.country,
            &self.time_control,
            &self.rating_system,
            &self.chief_arbiter,
            &self.deputy_arbiter,
            &self.venue,
            &self.rated,
        ]
    }

    /// `old` with the given fields changed, checked the way the schema
    /// checks them, with the option named when one is wrong.
    pub fn apply(&self, old: &EventDetails) -> Result<EventDetails> {
        let mut d = old.clone();
        if let Some(s) = &self.prize_split {
            d.prize_split = s
                .parse::<Split>()
                .map_err(|e| Error::invalid(format!("--prize-split: {e}")))?;
        }
        let set = |v: &Option<String>, slot: &mut Option<String>| {
            if let Some(v) = v {
                let t = v.trim();
                *slot = (!t.is_empty()).then(|| t.to_string());
            }
        };
        set(&self.affiliate_id, &mut d.affiliate_id);
        set(&self.chief_td_id, &mut d.chief_td_id);
        set(&self.assistant_td_id, &mut d.assistant_td_id);
        set(&self.city, &mut d.city);
        set(
            &self.state.as_ref().map(|s| s.to_ascii_uppercase()),
            &mut d.state,
        );
        set(&self.zip, &mut d.zip);
        set(
            &self.country.as_ref().map(|s| s.to_ascii_uppercase()),
            &mut d.country,
        );
        set(&self.time_control, &mut d.time_control);
        set(
            &self.rating_system.as_ref().map(|s| s.to_ascii_lowercase()),
            &mut d.rating_system,
        );
        set(&self.chief_arbiter, &mut d.chief_arbiter);
        set(&self.deputy_arbiter, &mut d.deputy_arbiter);
        set(&self.venue, &mut d.venue);
        set(
            &self.rated.as_ref().map(|s| s.to_ascii_lowercase()),
            &mut d.rated,
        );
        if let Some(s) = d
            .state
            .as_deref()
            .filter(|s| s.len() != 2 || !s.chars().all(|c| c.is_ascii_alphabetic()))
        {
            return Err(Error::invalid(format!(
                "--state \"{s}\" is not a two-letter state code (e.g. OH)"
            )));
        }
        if let Some(s) = d
            .country
            .as_deref()
            .filter(|s| s.len() != 3 || !s.chars().all(|c| c.is_ascii_alphabetic()))
        {
            return Err(Error::invalid(format!(
                "--country \"{s}\" is not a three-letter country code (e.g. USA)"
            )));
        }
        if let Some(s) = d
            .rating_system
            .as_deref()
            .filter(|s| !["regular", "quick", "dual"].contains(s))
        {
            return Err(Error::invalid(format!(
                "--rating-system \"{s}\" is not one of regular, quick, dual"
            )));
        }
        if let Some(s) = d
            .rated
            .as_deref()
            .filter(|s| crate::domain::league::Rated::parse(s).is_none())
        {
            return Err(Error::invalid(format!(
                "--rated \"{s}\" is not one of fide, uscf, both, none"
            )));
        }
        Ok(d)
    }
}
