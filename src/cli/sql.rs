//! `league sql "SELECT ..."`: a read-only query against the documented
//! views (docs/views.md), printed as a table, CSV, Markdown or JSON. The
//! database is opened read-only, so no statement can change it.
//!
//! Rows are printed as they come (JSON, CSV and Markdown line by line; the
//! text table after its first 1,000 rows or first megabyte, which set the
//! column widths, at most 200 characters each), so memory does not grow
//! with the result: it holds one megabyte of rows and the row being printed. On a terminal at most 10,000 rows
//! are shown unless `--limit` says otherwise; piped into a file or another
//! program there is no limit. A query is stopped after `--timeout` seconds
//! (30 by default) of wall time.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::Duration;

use serde_json::{json, Value as Json};

use super::output::{csv_record, Format, Table};
use crate::domain::text::{escape_controls_except, markdown_cell};
use crate::error::Result;
use crate::store::sql::{stream, Cell, Ended, RowSink};
use crate::store::Store;

/// Rows shown on a terminal when `--limit` is not given.
pub const TERMINAL_LIMIT: usize = 10_000;

/// Rows of the text table that set its column widths.
const WIDTH_ROWS: usize = 1_000;

/// Bytes of text the text table holds before it fixes its widths: fewer
/// rows set them when the rows are large (1,000 rows of 100 MB were held
/// whole and aborted at 4 GB).
const WIDTH_BYTES: usize = 1 << 20;

/// The widest a column is laid out; a longer cell pushes its own line out
/// rather than every line of the table.
const MAX_WIDTH: usize = 200;

#[derive(clap::Args, Debug)]
pub struct SqlArgs {
    /// One SELECT query, e.g. "SELECT season, event, white, black, result FROM game_detail".
    /// The views are described in docs/views.md.
    pub query: String,
    /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Print at most this many rows (0: all). Default: 10,000 on a
    /// terminal, all when the output goes to a file or another program.
    /// When rows are cut, a note says so.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Stop the query after this many seconds (0: no limit).
    #[arg(long, default_value_t = 30)]
    pub timeout: u64,
}

fn text(c: &Cell) -> String {
    match c {
        Cell::Null => String::new(),
        Cell::Integer(v) => v.to_string(),
        Cell::Real(v) => v.to_string(),
        Cell::Text(t) => t.clone(),
        Cell::Blob(n) => format!("<{n} bytes>"),
    }
}

/// The bytes a cell's text takes (a number: its digits at most).
fn cell_bytes(c: &Cell) -> usize {
    match c {
        Cell::Text(t) => t.len(),
        _ => 24,
    }
}

fn value(c: &Cell) -> Json {
    match c {
        Cell::Null => Json::Null,
        Cell::Integer(v) => json!(v),
        Cell::Real(v) => json!(v),
        Cell::Text(t) => json!(t),
        Cell::Blob(n) => json!(format!("<{n} bytes>")),
    }
}

/// Standard output, buffered; control characters escaped; a closed pipe
/// (`league sql ... | head`) remembered so the query stops quietly.
struct Out {
    w: std::io::BufWriter<std::io::StdoutLock<'static>>,
    closed: bool,
}

impl Out {
    fn new() -> Out {
        Out {
            w: std::io::BufWriter::new(std::io::stdout().lock()),
            closed: false,
        }
    }

    fn put(&mut self, s: &str) -> Result<()> {
        if self.closed {
            return Ok(());
        }
        let s = escape_controls_except(s, &['\n', '\t', '\r']);
        match self.w.write_all(s.as_bytes()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => Ok(other?),
        }
    }

    fn finish(&mut self) -> Result<()> {
        match self.w.flush() {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            other => Ok(other?),
        }
    }
}

/// One CSV line.
fn csv_line(cells: &[String]) -> String {
    csv_record(cells)
}

/// The text table's rows so far, before the widths are known.
struct TextTable {
    header: Vec<String>,
    held: Vec<Vec<Cell>>,
    /// The text bytes of the rows held.
    held_bytes: usize,
    /// Once the first rows are printed: their table (rows emptied) and its
    /// column widths, kept for the rows after.
    layout: Option<(Table, Vec<usize>)>,
}

impl TextTable {
    /// Fix the layout from the rows held, print them, and keep the layout.
    fn flush(&mut self, out: &mut Out) -> Result<()> {
        if self.layout.is_some() {
            return Ok(());
        }
        let header: Vec<&str> = self.header.iter().map(String::as_str).collect();
        let numeric: Vec<usize> = (0..header.len())
            .filter(|&i| {
                self.held
                    .iter()
                    .all(|r| matches!(r[i], Cell::Integer(_) | Cell::Real(_) | Cell::Null))
            })
            .collect();
        let mut t = Table::new(&header).right(&numeric);
        for r in self.held.drain(..) {
            t.push(r.iter().map(text).collect());
        }
        self.held_bytes = 0;
        let widths: Vec<usize> = t.widths().into_iter().map(|w| w.min(MAX_WIDTH)).collect();
        // Line by line: the table as one string would be its widest row
        // times its rows.
        out.put(&t.text_line(&widths, &t.header))?;
        let rule: Vec<String> = widths.iter().map(|&n| "-".repeat(n)).collect();
        out.put(&t.text_line(&widths, &rule))?;
        for row in std::mem::take(&mut t.rows) {
            out.put(&t.text_line(&widths, &row))?;
        }
        self.layout = Some((t, widths));
        Ok(())
    }

