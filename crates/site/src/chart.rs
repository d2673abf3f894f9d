//! Small line charts drawn by the program itself, as plain data the
//! templates turn into inline SVG: the race of a section's leaders and a
//! player's results over time. Coordinates are computed here (whole
//! numbers of SVG units); every label is text the template escapes.

/// A line chart ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chart {
    /// What the chart shows, for the heading and the SVG `<title>`.
    pub title: String,
    /// The whole chart's width, in SVG units.
    pub width: i32,
    /// The whole chart's height, in SVG units.
    pub height: i32,
    /// Left edge of the plot area (the plot area: left, top, right, bottom).
    pub left: i32,
    /// The plot area's top edge.
    pub top: i32,
    /// The plot area's right edge.
    pub right: i32,
    /// The plot area's bottom edge.
    pub bottom: i32,
    /// Horizontal grid lines with their labels on the left.
    pub y_ticks: Vec<Tick>,
    /// Labels under the x axis (at most [`MAX_X_LABELS`]).
    pub x_ticks: Vec<Tick>,
    /// The x axis's title ("Round"); empty for none.
    pub x_title: String,
    /// The y axis's title; empty for none.
    pub y_title: String,
    /// Where the y title goes (its centre, rotated).
    pub y_title_at: i32,
    /// Where the x title goes (its centre).
    pub x_title_at: i32,
    /// The lines drawn.
    pub series: Vec<Series>,
    /// Text shown beside points (event names on a player's chart).
    pub labels: Vec<Label>,
    /// Whether a legend names the lines (more than one line).
    pub legend: bool,
}

/// A labelled position along an axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tick {
    /// The position in SVG units (y for the y axis, x for the x axis).
    pub at: i32,
    /// The label shown there.
    pub label: String,
}

/// Visible text at a point of the plot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The point's x, in SVG units.
    pub x: i32,
    /// The point's y, in SVG units.
    pub y: i32,
    /// The text shown.
    pub text: String,
    /// `start` or `end`: which side of the point the text runs to.
    pub anchor: String,
}

/// One line: its name, style and points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    /// The line's name in full.
    pub name: String,
    /// The name as the legend shows it (long names shortened).
    pub label: String,
    /// CSS class `s0`..`s5`: colour and dash pattern (so print in black and
    /// white still tells the lines apart).
    pub class: String,
    /// `x,y x,y ...` for the polyline.
    pub path: String,
    /// A dot per point, with its tooltip.
    pub dots: Vec<Dot>,
}

/// A point with a tooltip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dot {
    /// Its x, in SVG units.
    pub x: i32,
    /// Its y, in SVG units.
    pub y: i32,
    /// Its tooltip.
    pub title: String,
}

/// One point of data: x position and y value (in the chart's own units, for
/// example half-points or per cent), and its tooltip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// The x position: an index (0, 1, ...) into [`Axes::x_labels`], or a
    /// Julian day number when the axes have [`Axes::x_days`].
    pub x: usize,
    /// The value, in the chart's own units.
    pub y: i64,
    /// Its tooltip.
    pub title: String,
}

/// A named line of data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line's name, for the legend.
    pub name: String,
    /// Its points, left to right.
    pub points: Vec<Point>,
}

/// How the axes are labelled.
pub struct Axes {
    /// Labels of the x positions 0..n (empty strings are skipped); unused
    /// when `x_days` is given.
    pub x_labels: Vec<String>,
    /// A time axis instead: the first and last Julian day shown, points
    /// placed by their day (so a six-year gap looks like one) and labelled
    /// by year ([`day_ticks`]).
    pub x_days: Option<(usize, usize)>,
    /// The bottom of the y range, in data units.
    pub y_min: i64,
    /// The top of the y range.
    pub y_max: i64,
    /// Grid lines at these data values, with their labels.
    pub y_ticks: Vec<(i64, String)>,
    /// The x axis's title; empty for none.
    pub x_title: String,
    /// The y axis's title; empty for none.
    pub y_title: String,
}

/// The longest legend label, in characters.
const LEGEND_CHARS: usize = 22;

/// The most x-axis labels a chart shows; more are thinned out evenly.
pub const MAX_X_LABELS: usize = 8;

/// How far apart (SVG units) lines with identical paths are drawn, so none
/// hides another.
const OFFSET: i32 = 3;

