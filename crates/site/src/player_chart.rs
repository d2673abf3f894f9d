//! A player's two charts: score per event and rating over time. Points are
//! placed by date when every event has one (so a six-year gap looks like
//! one, and the axis is labelled by year), else one slot per event with the
//! season under its first event. Each labelled point says its event and
//! year, since a touch screen cannot show tooltips.

use super::chart::{julian_day, label_points, line_chart, Axes, Chart, Line, Point, MAX_X_LABELS};
use crate::store::ratings::ListRating;

/// One event of a player's, as their charts read it (in the order played).
pub struct EventPoint<'a> {
    /// Event, section and season in full, for the point's tooltip.
    pub title: &'a str,
    /// The event's name, for the label beside its point.
    pub name: &'a str,
    /// The season's name.
    pub season: &'a str,
    /// The event's first day (YYYY-MM-DD), when recorded.
    pub day: Option<&'a str>,
    /// The score, in per cent of the points available.
    pub percent: Option<i64>,
    /// The rating the event used.
    pub rating: Option<u32>,
}

/// The longest event or list name beside a point, in characters.
const LABEL_CHARS: usize = 24;

/// Score % per event over time, and the US Chess rating where known (the
/// rating each event used, and the ratings the imported rating lists
/// gave); a chart with fewer than three points or a flat line is left out
/// (the events table says as much).
pub fn player_charts(events: &[EventPoint], lists: &[ListRating]) -> Vec<Chart> {
    let days: Option<Vec<usize>> = events.iter().map(|e| e.day.and_then(julian_day)).collect();
    let mut charts = Vec::new();
    charts.extend(score_chart(events, days.as_deref()));
    charts.extend(rating_chart(events, lists, days.as_deref()));
    charts
}

/// A chart's data is worth drawing: three points or more, not all equal.
pub(crate) fn worth_drawing(points: &[Point]) -> bool {
    points.len() >= 3 && points.iter().any(|p| p.y != points[0].y)
}

/// Which points get a visible label, most important first: the first, the
/// last, the highest and the lowest, then (up to eight points) the rest;
/// [`label_points`] leaves out any that would overlap.
pub(crate) fn labelled(points: &[Point]) -> Vec<usize> {
    if points.is_empty() {
        return Vec::new();
    }
    let hi = (0..points.len()).max_by_key(|&k| points[k].y).unwrap_or(0);
    let lo = (0..points.len()).min_by_key(|&k| points[k].y).unwrap_or(0);
    let mut keep = vec![0, points.len() - 1, hi, lo];
    if points.len() <= MAX_X_LABELS {
        keep.extend(0..points.len());
    }
    let mut seen = std::collections::HashSet::new();
    keep.retain(|k| seen.insert(*k));
    keep
}

/// "2022-23" as "’22" (the first year's last two digits), for crowded axes.
pub(crate) fn short_season(name: &str) -> String {
    let digits: String = name.chars().take_while(char::is_ascii_digit).collect();
    if digits.len() == 4 {
        format!("’{}", &digits[2..])
    } else {
        name.to_string()
    }
}

