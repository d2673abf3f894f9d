//! `league tiebreaks`: every tiebreak code with its meaning, and the
//! presets, from the domain's catalogue ([`Tiebreak::catalogue`], [`PRESETS`]).

use serde_json::json;

use super::output::{print, print_json, Format, Table};
use crate::domain::tiebreak::{Tiebreak, PRESETS};
use crate::error::Result;

/// `league tiebreaks [--format F]`.
#[derive(clap::Args, Debug)]
pub struct TiebreaksArgs {
    /// How to print it: text (an aligned table), json, csv (for spreadsheets) or markdown.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// `league tiebreaks`: every code with its meaning, and the presets.
pub fn run_tiebreaks(a: TiebreaksArgs) -> Result<()> {
    let all = Tiebreak::catalogue();
    if a.format == Format::Json {
        print_json(&json!({
            "codes": all.iter().map(|t| json!({"code": t.code(), "meaning": t.meaning(), "team": t.is_team()})).collect::<Vec<_>>(),
            "presets": PRESETS.iter().map(|p| json!({"name": p.name, "codes": p.codes, "note": p.note})).collect::<Vec<_>>(),
        }))?;
        return Ok(());
    }
    let mut t = Table::new(&["code", "meaning"]);
    for tb in &all {
        t.push(vec![tb.code(), tb.meaning()]);
    }
    let mut p = Table::new(&["preset", "order", "note"]);
    for preset in PRESETS {
        p.push(vec![
            preset.name.to_string(),
            preset.codes.join(", "),
            preset.note.to_string(),
        ]);
    }
    let mut out = String::new();
    if a.format == Format::Text {
        out.push_str(
            "Tiebreak codes (US Chess codes are lower case; FIDE codes are FIDE's acronyms):\n\n",
        );
    }
    out.push_str(&t.render(a.format));
    out.push('\n');
    if a.format == Format::Text {
        out.push_str("Presets (use the name wherever a tiebreak order is asked for):\n\n");
    }
    out.push_str(&p.render(a.format));
    print(&out)?;
    Ok(())
}