fn legend_label(name: &str) -> String {
    if name.chars().count() <= LEGEND_CHARS {
        name.to_string()
    } else {
        let mut s: String = name.chars().take(LEGEND_CHARS - 1).collect();
        s.push('…');
        s
    }
}

/// Keep at most [`MAX_X_LABELS`] of the non-empty labels, evenly spaced,
/// always the first.
fn thin(labels: &[String]) -> Vec<(usize, String)> {
    let shown: Vec<(usize, String)> = labels
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| (i, l.clone()))
        .collect();
    if shown.len() <= MAX_X_LABELS {
        return shown;
    }
    let step = shown.len().div_ceil(MAX_X_LABELS);
    shown.into_iter().step_by(step).collect()
}

/// The x axis's labels: at most eight, none running into the one before
/// it nor out of the picture (`width` units wide); `x_at` places a point's
/// x.
fn x_ticks(axes: &Axes, x_at: &dyn Fn(usize) -> i32, width: i32) -> Vec<Tick> {
    let wanted = match axes.x_days {
        Some((first, last)) => day_ticks(first, last),
        None => thin(&axes.x_labels),
    };
    let mut x_ticks: Vec<Tick> = Vec::new();
    for (i, l) in wanted {
        let half = text_width(&l) / 2;
        // A long season name under the first or last slot moves in to stay
        // whole; a year on a time axis stands on its day or not at all.
        let at = match axes.x_days {
            None if 2 * half + 4 <= width => x_at(i).clamp(half + 2, width - half - 2),
            _ => x_at(i),
        };
        let clear = x_ticks
            .last()
            .is_none_or(|prev| at - prev.at >= text_width(&prev.label) / 2 + half + 6);
        if clear && at - half >= 0 && at + half <= width {
            x_ticks.push(Tick { at, label: l });
        }
    }
    x_ticks
}

/// Lay out `lines` on `axes`. The SVG is 480 units wide so that its 14½-unit
/// text is at least 11 CSS pixels on a 390-pixel phone; the legend is HTML
/// beside it. Lines whose points are all the same as an earlier line's are
/// drawn a few units lower, so both stay visible.
pub fn line_chart(title: &str, axes: &Axes, lines: &[Line]) -> Chart {
    let (width, height) = (480, 262);
    let left = if axes.y_title.is_empty() { 52 } else { 62 };
    let (top, right, bottom) = (14, 466, 212);
    let n = axes.x_labels.len().max(2);
    let x_at = |i: usize| match axes.x_days {
        Some((first, last)) => {
            let (d, span) = (i.saturating_sub(first) as i64, (last - first).max(1) as i64);
            left + ((right - left) as i64 * d.min(span) / span) as i32
        }
        None => left + ((right - left) as i64 * i as i64 / (n as i64 - 1)) as i32,
    };
    let span = (axes.y_max - axes.y_min).max(1);
    let y_at = |v: i64| {
        let v = v.clamp(axes.y_min, axes.y_max);
        bottom - ((bottom - top) as i64 * (v - axes.y_min) / span) as i32
    };
    let y_ticks = axes
        .y_ticks
        .iter()
        .map(|(v, label)| Tick {
            at: y_at(*v),
            label: label.clone(),
        })
        .collect();
    let x_ticks = x_ticks(axes, &x_at, width);
    let series = lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let same = lines[..k]
                .iter()
                .filter(|l| {
                    l.points.len() == line.points.len()
                        && l.points
                            .iter()
                            .zip(&line.points)
                            .all(|(a, b)| a.x == b.x && a.y == b.y)
                })
                .count() as i32;
            let dots: Vec<Dot> = line
                .points
                .iter()
                .map(|p| Dot {
                    x: x_at(p.x),
                    y: y_at(p.y) + same * OFFSET,
                    title: p.title.clone(),
                })
                .collect();
            Series {
                name: line.name.clone(),
                label: legend_label(&line.name),
                class: format!("s{}", k % 6),
                path: dots
                    .iter()
                    .map(|d| format!("{},{}", d.x, d.y))
                    .collect::<Vec<_>>()
                    .join(" "),
                dots,
            }
        })
        .collect();
    Chart {
        title: title.to_string(),
        width,
        height,
        left,
        top,
        right,
        bottom,
        y_ticks,
        x_ticks,
        x_title: axes.x_title.clone(),
        y_title: axes.y_title.clone(),
        y_title_at: (top + bottom) / 2,
        x_title_at: (left + right) / 2,
        series,
        labels: Vec::new(),
        legend: lines.len() > 1,
    }
}

