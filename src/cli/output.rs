//! Terminal output: aligned tables, markdown and CSV from the same rows, and
//! the `--format` choice every listing takes.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{json, Value as Json};

use crate::domain::score::{Points, Value};
use crate::domain::text::{
    escape_controls, escape_controls_except, markdown_cell, spreadsheet_safe,
};

/// `--raw`: CSV cells as they are, without the `'` that keeps a spreadsheet
/// from running a cell as a formula.
static RAW_CSV: AtomicBool = AtomicBool::new(false);

/// Set by `--raw` before a command runs (one process runs one command).
pub fn set_raw_csv(raw: bool) {
    RAW_CSV.store(raw, Ordering::Relaxed);
}

/// One CSV cell as every CSV writer writes it: made safe for spreadsheets
/// unless `--raw` was given ([`spreadsheet_safe`]), control characters other
/// than line ends and tabs escaped.
pub fn csv_cell(cell: &str) -> String {
    let safe = if RAW_CSV.load(Ordering::Relaxed) {
        std::borrow::Cow::Borrowed(cell)
    } else {
        spreadsheet_safe(cell)
    };
    escape_controls_except(&safe, &['\t', '\n', '\r']).into_owned()
}

/// One CSV line (with its line end) as every command writes CSV: each cell
/// through [`csv_cell`], quoted where CSV needs it. The one CSV writer, so
/// that no command's CSV can skip the spreadsheet rule (issue 30, item 15:
/// `round sheet --format csv` wrote names as they were).
pub fn csv_record<S: AsRef<str>>(cells: impl IntoIterator<Item = S>) -> String {
    let mut w = csv::Writer::from_writer(vec![]);
    let _ = w.write_record(cells.into_iter().map(|c| csv_cell(c.as_ref())));
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// How a command prints its result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum Format {
    /// An aligned table for the terminal.
    #[default]
    Text,
    /// JSON (stable shapes, documented in the README).
    Json,
    /// CSV with a header line, for spreadsheets.
    Csv,
    /// A Markdown table, for e-mail and web pages.
    Markdown,
}

/// A table: header and rows of cells; numeric columns are right-aligned.
pub struct Table {
    /// The column names.
    pub header: Vec<String>,
    /// The rows, one cell per column.
    pub rows: Vec<Vec<String>>,
    /// Whether each column is right-aligned (numbers).
    pub right: Vec<bool>,
}

impl Table {
    /// An empty table with these column names, every column left-aligned.
    pub fn new(header: &[&str]) -> Table {
        Table {
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: vec![],
            right: vec![false; header.len()],
        }
    }

    /// Mark columns to right-align (numbers).
    pub fn right(mut self, cols: &[usize]) -> Table {
        for &c in cols {
            if c < self.right.len() {
                self.right[c] = true;
            }
        }
        self
    }

    /// Add a row.
    pub fn push(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }

    /// Shared places ("9-13") with an en dash ("9–13") in the `place`
    /// column, so that a spreadsheet opening the CSV does not read them as
    /// dates.
    pub fn places_for_spreadsheets(mut self) -> Table {
        if let Some(col) = self.header.iter().position(|h| h == "place") {
            for row in &mut self.rows {
                if let Some(cell) = row.get_mut(col) {
                    *cell = cell.replace('-', "–");
                }
            }
        }
        self
    }

