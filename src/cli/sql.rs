//! `league sql "SELECT ..."`: a read-only query against the documented
//! views (docs/views.md), printed as a table, CSV or JSON. The database is
//! opened read-only, so no statement can change it.

use std::path::Path;

use serde_json::{json, Map, Value as Json};

use super::output::{print, print_json, Format, Table};
use crate::error::Result;
use crate::store::sql::{query, Cell};
use crate::store::Store;

#[derive(clap::Args, Debug)]
pub struct SqlArgs {
    /// One SELECT query, e.g. "SELECT season, event, white, black, result FROM game_detail".
    /// The views are described in docs/views.md.
    pub query: String,
    /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
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

fn value(c: &Cell) -> Json {
    match c {
        Cell::Null => Json::Null,
        Cell::Integer(v) => json!(v),
        Cell::Real(v) => json!(v),
        Cell::Text(t) => json!(t),
        Cell::Blob(n) => json!(format!("<{n} bytes>")),
    }
}

/// Open the database read-only, run the query, print the rows.
pub fn run(db: &Path, a: SqlArgs) -> Result<()> {
    let store = Store::open_read_only(db)?;
    let result = query(store.conn(), &a.query)?;
    if a.format == Format::Json {
        let rows: Vec<Json> = result
            .rows
            .iter()
            .map(|r| {
                let mut m = Map::new();
                for (c, v) in result.columns.iter().zip(r) {
                    m.insert(c.clone(), value(v));
                }
                Json::Object(m)
            })
            .collect();
        print_json(&Json::Array(rows))?;
        return Ok(());
    }
    let header: Vec<&str> = result.columns.iter().map(String::as_str).collect();
    let numeric: Vec<usize> = (0..header.len())
        .filter(|&i| {
            result
                .rows
                .iter()
                .all(|r| matches!(r[i], Cell::Integer(_) | Cell::Real(_) | Cell::Null))
        })
        .collect();
    let mut t = Table::new(&header).right(&numeric);
    for r in &result.rows {
        t.push(r.iter().map(text).collect());
    }
    let mut out = t.render(a.format);
    if a.format == Format::Text {
        out.push_str(&format!(
            "({} row{})\n",
            result.rows.len(),
            if result.rows.len() == 1 { "" } else { "s" }
        ));
    }
    print(&out)?;
    Ok(())
}