/// The labels of a time axis from Julian day `first` to `last`: each year
/// at its 1 January ("2023"); when fewer than two new years fall inside,
/// the first of each quarter instead ("Jan 2023", "Apr 2023"), or of each
/// month when fewer than two quarters begin inside; thinned to
/// [`MAX_X_LABELS`].
pub fn day_ticks(first: usize, last: usize) -> Vec<(usize, String)> {
    let date = |d: usize| time::Date::from_julian_day(d as i32).ok();
    let (Some(a), Some(b)) = (date(first), date(last)) else {
        return Vec::new();
    };
    let day_of = |y: i32, m: time::Month| {
        time::Date::from_calendar_date(y, m, 1)
            .ok()
            .map(|d| d.to_julian_day() as usize)
    };
    let inside = |d: &usize| (first..=last).contains(d);
    let years: Vec<(usize, String)> = (a.year()..=b.year())
        .filter_map(|y| day_of(y, time::Month::January).map(|d| (d, y.to_string())))
        .filter(|(d, _)| inside(d))
        .collect();
    // The first of every `every`-th month inside, named "Jan 2023".
    let months = |every: usize| -> Vec<(usize, String)> {
        const NAMES: [&str; 12] = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ];
        (a.year()..=b.year())
            .flat_map(|y| {
                (0..12u8).step_by(every).filter_map(move |k| {
                    let m = time::Month::January.nth_next(k);
                    day_of(y, m).map(|d| (d, format!("{} {y}", NAMES[k as usize])))
                })
            })
            .filter(|(d, _)| inside(d))
            .collect()
    };
    let ticks = if years.len() >= 2 {
        years
    } else if months(3).len() >= 2 {
        months(3)
    } else {
        months(1)
    };
    if ticks.len() <= MAX_X_LABELS {
        return ticks;
    }
    let step = ticks.len().div_ceil(MAX_X_LABELS);
    ticks.into_iter().step_by(step).collect()
}

/// The Julian day of an ISO date ("2023-01-17"), for a time axis.
pub fn julian_day(iso: &str) -> Option<usize> {
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(iso, fmt)
        .ok()
        .and_then(|d| usize::try_from(d.to_julian_day()).ok())
}

/// The width in SVG units a label of `text` takes at the charts' type size
/// (an estimate: 8 units a character).
fn text_width(text: &str) -> i32 {
    8 * text.chars().count() as i32
}

/// A label's box: left, top, right, bottom, in SVG units.
type Boxed = (i32, i32, i32, i32);

/// Whether the segment from `a` to `b` touches the box `r` (an end inside
/// it, or the segment crossing one of its sides).
fn crosses(a: (i32, i32), b: (i32, i32), r: Boxed) -> bool {
    let (l, t, rt, bt) = r;
    let inside = |p: (i32, i32)| l <= p.0 && p.0 <= rt && t <= p.1 && p.1 <= bt;
    if inside(a) || inside(b) {
        return true;
    }
    let side = |p: (i32, i32), q: (i32, i32), x: (i32, i32)| {
        let v = (q.0 - p.0) as i64 * (x.1 - p.1) as i64 - (q.1 - p.1) as i64 * (x.0 - p.0) as i64;
        v.signum()
    };
    let meet = |c: (i32, i32), d: (i32, i32)| {
        side(a, b, c) * side(a, b, d) <= 0 && side(c, d, a) * side(c, d, b) <= 0
    };
    let corners = [(l, t), (rt, t), (rt, bt), (l, bt)];
    (0..4).any(|k| meet(corners[k], corners[(k + 1) % 4]))
}

/// Where a label of width `w` may go beside the point `(x, y)`: running
/// away from the plot's middle first (so it stays inside), above then
/// below, then the other way; each as (text x, baseline y, anchor, box).
fn spots(x: i32, y: i32, w: i32, mid: i32) -> Vec<(i32, i32, &'static str, Boxed)> {
    let ends = if x > mid {
        ["end", "start"]
    } else {
        ["start", "end"]
    };
    let mut out = Vec::new();
    for anchor in ends {
        for base in [y - 8, y + 19, y - 18, y + 29] {
            let (tx, l, r) = if anchor == "end" {
                (x - 5, x - 5 - w, x - 5)
            } else {
                (x + 5, x + 5, x + 5 + w)
            };
            out.push((tx, base, anchor, (l, base - 12, r, base + 3)));
        }
    }
    out
}

