//! Text that crosses into other programs: the rules for what a name may
//! hold and how a cell is written so that a terminal, a spreadsheet or a
//! Markdown reader shows it as text and never acts on it.
//!
//! - **Control characters** (C0 `U+0000`–`U+001F`, DEL, C1 `U+0080`–`U+009F`,
//!   which is what [`char::is_control`] means) are refused in names and in
//!   every imported file: ESC and OSC sequences reach a terminal as commands
//!   (OSC 52 writes the clipboard) and NUL cuts text short in other
//!   programs. Data stored before this rule may still hold them, so every
//!   output escapes them ([`escape_controls`]).
//! - **Spreadsheet formulas** (OWASP, "CSV Injection"): a cell beginning
//!   with `=`, `+`, `-`, `@`, a tab or a carriage return is run as a formula
//!   by spreadsheets; [`spreadsheet_safe`] puts `'` in front of it, unless
//!   the cell is plainly a number ("-0.5", "+3"), which a spreadsheet reads
//!   as the number it is.
//! - **Markdown** passes HTML through and makes links, images and
//!   emphasis of plain text: [`markdown_cell`] escapes `&`, `<`, `>`, `|`,
//!   `[ ] ( ) ! * _`, backticks and backslashes, and turns line ends into
//!   spaces.

use std::borrow::Cow;

/// Whether `c` opens an embedding or override (LRE, RLE, LRO, RLO), which
/// PDF closes.
fn opens_embedding(c: char) -> bool {
    matches!(c, '\u{202A}' | '\u{202B}' | '\u{202D}' | '\u{202E}')
}

/// Whether `c` opens an isolate (LRI, RLI, FSI), which PDI closes.
fn opens_isolate(c: char) -> bool {
    matches!(c, '\u{2066}' | '\u{2067}' | '\u{2068}')
}

/// `text` without its unpaired direction controls, and the ones removed:
/// an override or embedding never closed (a name ending in U+202E
/// right-to-left override reverses every word printed after it), a
/// closing PDF or PDI with nothing to close. Paired controls are kept (a
/// name may need them to read right). Pairs follow the Unicode
/// bidirectional algorithm: a PDI closes its isolate and any embedding
/// left open inside it (those are unpaired).
pub fn unpaired_bidi(text: &str) -> (String, Vec<char>) {
    let chars: Vec<char> = text.chars().collect();
    let mut drop = vec![false; chars.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if opens_embedding(c) || opens_isolate(c) {
            open.push(i);
        } else if c == '\u{202C}' {
            match open.last() {
                Some(&j) if opens_embedding(chars[j]) => {
                    open.pop();
                }
                _ => drop[i] = true,
            }
        } else if c == '\u{2069}' {
            match open.iter().rposition(|&j| opens_isolate(chars[j])) {
                Some(k) => {
                    for &j in &open[k + 1..] {
                        drop[j] = true;
                    }
                    open.truncate(k);
                }
                None => drop[i] = true,
            }
        }
    }
    for j in open {
        drop[j] = true;
    }
    let removed = chars
        .iter()
        .zip(&drop)
        .filter(|(_, &d)| d)
        .map(|(&c, _)| c)
        .collect();
    let kept = chars
        .iter()
        .zip(&drop)
        .filter(|(_, &d)| !d)
        .map(|(&c, _)| c)
        .collect();
    (kept, removed)
}

/// A name with its unpaired direction controls removed ([`unpaired_bidi`])
/// and, when any were, the warning that says so in the secretary's words.
pub fn name_without_unpaired_bidi(name: &str) -> (String, Option<String>) {
    let (kept, removed) = unpaired_bidi(name);
    if removed.is_empty() {
        return (kept, None);
    }
    let listed: Vec<String> = removed
        .iter()
        .map(|&c| format!("U+{:04X}", c as u32))
        .collect();
    let warning = format!(
        "the name \"{}\" had {} unpaired text-direction control{} ({}) that would turn the text after it round; {} removed, the name is stored as \"{kept}\"",
        name.escape_default(),
        removed.len(),
        if removed.len() == 1 { "" } else { "s" },
        listed.join(", "),
        if removed.len() == 1 { "it was" } else { "they were" },
    );
    (kept, Some(warning))
}

