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

/// One point of data: x index and y value (in the chart's own units, for
/// example half-points or per cent), and its tooltip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// The x position's index (0, 1, ...).
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
    /// Labels of the x positions 0..n (empty strings are skipped).
    pub x_labels: Vec<String>,
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

/// Lay out `lines` on `axes`. The SVG is 480 units wide so that its 14½-unit
/// text is at least 11 CSS pixels on a 390-pixel phone; the legend is HTML
/// beside it. Lines whose points are all the same as an earlier line's are
/// drawn a few units lower, so both stay visible.
pub fn line_chart(title: &str, axes: &Axes, lines: &[Line]) -> Chart {
    let (width, height) = (480, 262);
    let left = if axes.y_title.is_empty() { 52 } else { 62 };
    let (top, right, bottom) = (14, 466, 212);
    let n = axes.x_labels.len().max(2);
    let x_at = |i: usize| left + ((right - left) as i64 * i as i64 / (n as i64 - 1)) as i32;
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
    // At most eight labels, none running into the one before it.
    let mut x_ticks: Vec<Tick> = Vec::new();
    for (i, l) in thin(&axes.x_labels) {
        let at = x_at(i);
        let clear = x_ticks
            .last()
            .is_none_or(|prev| at - prev.at >= (text_width(&prev.label) + text_width(&l)) / 2 + 6);
        if clear {
            x_ticks.push(Tick { at, label: l });
        }
    }
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

/// The width in SVG units a label of `text` takes at the charts' type size
/// (an estimate: 8 units a character).
fn text_width(text: &str) -> i32 {
    8 * text.chars().count() as i32
}

/// Put each `(k, text)` beside the `k`-th point of the chart's first line,
/// in the order given (most important first): above the point, else below
/// it, running leftwards in the right half of the plot; a label that would
/// overlap one already placed is left out (the point keeps its tooltip and
/// the events table names it).
pub fn label_points(chart: &mut Chart, texts: &[(usize, String)]) {
    let Some(series) = chart.series.first() else {
        return;
    };
    let mid = (chart.left + chart.right) / 2;
    // Placed boxes: left, top, right, bottom.
    let mut placed: Vec<(i32, i32, i32, i32)> = Vec::new();
    let mut labels = Vec::new();
    for (k, text) in texts {
        let Some(d) = series.dots.get(*k) else {
            continue;
        };
        let w = text_width(text);
        let (x, anchor) = if d.x > mid {
            (d.x - 4, "end")
        } else {
            (d.x + 4, "start")
        };
        let (l, r) = if anchor == "end" {
            (x - w, x)
        } else {
            (x, x + w)
        };
        let spot = [d.y - 8, d.y + 20].into_iter().find(|&y| {
            let (t, b) = (y - 13, y + 3);
            t >= 0
                && b <= chart.bottom
                && !placed
                    .iter()
                    .any(|&(pl, pt, pr, pb)| l < pr && pl < r && t < pb && pt < b)
        });
        if let Some(y) = spot {
            placed.push((l, y - 13, r, y + 3));
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
        // Four 176-unit labels on points 138 units apart at one height: the
        // first above, the second below, the third does not fit; the last
        // runs leftwards above.
        assert_eq!(c.labels.len(), 3, "{:?}", c.labels);
        for (i, a) in c.labels.iter().enumerate() {
            for b in &c.labels[i + 1..] {
                let span = |l: &Label| {
                    let w = text_width(&l.text);
                    if l.anchor == "end" {
                        (l.x - w, l.x)
                    } else {
                        (l.x, l.x + w)
                    }
                };
                let ((al, ar), (bl, br)) = (span(a), span(b));
                assert!(
                    ar <= bl || br <= al || (a.y - b.y).abs() >= 16,
                    "{a:?} {b:?}"
                );
            }
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