    /// A row after the layout is fixed: the same widths (a longer cell
    /// pushes its own line out, not the whole table).
    fn line(&self, r: &[Cell]) -> String {
        match &self.layout {
            Some((t, w)) => t.text_line(w, &r.iter().map(text).collect::<Vec<_>>()),
            None => String::new(),
        }
    }
}

/// The rows to print: `--limit N` (0: all), else 10,000 on a terminal and
/// all when the output goes elsewhere.
fn row_limit(given: Option<usize>, terminal: bool) -> Option<usize> {
    match given {
        Some(0) => None,
        Some(n) => Some(n),
        None if terminal => Some(TERMINAL_LIMIT),
        None => None,
    }
}

/// Prints each row as it comes, in the chosen format, up to the limit.
struct Printer {
    format: Format,
    limit: Option<usize>,
    out: Out,
    header: Vec<String>,
    shown: usize,
    cut: bool,
    table: TextTable,
}

impl RowSink for Printer {
    fn columns(&mut self, cols: &[String]) -> Result<()> {
        self.header = cols.to_vec();
        match self.format {
            Format::Json => self.out.put("["),
            Format::Csv => self.out.put(&csv_line(cols)),
            Format::Markdown => {
                let t = Table::new(&cols.iter().map(String::as_str).collect::<Vec<_>>());
                self.out.put(&t.markdown())
            }
            Format::Text => {
                self.table.header = cols.to_vec();
                Ok(())
            }
        }
    }

    fn row(&mut self, r: &[Cell]) -> Result<bool> {
        if self.limit.is_some_and(|n| self.shown >= n) {
            self.cut = true;
            return Ok(false);
        }
        match self.format {
            Format::Json => {
                let m: serde_json::Map<String, Json> = self
                    .header
                    .iter()
                    .cloned()
                    .zip(r.iter().map(value))
                    .collect();
                // As a pretty-printed array would show it, one object at a time.
                let sep = if self.shown == 0 { "\n" } else { ",\n" };
                let pretty = serde_json::to_string_pretty(&Json::Object(m)).unwrap_or_default();
                let indented: Vec<String> = pretty.lines().map(|l| format!("  {l}")).collect();
                self.out.put(&format!("{sep}{}", indented.join("\n")))?;
            }
            Format::Csv => {
                let cells: Vec<String> = r.iter().map(text).collect();
                self.out.put(&csv_line(&cells))?;
            }
            Format::Markdown => {
                let cells: Vec<String> = r.iter().map(|c| markdown_cell(&text(c))).collect();
                self.out.put(&format!("| {} |\n", cells.join(" | ")))?;
            }
            Format::Text => {
                if self.table.layout.is_none() {
                    self.table.held_bytes += r.iter().map(cell_bytes).sum::<usize>();
                    self.table.held.push(r.to_vec());
                    if self.table.held.len() >= WIDTH_ROWS || self.table.held_bytes >= WIDTH_BYTES {
                        self.table.flush(&mut self.out)?;
                    }
                } else {
                    let line = self.table.line(r);
                    self.out.put(&line)?;
                }
            }
        }
        self.shown += 1;
        Ok(!self.out.closed)
    }
}

/// Open the database read-only, run the query, print the rows.
pub fn run(db: &Path, a: SqlArgs) -> Result<()> {
    let mut store = Store::open_read_only(db)?;
    let limit = row_limit(a.limit, std::io::stdout().is_terminal());
    let timeout = (a.timeout > 0).then(|| Duration::from_secs(a.timeout));
    let mut p = Printer {
        format: a.format,
        limit,
        out: Out::new(),
        header: vec![],
        shown: 0,
        cut: false,
        table: TextTable {
            header: vec![],
            held: vec![],
            held_bytes: 0,
            layout: None,
        },
    };
    let ended = stream(&mut store, &a.query, timeout, &mut p)?;
    let shown = p.shown;
    match p.format {
        Format::Json => p.out.put(if shown == 0 { "]\n" } else { "\n]\n" })?,
        Format::Text => {
            p.table.flush(&mut p.out)?;
            p.out.put(&format!(
                "({shown} row{})\n",
                if shown == 1 { "" } else { "s" }
            ))?;
        }
        _ => {}
    }
    if p.cut && ended == Ended::Stopped {
        let note = format!(
            "only the first {shown} rows are shown; the query has more (--limit N shows N, --limit 0 all)"
        );
        if p.format == Format::Text {
            p.out.put(&format!("({note})\n"))?;
        } else {
            eprintln!("league sql: {note}");
        }
    }
    p.out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_thousand_rows_on_a_terminal_all_when_piped_unless_limit_says() {
        assert_eq!(row_limit(None, true), Some(10_000));
        assert_eq!(row_limit(None, false), None);
        assert_eq!(row_limit(Some(5), false), Some(5));
        assert_eq!(row_limit(Some(0), true), None);
    }
}