/// A name for a point's label: whole words up to [`LABEL_CHARS`]
/// characters ("Howard Ridout Memorial"), a longer one cut after its
/// last whole word that fits, with "…".
fn fit(name: &str) -> String {
    if name.chars().count() <= LABEL_CHARS {
        return name.to_string();
    }
    let mut out = String::new();
    for word in name.split_whitespace() {
        if out.chars().count() + word.chars().count() + 2 > LABEL_CHARS {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    if out.is_empty() {
        out = name.chars().take(LABEL_CHARS - 1).collect();
    }
    out.push('…');
    out
}

/// A point's label: its name and year ("Winter Swiss 2023"), or its
/// season when the event has no date.
fn label(name: &str, day: Option<&str>, season: &str) -> String {
    match day.and_then(|d| d.get(..4)) {
        Some(year) => format!("{} {year}", fit(name)),
        None => format!("{} {season}", fit(name)),
    }
}

/// A time axis from a little before the first day to a little after the
/// last, so that no point or label sits on the picture's edge.
fn day_axis(days: impl Iterator<Item = usize>) -> Option<(usize, usize)> {
    let (mut lo, mut hi) = (usize::MAX, 0);
    for d in days {
        lo = lo.min(d);
        hi = hi.max(d);
    }
    (lo <= hi).then(|| {
        let pad = ((hi - lo) / 16).max(20);
        (lo.saturating_sub(pad), hi + pad)
    })
}

/// The season under the first point of each season (shortened when the
/// player has more than four): the axis of events without dates.
fn season_labels<'a>(seasons_of: impl Iterator<Item = Option<&'a str>>) -> Vec<String> {
    let seasons_of: Vec<Option<&str>> = seasons_of.collect();
    let seasons = seasons_of
        .iter()
        .flatten()
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let mut last = "";
    seasons_of
        .into_iter()
        .map(|season| match season {
            Some(season) if season != last => {
                last = season;
                if seasons > 4 {
                    short_season(season)
                } else {
                    season.to_string()
                }
            }
            _ => String::new(),
        })
        .collect()
}

/// The axes of a player's chart: by date when `days` is given, else by
/// event with the seasons under them; the y range and ticks as given.
fn x_axis(
    days: Option<(usize, usize)>,
    seasons: Vec<String>,
    y: (i64, i64, Vec<(i64, String)>),
) -> Axes {
    let (y_min, y_max, y_ticks) = y;
    Axes {
        x_labels: if days.is_some() { Vec::new() } else { seasons },
        x_days: days,
        y_min,
        y_max,
        y_ticks,
        x_title: if days.is_some() {
            String::new()
        } else {
            "Season".into()
        },
        y_title: String::new(),
    }
}

/// The chart of the player's score per event, when worth drawing.
fn score_chart(events: &[EventPoint], days: Option<&[usize]>) -> Option<Chart> {
    let mut scores = Vec::new();
    let mut texts = Vec::new();
    for (k, e) in events.iter().enumerate() {
        let Some(y) = e.percent else { continue };
        scores.push(Point {
            x: days.map_or(k, |d| d[k]),
            y,
            title: format!("{}: {y}%", e.title),
        });
        texts.push(label(e.name, e.day, e.season));
    }
    if !worth_drawing(&scores) {
        return None;
    }
    let span = days.and_then(|d| day_axis(d.iter().copied()));
    let seasons = season_labels(events.iter().map(|e| Some(e.season)));
    let ticks = (0..=100)
        .step_by(25)
        .map(|v| (v, format!("{v}%")))
        .collect();
    let labels: Vec<(usize, String)> = labelled(&scores)
        .into_iter()
        .map(|k| (k, texts[k].clone()))
        .collect();
    let mut chart = line_chart(
        "Score per event (% of the points available)",
        &x_axis(span, seasons, (0, 100, ticks)),
        &[Line {
            name: "score %".into(),
            points: scores,
        }],
    );
    label_points(&mut chart, &labels);
    Some(chart)
}

/// A point of a player's rating chart: an event (the rating it used) or a
/// rating list (the rating it gave).
enum RatedAt<'a> {
    Event(usize, &'a EventPoint<'a>),
    List(&'a ListRating),
}

/// The events in their order with each rating list placed before the
/// first event that began after the list was imported (lists after the
/// last event, or when events have no dates, at the end).
fn rating_sequence<'a>(events: &'a [EventPoint<'a>], lists: &'a [ListRating]) -> Vec<RatedAt<'a>> {
    let mut out = Vec::with_capacity(events.len() + lists.len());
    let mut pending = lists.iter().peekable();
    for (k, e) in events.iter().enumerate() {
        if let Some(day) = e.day {
            while let Some(l) = pending.next_if(|l| l.day.as_str() < day) {
                out.push(RatedAt::List(l));
            }
        }
        out.push(RatedAt::Event(k, e));
    }
    out.extend(pending.map(RatedAt::List));
    out
}