/// Refuse a control character in `text`: `Err` says which and where, in
/// words for the secretary ("the name has a control character (U+001B,
/// escape) at character 4 in it").
pub fn no_controls(text: &str) -> Result<(), String> {
    match text.chars().enumerate().find(|(_, c)| c.is_control()) {
        None => Ok(()),
        Some((i, c)) => Err(format!(
            "it has a control character ({}) at character {} in it; names and text may not hold control characters",
            describe(c),
            i + 1
        )),
    }
}

/// "U+001B, escape": a control character named for a message.
pub fn describe(c: char) -> String {
    let name = match c {
        '\0' => ", NUL",
        '\u{7}' => ", bell",
        '\t' => ", tab",
        '\n' => ", line feed",
        '\r' => ", carriage return",
        '\u{1b}' => ", escape",
        '\u{7f}' => ", delete",
        '\u{9b}' => ", control sequence introducer",
        '\u{9d}' => ", operating system command",
        _ => "",
    };
    format!("U+{:04X}{name}", c as u32)
}

/// `text` with every control character except those in `keep` written as
/// `\u{1b}`, so that it is seen and never acted on.
pub fn escape_controls_except<'a>(text: &'a str, keep: &[char]) -> Cow<'a, str> {
    if !text.chars().any(|c| c.is_control() && !keep.contains(&c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() && !keep.contains(&c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` with every control character written as `\u{1b}`.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    escape_controls_except(text, &[])
}

/// Whether `cell` is plainly a number: an optional sign, digits, and an
/// optional decimal part ("-3", "+0.5", "12.").
fn plainly_a_number(cell: &str) -> bool {
    let body = cell.strip_prefix(['-', '+']).unwrap_or(cell);
    let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
    !(whole.is_empty() && frac.is_empty())
        && whole.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit())
}

/// A CSV cell a spreadsheet shows as text (OWASP's rule, see the module
/// doc): `'` before a cell beginning with `=`, `+`, `-`, `@`, tab or
/// carriage return, unless it is plainly a number.
pub fn spreadsheet_safe(cell: &str) -> Cow<'_, str> {
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') if !plainly_a_number(cell) => {
            Cow::Owned(format!("'{cell}"))
        }
        _ => Cow::Borrowed(cell),
    }
}

/// A Markdown table cell (or any Markdown text from the records): `&`,
/// `<`, `>` as entities; `|`, `[`, `]`, `(`, `)`, `!`, `*`, `_`, backticks
/// and backslashes escaped with a backslash, so no link, image, emphasis
/// or code is made; line ends as spaces, other control characters escaped.
pub fn markdown_cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '|' => out.push_str("\\|"),
            // Links, images, emphasis and code (issue 30, item 16), and
            // the backslash that would otherwise undo an escape.
            '[' | ']' | '(' | ')' | '!' | '*' | '_' | '`' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => out.push(' '),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// A time of day as the league stores it, "19:30", from "19:30" or "7:30"