    /// The table in `format` (JSON is printed by the commands themselves).
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Csv => self.csv(),
            Format::Markdown => self.markdown(),
            _ => self.text(),
        }
    }

    /// Each column's width: its widest cell or header.
    pub fn widths(&self) -> Vec<usize> {
        let mut w: Vec<usize> = self.header.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate() {
                if i < w.len() {
                    w[i] = w[i].max(escape_controls(cell).chars().count());
                }
            }
        }
        w
    }

    /// One line of the text table with these column widths.
    pub fn text_line(&self, w: &[usize], cells: &[String]) -> String {
        let mut line = String::new();
        self.push_text_line(&mut line, &mut String::new(), w, cells);
        line
    }

    /// [`Table::text_line`] appended to `out`, built in `buf` (reused from
    /// line to line, so a 1,000-row table is not 1,000 lines allocated,
    /// trimmed and copied: issue 13).
    fn push_text_line(&self, out: &mut String, buf: &mut String, w: &[usize], cells: &[String]) {
        buf.clear();
        let pad_by = |buf: &mut String, n: usize| buf.extend(std::iter::repeat_n(' ', n));
        for (i, cell) in cells.iter().enumerate() {
            let cell = &*escape_controls(cell);
            let width = w.get(i).copied().unwrap_or(0);
            let pad = width.saturating_sub(cell.chars().count());
            if i > 0 {
                buf.push_str("  ");
            }
            if self.right.get(i).copied().unwrap_or(false) {
                pad_by(buf, pad);
                buf.push_str(cell);
            } else {
                buf.push_str(cell);
                if i + 1 < cells.len() {
                    pad_by(buf, pad);
                }
            }
        }
        out.push_str(buf.trim_end());
        out.push('\n');
    }

    /// The table aligned for the terminal.
    pub fn text(&self) -> String {
        let w = self.widths();
        let mut out =
            String::with_capacity((w.iter().sum::<usize>() + 2 * w.len()) * (self.rows.len() + 2));
        let mut buf = String::new();
        self.push_text_line(&mut out, &mut buf, &w, &self.header);
        let rule: Vec<String> = w.iter().map(|&n| "-".repeat(n)).collect();
        self.push_text_line(&mut out, &mut buf, &w, &rule);
        for row in &self.rows {
            self.push_text_line(&mut out, &mut buf, &w, row);
        }
        out
    }

    /// The table as Markdown, cells escaped.
    pub fn markdown(&self) -> String {
        let esc = |c: &str| markdown_cell(c);
        // Names are isolated (`<bdi>`, which Markdown passes through): a
        // right-to-left name then never pulls the cells' numbers and
        // punctuation round with it.
        let names: Vec<bool> = self
            .header
            .iter()
            .map(|h| {
                matches!(
                    h.to_ascii_lowercase().as_str(),
                    "name" | "player" | "white" | "black" | "team" | "opponent"
                )
            })
            .collect();
        let cell = |k: usize, c: &str| {
            let e = esc(c);
            if names.get(k).copied().unwrap_or(false) && !e.is_empty() {
                format!("<bdi>{e}</bdi>")
            } else {
                e
            }
        };
        let mut out = format!(
            "| {} |\n",
            self.header
                .iter()
                .map(|h| esc(h))
                .collect::<Vec<_>>()
                .join(" | ")
        );
        out.push_str(&format!(
            "|{}|\n",
            self.right
                .iter()
                .map(|&r| if r { "---:" } else { "---" })
                .collect::<Vec<_>>()
                .join("|")
        ));
        for row in &self.rows {
            out.push_str(&format!(
                "| {} |\n",
                row.iter()
                    .enumerate()
                    .map(|(k, c)| cell(k, c))
                    .collect::<Vec<_>>()
                    .join(" | ")
            ));
        }
        out
    }

    /// The table as CSV with a header line, cells made safe for spreadsheets.
    pub fn csv(&self) -> String {
        let mut out = csv_record(&self.header);
        for row in &self.rows {
            out.push_str(&csv_record(row));
        }
        out
    }
}

/// Print to standard output; a closed pipe (`league ... | head`) ends
/// quietly. Control characters other than line ends and tabs are escaped:
/// a name stored before they were refused never reaches the terminal as a
/// command.
pub fn print(text: &str) -> std::io::Result<()> {
    let text = escape_controls_except(text, &['\n', '\t', '\r']);
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Print JSON, pretty.
pub fn print_json(value: &serde_json::Value) -> std::io::Result<()> {
    print(&format!(
        "{}\n",
        serde_json::to_string_pretty(value).unwrap_or_default()
    ))
}

/// An optional value for a table cell: the value, or an empty cell.
pub fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map(|x| x.to_string()).unwrap_or_default()
}