/// The chart of the player's rating at each event and from each rating
/// list, when worth drawing.
fn rating_chart(
    events: &[EventPoint],
    lists: &[ListRating],
    days: Option<&[usize]>,
) -> Option<Chart> {
    let sequence = rating_sequence(events, lists);
    let list_days: Option<Vec<usize>> = lists.iter().map(|l| julian_day(&l.day)).collect();
    let dated = days.is_some() && list_days.is_some();
    let mut ratings = Vec::new();
    let mut texts = Vec::new();
    for (slot, r) in sequence.iter().enumerate() {
        let (x, y, title, text) = match *r {
            RatedAt::Event(k, e) => {
                let Some(y) = e.rating else { continue };
                let x = days.filter(|_| dated).map_or(slot, |d| d[k]);
                (
                    x,
                    y,
                    format!("{}: rated {y}", e.title),
                    label(e.name, e.day, e.season),
                )
            }
            RatedAt::List(l) => {
                let x = if dated {
                    julian_day(&l.day).unwrap_or(slot)
                } else {
                    slot
                };
                let title = format!("{} ({}): rated {}", l.list, l.day, l.rating);
                (x, l.rating, title, fit(&l.list))
            }
        };
        ratings.push(Point {
            x,
            y: y as i64,
            title,
        });
        texts.push(text);
    }
    if !worth_drawing(&ratings) {
        return None;
    }
    let span = if dated {
        day_axis(ratings.iter().map(|p| p.x))
    } else {
        None
    };
    let seasons = season_labels(sequence.iter().map(|r| match r {
        RatedAt::Event(_, e) => Some(e.season),
        RatedAt::List(_) => None,
    }));
    let lo = ratings.iter().map(|p| p.y).min().unwrap_or(0);
    let hi = ratings.iter().map(|p| p.y).max().unwrap_or(0);
    let y_min = (lo / 100) * 100 - 100;
    let y_max = (hi / 100) * 100 + 200;
    let step = (((y_max - y_min) / 400).max(1)) * 100;
    let ticks = (y_min..=y_max)
        .step_by(step as usize)
        .map(|v| (v, v.to_string()))
        .collect();
    let labels: Vec<(usize, String)> = labelled(&ratings)
        .into_iter()
        .map(|k| (k, texts[k].clone()))
        .collect();
    let from_lists = sequence.iter().any(|r| matches!(r, RatedAt::List(_)));
    let mut chart = line_chart(
        if from_lists {
            "Rating at the start of each event and from each rating list"
        } else {
            "Rating at the start of each event"
        },
        &x_axis(span, seasons, (y_min, y_max, ticks)),
        &[Line {
            name: "rating".into(),
            points: ratings,
        }],
    );
    label_points(&mut chart, &labels);
    Some(chart)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(ys: &[i64]) -> Vec<Point> {
        ys.iter()
            .enumerate()
            .map(|(x, &y)| Point {
                x,
                y,
                title: String::new(),
            })
            .collect()
    }

    #[test]
    fn charts_need_three_points_that_move() {
        assert!(!worth_drawing(&points(&[50, 60])));
        assert!(!worth_drawing(&points(&[1500, 1500, 1500, 1500])));
        assert!(worth_drawing(&points(&[1500, 1500, 1520])));
    }

    #[test]
    fn the_first_last_highest_and_lowest_points_are_labelled_first() {
        assert_eq!(labelled(&points(&[10, 90, 50])), vec![0, 2, 1]);
        let many = points(&[50, 40, 90, 45, 50, 5, 60, 70, 55, 65]);
        assert_eq!(labelled(&many), vec![0, 9, 2, 5]);
        assert!(labelled(&[]).is_empty());
    }

    #[test]
    fn crowded_axes_shorten_season_names() {
        assert_eq!(short_season("1997-98"), "’97");
        assert_eq!(short_season("2024"), "’24");
        assert_eq!(short_season("Spring"), "Spring");
    }

    #[test]
    fn labels_give_the_year_and_cut_only_at_a_word() {
        assert_eq!(
            label("Club Championship", Some("2023-03-07"), "2022-23"),
            "Club Championship 2023"
        );
        assert_eq!(label("Spring Open", None, "2022-23"), "Spring Open 2022-23");
        assert_eq!(
            fit("The Grand Riverside Club Championship Finals"),
            "The Grand Riverside…"
        );
        assert_eq!(fit("Howard Ridout Memorial"), "Howard Ridout Memorial");
    }

    #[test]
    fn events_years_apart_are_drawn_years_apart_with_the_years_under_them() {
        let e = |name: &'static str, day: &'static str, percent: i64, rating: u32| EventPoint {
            title: name,
            name,
            season: "s",
            day: Some(day),
            percent: Some(percent),
            rating: Some(rating),
        };
        let events = [
            e("Spring Open", "2016-04-02", 40, 1500),
            e("Summer Open", "2016-07-02", 60, 1520),
            e("Winter Swiss", "2022-01-15", 75, 1700),
        ];
        let charts = player_charts(&events, &[]);
        assert_eq!(charts.len(), 2);
        for c in &charts {
            let xs: Vec<i32> = c.series[0].dots.iter().map(|d| d.x).collect();
            assert!(xs[2] - xs[1] > 8 * (xs[1] - xs[0]), "{xs:?}");
            let years: Vec<&str> = c.x_ticks.iter().map(|t| t.label.as_str()).collect();
            assert!(
                years.contains(&"2017") && years.contains(&"2022"),
                "{years:?}"
            );
            assert!(c.x_title.is_empty());
            for l in &c.labels {
                assert!(
                    l.text.ends_with(" 2016") || l.text.ends_with(" 2022"),
                    "{l:?}"
                );
            }
        }
        let day = |iso| julian_day(iso).unwrap();
        assert_eq!(
            super::super::chart::day_ticks(day("2016-03-01"), day("2022-03-01")).len(),
            6
        );
    }
}