/// (24-hour clock); `None` when it is not one.
pub fn clock_time(text: &str) -> Option<String> {
    let (h, m) = text.trim().split_once(':')?;
    let ok = |s: &str, max: u32| {
        (1..=2).contains(&s.len())
            && s.bytes().all(|b| b.is_ascii_digit())
            && s.parse::<u32>().is_ok_and(|v| v <= max)
    };
    (ok(h, 23) && m.len() == 2 && ok(m, 59))
        .then(|| format!("{:02}:{m}", h.parse::<u32>().unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    #[test]
    fn unpaired_direction_controls_are_removed_and_pairs_kept() {
        use super::{name_without_unpaired_bidi, unpaired_bidi};
        // An override never closed.
        assert_eq!(
            unpaired_bidi("Ann\u{202E} Lee"),
            ("Ann Lee".to_string(), vec!['\u{202E}'])
        );
        // A pair stays.
        let paired = "\u{2067}علي\u{2069} Hassan";
        assert_eq!(unpaired_bidi(paired), (paired.to_string(), vec![]));
        let embedded = "\u{202B}x\u{202C}";
        assert_eq!(unpaired_bidi(embedded), (embedded.to_string(), vec![]));
        // A closer with nothing to close; an embedding left open inside an
        // isolate that closes.
        assert_eq!(
            unpaired_bidi("a\u{202C}b\u{2069}"),
            ("ab".to_string(), vec!['\u{202C}', '\u{2069}'])
        );
        assert_eq!(
            unpaired_bidi("\u{2066}a\u{202E}b\u{2069}"),
            ("\u{2066}ab\u{2069}".to_string(), vec!['\u{202E}'])
        );
        // Arabic letters alone are not controls.
        assert_eq!(
            name_without_unpaired_bidi("محمد علي"),
            ("محمد علي".to_string(), None)
        );
        let (kept, warning) = name_without_unpaired_bidi("Eve\u{202E}");
        assert_eq!(kept, "Eve");
        assert_eq!(
            warning.unwrap(),
            "the name \"Eve\\u{202e}\" had 1 unpaired text-direction control (U+202E) that would turn the text after it round; it was removed, the name is stored as \"Eve\""
        );
    }

    use super::*;

    #[test]
    fn each_formula_payload_is_made_text() {
        for (cell, written) in [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
            ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
            ("+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"),
            ("-2+3", "'-2+3"),
            ("\t=1", "'\t=1"),
            ("\r=1", "'\r=1"),
            ("-", "'-"),
            ("-B-", "'-B-"),
        ] {
            assert_eq!(spreadsheet_safe(cell), written, "{cell:?}");
        }
    }

    #[test]
    fn numbers_and_plain_text_are_left_as_they_are() {
        for cell in [
            "-0.5",
            "+3",
            "-12",
            "1.5",
            "Alice Smith",
            "",
            "9–13",
            "W3b",
            "-.5",
        ] {
            assert_eq!(spreadsheet_safe(cell), cell, "{cell:?}");
        }
    }

    #[test]
    fn control_characters_are_refused_and_escaped() {
        assert!(no_controls("Ólafur Jónsson").is_ok());
        let err = no_controls("Ann\u{1b}]52;c;x\u{7}").unwrap_err();
        assert!(
            err.contains("U+001B, escape") && err.contains("character 4"),
            "{err}"
        );
        assert!(no_controls("a\0b").unwrap_err().contains("NUL"));
        assert!(no_controls("a\u{9b}b").is_err());
        assert_eq!(escape_controls("a\u{1b}[2Jb\0"), "a\\u{1b}[2Jb\\u{0}");
        assert_eq!(escape_controls_except("a\nb\u{7}", &['\n']), "a\nb\\u{7}");
    }

    #[test]
    fn markdown_links_images_and_emphasis_are_text() {
        assert_eq!(
            markdown_cell("[Click](http://evil) ![](t.png) **X** _y_ `c` \\*"),
            "\\[Click\\]\\(http://evil\\) \\!\\[\\]\\(t.png\\) \\*\\*X\\*\\* \\_y\\_ \\`c\\` \\\\\\*"
        );
    }

    #[test]
    fn markdown_cells_are_text() {
        assert_eq!(
            markdown_cell("<img src=x onerror=alert(1)> & a|b\r\nc\nd"),
            "&lt;img src=x onerror=alert\\(1\\)&gt; &amp; a\\|b c d"
        );
    }
}

#[cfg(test)]
mod clock_tests {
    use super::clock_time;

    #[test]
    fn a_clock_time_is_hours_and_minutes_on_the_24_hour_clock() {
        assert_eq!(clock_time("19:30").as_deref(), Some("19:30"));
        assert_eq!(clock_time(" 7:05 ").as_deref(), Some("07:05"));
        assert_eq!(clock_time("00:00").as_deref(), Some("00:00"));
        for bad in [
            "24:00", "7pm", "19.30", "19:3", "19:60", ":30", "19:30:00", "-1:30", "+7:30",
        ] {
            assert_eq!(clock_time(bad), None, "{bad}");
        }
    }
}