/// Points as "3½", or "3.5" with `--decimals`.
pub(crate) fn points(p: Points, decimals: bool) -> String {
    if decimals {
        p.decimal()
    } else {
        p.fraction()
    }
}

/// A tiebreak value as "3½" (or "3.5" with `--decimals`); "–" when the
/// tiebreak has no value for the player.
pub(crate) fn show(v: Option<Value>, decimals: bool) -> String {
    match v {
        Some(v) if decimals => v.decimal(),
        Some(v) => v.fraction(),
        None => "–".into(),
    }
}

/// A value for JSON: a whole number as an integer (5), otherwise a
/// decimal (5.5, 12.25).
pub(crate) fn number(v: Value) -> Json {
    if v.hundredths() % 100 == 0 {
        json!(v.hundredths() / 100)
    } else {
        json!(v.as_f64())
    }
}

/// Print standings, individual or team, the one way `league standings`
/// prints them: JSON whole; otherwise the heading (text only), the table,
/// the notes (text only) and the working asked for with `--explain`.
pub(crate) fn print_standings(
    format: Format,
    json: impl FnOnce() -> Json,
    heading: impl FnOnce() -> String,
    table: impl FnOnce() -> Table,
    notes: &[String],
    explained: Option<String>,
) -> crate::error::Result<()> {
    if format == Format::Json {
        return Ok(print_json(&json())?);
    }
    let mut out = String::new();
    // Text and markdown carry the same heading and notes; CSV is the table
    // alone (no title line), its places safe from spreadsheets' dates.
    match format {
        Format::Text => out.push_str(&heading()),
        Format::Markdown => {
            for line in heading().lines() {
                out.push_str(&format!("**{}**  \n", markdown_cell(line)));
            }
            out.push('\n');
        }
        _ => {}
    }
    match format {
        Format::Csv => out.push_str(&table().places_for_spreadsheets().render(format)),
        _ => out.push_str(&table().render(format)),
    }
    if matches!(format, Format::Text | Format::Markdown) {
        if format == Format::Markdown && !notes.is_empty() {
            out.push('\n');
        }
        for n in notes {
            if format == Format::Markdown {
                out.push_str(&format!("Note: {}.\n", markdown_cell(n)));
            } else {
                out.push_str(&format!("Note: {n}.\n"));
            }
        }
    }
    if let Some(working) = explained {
        out.push('\n');
        out.push_str(&working);
    }
    Ok(print(&out)?)
}

/// The notes printed above a pairing sheet, for players and teams alike:
/// the numbers given at a first pairing (`numbered`: a heading and "number
/// name" for each), the earlier pairing a `--replace` replaced (`replaced`:
/// "12 games"), and whether this was a dry run.
pub fn sheet_notes(
    numbered: Option<(&str, Vec<String>)>,
    replaced: Option<String>,
    dry_run: bool,
) -> String {
    let mut out = String::new();
    if let Some((heading, numbers)) = numbered {
        out.push_str(&format!("{heading}: {}.\n", numbers.join(", ")));
    }
    if let Some(what) = replaced {
        out.push_str(&format!(
            "The round's earlier pairing ({what}) {}.\n",
            if dry_run {
                "would be replaced"
            } else {
                "was replaced (kept in the log)"
            }
        ));
    }
    if dry_run {
        out.push_str("Dry run: nothing was written.\n");
    }
    out
}

/// An event and its section as an echo names them: "Winter Swiss 1600+";
/// a section whose name the event's already ends with is not said twice
/// ("Winter FIDE Open", not "Winter FIDE Open Open").
pub fn event_section(event: &str, section: &str) -> String {
    let (e, s) = (event.trim(), section.trim());
    let ends = e.len() > s.len()
        && e.is_char_boundary(e.len() - s.len())
        && e[e.len() - s.len()..].eq_ignore_ascii_case(s)
        && e[..e.len() - s.len()].ends_with(' ');
    if ends {
        e.to_string()
    } else {
        format!("{e} {s}")
    }
}