/// Put each `(k, text)` beside the `k`-th point of the chart's first line,
/// in the order given (most important first), in the first of its
/// `spots` that stays inside the picture and above the x axis, and
/// touches no line, no point and no label already placed; a label with no
/// such spot is left out (the point keeps its tooltip and the events
/// table names it).
pub fn label_points(chart: &mut Chart, texts: &[(usize, String)]) {
    let Some(series) = chart.series.first() else {
        return;
    };
    let mid = (chart.left + chart.right) / 2;
    let segments: Vec<((i32, i32), (i32, i32))> = chart
        .series
        .iter()
        .flat_map(|s| {
            s.dots
                .windows(2)
                .map(|p| ((p[0].x, p[0].y), (p[1].x, p[1].y)))
        })
        .collect();
    let dots: Vec<Boxed> = chart
        .series
        .iter()
        .flat_map(|s| s.dots.iter().map(|d| (d.x - 4, d.y - 4, d.x + 4, d.y + 4)))
        .collect();
    let overlap = |a: Boxed, b: Boxed| a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3;
    let mut placed: Vec<Boxed> = Vec::new();
    let mut labels = Vec::new();
    for (k, text) in texts {
        let Some(d) = series.dots.get(*k) else {
            continue;
        };
        let spot = spots(d.x, d.y, text_width(text), mid)
            .into_iter()
            .find(|&(_, _, _, b)| {
                b.0 >= 0
                    && b.2 <= chart.width
                    && b.1 >= 0
                    && b.3 <= chart.bottom
                    && !placed.iter().chain(&dots).any(|&p| overlap(p, b))
                    && !segments.iter().any(|&(p, q)| crosses(p, q, b))
            });
        if let Some((x, y, anchor, b)) = spot {
            placed.push(b);
            labels.push(Label {
                x,
                y,
                text: text.clone(),
                anchor: anchor.into(),
            });
        }
    }
    labels.sort_by_key(|l| l.x);
    chart.labels = labels;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_placed_on_the_plot_area() {
        let axes = Axes {
            x_labels: vec!["0".into(), "1".into(), "2".into()],
            y_min: 0,
            y_max: 4,
            y_ticks: vec![(0, "0".into()), (4, "2".into())],
            x_days: None,
            x_title: String::new(),
            y_title: String::new(),
        };
        let line = Line {
            name: "Ann".into(),
            points: vec![
                Point {
                    x: 0,
                    y: 0,
                    title: "a".into(),
                },
                Point {
                    x: 2,
                    y: 4,
                    title: "b".into(),
                },
            ],
        };
        let c = line_chart("Race", &axes, &[line.clone(), line]);
        assert_eq!(c.series[0].path, "52,212 466,14");
        assert_eq!(c.y_ticks[1].at, 14);
        assert_eq!(c.x_ticks[1].at, 259);
        // The same path again is drawn a little lower, not on top.
        assert_eq!(c.series[1].path, "52,215 466,17");
        assert!(c.legend);
        assert_eq!(c.series[0].class, "s0");
        assert_eq!(legend_label("Ann"), "Ann");
        assert_eq!(legend_label(&"x".repeat(40)).chars().count(), LEGEND_CHARS);
    }

    #[test]
    fn point_labels_never_overlap() {
        let axes = Axes {
            x_labels: vec![String::new(); 4],
            y_min: 0,
            y_max: 100,
            y_ticks: vec![],
            x_days: None,
            x_title: String::new(),
            y_title: String::new(),
        };
        let points = (0..4)
            .map(|x| Point {
                x,
                y: 50,
                title: String::new(),
            })
            .collect();
        let mut c = line_chart(
            "Scores",
            &axes,
            &[Line {
                name: "score".into(),
                points,
            }],
        );
        let long = "A very long event name".to_string();
        label_points(
            &mut c,
            &[
                (0, long.clone()),
                (1, long.clone()),
                (2, long.clone()),
                (3, long),
            ],
        );
        // Four 176-unit labels on points 138 units apart at one height:
        // above and below each point there is room for most of them.
        assert!(c.labels.len() >= 3, "{:?}", c.labels);
        let boxes: Vec<Boxed> = c
            .labels
            .iter()
            .map(|l| {
                let w = text_width(&l.text);
                let (a, b) = if l.anchor == "end" {
                    (l.x - w, l.x)
                } else {
                    (l.x, l.x + w)
                };
                (a, l.y - 12, b, l.y + 3)
            })
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            // Inside the picture, off the line, clear of every other label.
            assert!(
                a.0 >= 0 && a.2 <= c.width && a.1 >= 0 && a.3 <= c.bottom,
                "{a:?}"
            );
            for p in c.series[0].dots.windows(2) {
                assert!(
                    !crosses((p[0].x, p[0].y), (p[1].x, p[1].y), *a),
                    "{a:?} on the line"
                );
            }
            for b in &boxes[i + 1..] {
                assert!(
                    a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1,
                    "{a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn a_label_never_sits_on_a_line_crossing_its_box() {
        // A segment through a box, one beside it, one ending inside it.
        let b = (10, 10, 50, 20);
        assert!(crosses((0, 0), (60, 30), b));
        assert!(!crosses((0, 0), (60, 5), b));
        assert!(crosses((30, 15), (100, 100), b));
        assert!(!crosses((0, 25), (60, 25), b));
    }

    #[test]
    fn a_time_axis_spaces_points_by_date_and_labels_years() {
        let day = |iso: &str| julian_day(iso).unwrap();
        let (first, last) = (day("2016-09-01"), day("2023-05-31"));
        let ticks = day_ticks(first, last);
        let years: Vec<&str> = ticks.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            years,
            ["2017", "2018", "2019", "2020", "2021", "2022", "2023"]
        );
        assert_eq!(ticks[0].0, day("2017-01-01"));
        // Less than two new years inside: quarters, with the year.
        let q = day_ticks(day("2022-08-15"), day("2023-04-30"));
        let names: Vec<&str> = q.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(names, ["Oct 2022", "Jan 2023", "Apr 2023"]);
        let m = day_ticks(day("2022-11-09"), day("2023-03-27"));
        let names: Vec<&str> = m.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(names, ["Dec 2022", "Jan 2023", "Feb 2023", "Mar 2023"]);
        let axes = Axes {
            x_labels: Vec::new(),
            x_days: Some((first, last)),
            y_min: 0,
            y_max: 100,
            y_ticks: vec![],
            x_title: String::new(),
            y_title: String::new(),
        };
        let at = |iso: &str, y: i64| Point {
            x: day(iso),
            y,
            title: String::new(),
        };
        // Three events: two a week apart in 2016, one six years later.
        let points = vec![
            at("2016-09-06", 50),
            at("2016-09-13", 60),
            at("2022-09-06", 70),
        ];
        let c = line_chart(
            "Scores",
            &axes,
            &[Line {
                name: "s".into(),
                points,
            }],
        );
        let xs: Vec<i32> = c.series[0].dots.iter().map(|d| d.x).collect();
        assert!(xs[1] - xs[0] <= 3, "a week is a few units: {xs:?}");
        assert!(
            xs[2] - xs[1] > 300,
            "six years is most of the width: {xs:?}"
        );
        // Every year label is inside the picture.
        for t in &c.x_ticks {
            let half = text_width(&t.label) / 2;
            assert!(t.at - half >= 0 && t.at + half <= c.width, "{t:?}");
        }
    }

    #[test]
    fn a_long_first_season_name_stays_whole_inside_the_picture() {
        let axes = Axes {
            x_labels: vec![
                "Autumn season 2023".into(),
                String::new(),
                "Spring 2024".into(),
            ],
            x_days: None,
            y_min: 0,
            y_max: 4,
            y_ticks: vec![],
            x_title: String::new(),
            y_title: String::new(),
        };
        let c = line_chart("Scores", &axes, &[]);
        assert_eq!(c.x_ticks.len(), 2, "{:?}", c.x_ticks);
        for t in &c.x_ticks {
            let half = text_width(&t.label) / 2;
            assert!(t.at - half >= 0 && t.at + half <= c.width, "{t:?}");
        }
    }

    #[test]
    fn at_most_eight_x_labels() {
        let labels: Vec<String> = (0..30).map(|i| format!("{i}")).collect();
        let kept = thin(&labels);
        assert!(kept.len() <= MAX_X_LABELS, "{kept:?}");
        assert_eq!(kept[0].1, "0");
        let few: Vec<String> = vec!["a".into(), String::new(), "b".into()];
        assert_eq!(thin(&few), vec![(0, "a".to_string()), (2, "b".to_string())]);
    }
}
