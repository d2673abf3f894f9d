//! Small line charts drawn by the program itself, as plain data the
//! templates turn into inline SVG: the race of a section's leaders and a
//! player's results over time. Coordinates are computed here (whole
//! numbers of SVG units); every label is text the template escapes.

/// A line chart ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chart {
    /// What the chart shows, for the heading and the SVG `<title>`.
    pub title: String,
    pub width: i32,
    pub height: i32,
    /// Plot area: left, top, right, bottom.
    pub left: i32,
    pub top: i32,
    pub right: i32,
    pub bottom: i32,
    /// Horizontal grid lines with their labels on the left.
    pub y_ticks: Vec<Tick>,
    /// Labels under the x axis.
    pub x_ticks: Vec<Tick>,
    pub series: Vec<Series>,
}

/// A labelled position along an axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tick {
    /// The position in SVG units (y for the y axis, x for the x axis).
    pub at: i32,
    pub label: String,
}

/// One line: its name, style and points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub name: String,
    /// The name as the legend shows it (long names shortened).
    pub label: String,
    /// CSS class `s0`..`s5`: colour and dash pattern (so print in black and
    /// white still tells the lines apart).
    pub class: String,
    /// `x,y x,y ...` for the polyline.
    pub path: String,
    pub dots: Vec<Dot>,
    /// Where the legend entry goes (y of its line).
    pub legend_y: i32,
}

/// A point with a tooltip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dot {
    pub x: i32,
    pub y: i32,
    pub title: String,
}

/// One point of data: x index and y value (in the chart's own units, for
/// example half-points or per cent), and its tooltip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    pub x: usize,
    pub y: i64,
    pub title: String,
}

/// A named line of data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub name: String,
    pub points: Vec<Point>,
}

/// How the axes are labelled.
pub struct Axes {
    /// Labels of the x positions 0..n (empty strings are skipped).
    pub x_labels: Vec<String>,
    /// The y range, in data units.
    pub y_min: i64,
    pub y_max: i64,
    /// Grid lines at these data values, with their labels.
    pub y_ticks: Vec<(i64, String)>,
}

/// The longest legend label, in characters, so it stays inside the chart.
const LEGEND_CHARS: usize = 22;

fn legend_label(name: &str) -> String {
    if name.chars().count() <= LEGEND_CHARS {
        name.to_string()
    } else {
        let mut s: String = name.chars().take(LEGEND_CHARS - 1).collect();
        s.push('…');
        s
    }
}

/// Lay out `lines` on `axes`. The legend goes on the right of the plot.
pub fn line_chart(title: &str, axes: &Axes, lines: &[Line]) -> Chart {
    let (width, height) = (640, 240);
    let (left, top, right, bottom) = (44, 12, 470, 212);
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
    let x_ticks = axes
        .x_labels
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| Tick {
            at: x_at(i),
            label: l.clone(),
        })
        .collect();
    let series = lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let dots: Vec<Dot> = line
                .points
                .iter()
                .map(|p| Dot {
                    x: x_at(p.x),
                    y: y_at(p.y),
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
                legend_y: top + 8 + 18 * k as i32,
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
        series,
    }
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
        let c = line_chart("Race", &axes, &[line]);
        assert_eq!(c.series[0].path, "44,212 470,12");
        assert_eq!(c.y_ticks[1].at, 12);
        assert_eq!(c.x_ticks[1].at, 257);
        assert_eq!(c.series[0].class, "s0");
        assert_eq!(legend_label("Ann"), "Ann");
        assert_eq!(legend_label(&"x".repeat(40)).chars().count(), LEGEND_CHARS);
    }
}
