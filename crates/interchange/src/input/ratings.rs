//! Rating lists as published: a US Chess rating supplement (a dBase III
//! table), FIDE's XML list and FIDE's fixed-width TXT list, read into plain
//! rows (id, name, rating) for `league ratings import`.
//!
//! What is read, and what was inferred:
//! - FIDE XML (`<playerslist><player><fideid>..</fideid><name>..</name>
//!   <country>..</country><rating>..</rating>...</player>`): the id, name,
//!   federation and standard rating; a player with no rating element, or
//!   an empty one, is on the list unrated. `<k>` is the K factor.
//! - FIDE TXT: the columns are found from the header line (`ID Number`,
//!   `Name`, `Fed`, and the standard rating column, `SRtng` in the combined
//!   list or `Rtng`/`Rating` in a single list), so older and newer layouts
//!   read alike. The K factor is the `SK` column (combined list) or `K`
//!   (a single list); a list without one gives no K factors.
//! - A K factor other than 10, 20 or 40 is not read: the row carries a
//!   warning naming the file and line instead.
//! - US Chess supplement (dBase III): the member id, name, state and
//!   regular rating fields are found by name. The supplement's exact field
//!   names were not available to us; accepted are `MEM_ID`/`MEMBER_ID`/
//!   `USCF_ID`/`ID`, `MEM_NAME`/`NAME`, `MEM_STATE`/`STATE`/`ST`, and
//!   `R_RATING`/`REG_RTG`/`RATING`/`RTG`. A rating written with a
//!   provisional suffix ("1450P12", "1450/12") is read as its number;
//!   a rating of 0 or blank is unrated.
//!
//! Bad input is refused with the file, line (TXT, XML) or record (dBase)
//! and field named.

use crate::input::dbase;
use crate::input::InputError;

/// Which list a file is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ListKind {
    /// A US Chess rating supplement (ids are US Chess ids).
    Uscf,
    /// FIDE's XML list.
    FideXml,
    /// FIDE's fixed-width TXT list.
    FideTxt,
}

impl ListKind {
    /// From the file's name: `.dbf`, `.xml`, `.txt`.
    pub fn from_path(path: &std::path::Path) -> Option<ListKind> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "dbf" => ListKind::Uscf,
            "xml" => ListKind::FideXml,
            "txt" => ListKind::FideTxt,
            _ => return None,
        })
    }

    /// Whether the ids are FIDE ids.
    pub fn is_fide(self) -> bool {
        !matches!(self, ListKind::Uscf)
    }
}

/// One player of a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListRow {
    /// The player's id on the list (US Chess or FIDE): what a player in
    /// the league is matched by.
    pub id: String,
    /// The name as the list spells it, for the report of what changed.
    pub name: String,
    /// The published rating; `None` when the list gives none (unrated).
    pub rating: Option<u32>,
    /// Federation (FIDE lists) or state (US Chess).
    pub place: Option<String>,
    /// The player's FIDE K factor (10, 20 or 40) as the list gives it
    /// (`K`/`SK` column, `<k>` element); `None` when blank or not on the list.
    pub k: Option<u8>,
    /// Why a K factor on the list was not read (not 10, 20 or 40), naming
    /// the file and line: the import warns and leaves the player's K as it was.
    pub k_warning: Option<String>,
}

/// A FIDE K factor as a list writes it: 10, 20 or 40, or `None` when blank;
/// anything else is a warning (file and line named) and no K factor, as a
/// wrong K would silently skew every estimated rating change.
fn k_of(text: &str, source: &str, line: usize) -> (Option<u8>, Option<String>) {
    match text.trim() {
        "" => (None, None),
        "10" => (Some(10), None),
        "20" => (Some(20), None),
        "40" => (Some(40), None),
        other => (
            None,
            Some(format!(
                "{source}, line {line}: K factor \"{other}\" is not 10, 20 or 40; the player's K factor was left as it was"
            )),
        ),
    }
}

/// The longest line of a TXT list, and the longest `<player>` element of
/// an XML list, read: a real one is a few hundred bytes, and a file with no
/// line breaks (`/dev/zero`, a binary file misnamed) must not be read whole
/// into one line.
pub const MAX_RECORD: usize = 64 * 1024;

/// Read a list of the given kind from its bytes.
pub fn parse(bytes: &[u8], kind: ListKind, source: &str) -> Result<Vec<ListRow>, InputError> {
    read(bytes, kind, source)
}

/// Read a list of the given kind from a reader, a record at a time: the
/// FIDE lists (about 1.4 million players, over half a gigabyte as XML) are
/// never held whole, only their rows. A US Chess supplement is read whole
/// (its header says where each record is).
pub fn read(
    mut r: impl std::io::BufRead,
    kind: ListKind,
    source: &str,
) -> Result<Vec<ListRow>, InputError> {
    match kind {
        ListKind::Uscf => {
            let mut bytes = Vec::new();
            r.read_to_end(&mut bytes)
                .map_err(|e| InputError::new(source, format!("cannot read the file: {e}")))?;
            parse_uscf(&bytes, source)
        }
        ListKind::FideXml => parse_fide_xml(r, source),
        ListKind::FideTxt => parse_fide_txt(r, source),
    }
}

/// FIDE's lists are Latin-1 in older files and UTF-8 in newer ones: a
/// record that is not UTF-8 is read as Latin-1.
fn text(bytes: &[u8]) -> String {
    let t = match std::str::from_utf8(bytes) {
        Ok(t) => t.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    };
    t.trim_start_matches('\u{feff}').to_string()
}

/// "1450", "1450P12", "1450/12" → 1450; 0, blank → unrated.
fn rating_of(text: &str) -> Option<Result<u32, ()>> {
    let t = text.trim();
    let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
    if t.is_empty() {
        return None;
    }
    let rest = &t[digits.len()..];
    let suffix_ok = rest.is_empty()
        || ((rest.starts_with('P') || rest.starts_with('p') || rest.starts_with('/'))
            && rest[1..].chars().all(|c| c.is_ascii_digit()));
    if digits.is_empty() || !suffix_ok {
        return Some(Err(()));
    }
    match digits.parse::<u32>() {
        Ok(0) => None,
        Ok(r) if r <= 4000 => Some(Ok(r)),
        _ => Some(Err(())),
    }
}

fn parse_uscf(bytes: &[u8], source: &str) -> Result<Vec<ListRow>, InputError> {
    let t = dbase::read(bytes).map_err(|e| InputError::new(source, e))?;
    let find = |names: &[&str]| {
        t.fields
            .iter()
            .position(|f| names.contains(&f.name.to_ascii_uppercase().as_str()))
    };
    let id = find(&["MEM_ID", "MEMBER_ID", "USCF_ID", "ID"]).ok_or_else(|| {
        InputError::new(
            source,
            "no member id field (MEM_ID, MEMBER_ID, USCF_ID or ID) in this table",
        )
    })?;
    let name = find(&["MEM_NAME", "NAME"]);
    let state = find(&["MEM_STATE", "STATE", "ST"]);
    let rating = find(&["R_RATING", "REG_RTG", "RATING", "RTG"]).ok_or_else(|| {
        InputError::new(
            source,
            "no regular rating field (R_RATING, REG_RTG, RATING or RTG) in this table",
        )
    })?;
    let mut out = Vec::with_capacity(t.records.len());
    for (k, r) in t.records.iter().enumerate() {
        let at = |f: usize| InputError::at(source, k + 1, t.fields[f].name.clone(), "");
        if r[id].is_empty() {
            let mut e = at(id);
            e.problem = format!("record {} has no member id", k + 1);
            return Err(e);
        }
        let rating = match rating_of(&r[rating]) {
            None => None,
            Some(Ok(x)) => Some(x),
            Some(Err(())) => {
                let mut e = at(rating);
                e.problem = format!("\"{}\" is not a rating", r[rating]);
                return Err(e);
            }
        };
        out.push(ListRow {
            id: r[id].clone(),
            name: name.map(|n| r[n].clone()).unwrap_or_default(),
            rating,
            place: state.map(|s| r[s].clone()).filter(|s| !s.is_empty()),
            k: None,
            k_warning: None,
        });
    }
    Ok(out)
}

/// The text between `<tag>` and `</tag>` in `block`.
fn element<'a>(block: &'a str, tag: &str) -> Option<&'a str> {
    let open = format!("<{tag}>");
    let start = block.find(&open)? + open.len();
    let end = block[start..].find(&format!("</{tag}>"))? + start;
    Some(block[start..end].trim())
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// Where `needle` first occurs in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Line breaks in `bytes`.
fn breaks(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

/// Read more of `r` into `buf`; `false` at the end of the file.
fn refill(
    r: &mut impl std::io::BufRead,
    buf: &mut Vec<u8>,
    source: &str,
) -> Result<bool, InputError> {
    let chunk = r
        .fill_buf()
        .map_err(|e| InputError::new(source, format!("cannot read the file: {e}")))?;
    let n = chunk.len();
    buf.extend_from_slice(chunk);
    r.consume(n);
    Ok(n > 0)
}

/// FIDE's XML list, one `<player>` element at a time. Every byte is looked
/// at a bounded number of times, and the line count is carried along (it
/// was counted from the start of the file for each player: 40,000 players
/// took 264 s).
fn parse_fide_xml(mut r: impl std::io::BufRead, source: &str) -> Result<Vec<ListRow>, InputError> {
    const OPEN: &[u8] = b"<player>";
    const CLOSE: &[u8] = b"</player>";
    let mut buf: Vec<u8> = Vec::new();
    // `buf[at..]` is not yet read; `line` is the line `buf[at]` is on.
    let (mut at, mut line) = (0usize, 1usize);
    let (mut more, mut a_list) = (true, false);
    let mut out = Vec::new();
    loop {
        let rest = &buf[at..];
        if let Some(start) = find(rest, OPEN) {
            if let Some(end) = find(&rest[start..], CLOSE) {
                line += breaks(&rest[..start]);
                out.push(fide_player(&text(&rest[start..start + end]), line, source)?);
                line += breaks(&rest[start..start + end]);
                at += start + end + CLOSE.len();
                continue;
            }
            if !more || rest.len() - start > MAX_RECORD {
                return Err(InputError::at(
                    source,
                    line + breaks(&rest[..start]),
                    "player",
                    "a <player> element is not closed",
                ));
            }
        } else {
            a_list = a_list || find(rest, b"<playerslist").is_some();
            if !more {
                break;
            }
            // Keep only what could be the start of a tag cut in two.
            let keep = rest.len().saturating_sub(OPEN.len() + 4);
            line += breaks(&rest[..keep]);
            at += keep;
        }
        buf.drain(..at);
        at = 0;
        more = refill(&mut r, &mut buf, source)?;
    }
    if out.is_empty() && !a_list {
        return Err(InputError::new(
            source,
            "not a FIDE XML rating list (no <player> elements)",
        ));
    }
    Ok(out)
}

/// One `<player>` element (its text after `<player>`), on line `line`.
fn fide_player(block: &str, line: usize, source: &str) -> Result<ListRow, InputError> {
    let id = element(block, "fideid").unwrap_or_default();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
        return Err(InputError::at(
            source,
            line,
            "fideid",
            format!("\"{id}\" is not a FIDE id"),
        ));
    }
    let rating = match element(block, "rating").map(rating_of) {
        None | Some(None) => None,
        Some(Some(Ok(r))) => Some(r),
        Some(Some(Err(()))) => {
            return Err(InputError::at(
                source,
                line,
                "rating",
                format!(
                    "\"{}\" is not a rating",
                    element(block, "rating").unwrap_or_default()
                ),
            ))
        }
    };
    let (k, k_warning) = k_of(element(block, "k").unwrap_or_default(), source, line);
    Ok(ListRow {
        id: id.to_string(),
        name: unescape(element(block, "name").unwrap_or_default()),
        rating,
        place: element(block, "country")
            .filter(|c| !c.is_empty())
            .map(str::to_string),
        k,
        k_warning,
    })
}

/// The next line of `r` (without its line break), at most [`MAX_RECORD`]
/// bytes; `None` at the end of the file.
fn next_line(
    r: &mut impl std::io::BufRead,
    n: usize,
    source: &str,
) -> Result<Option<String>, InputError> {
    use std::io::{BufRead, Read};
    let mut bytes = Vec::new();
    r.by_ref()
        .take(MAX_RECORD as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(|e| InputError::new(source, format!("cannot read the file: {e}")))?;
    if bytes.is_empty() {
        return Ok(None);
    }
    if bytes.len() > MAX_RECORD {
        return Err(InputError::at(
            source,
            n,
            "line",
            format!(
                "the line is longer than {} KB; a FIDE TXT list has one player a line",
                MAX_RECORD / 1024
            ),
        ));
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Ok(Some(text(&bytes)))
}

/// Where each heading of a TXT list's header starts (a column runs from
/// its heading to the next; `usize::MAX` ends the last), and where the
/// standard K factor's is: `SK` in the combined list, `K` in a single one.
fn headings(header: &str) -> (Vec<usize>, Option<usize>) {
    let mut starts: Vec<usize> = header
        .char_indices()
        .filter(|&(i, c)| c != ' ' && (i == 0 || header.as_bytes()[i - 1] == b' '))
        .map(|(i, _)| i)
        .collect();
    let k_at = ["SK", "K"].iter().find_map(|name| {
        starts
            .iter()
            .copied()
            .find(|&s| header[s..].split(' ').next() == Some(name))
    });
    starts.push(usize::MAX);
    (starts, k_at)
}

/// FIDE's TXT list, a line at a time.
fn parse_fide_txt(mut r: impl std::io::BufRead, source: &str) -> Result<Vec<ListRow>, InputError> {
    let Some(header) = next_line(&mut r, 1, source)? else {
        return Err(InputError::new(source, "the file is empty"));
    };
    let col = |name: &str| header.find(name);
    let (Some(id_at), Some(name_at), Some(fed_at)) = (col("ID Number"), col("Name"), col("Fed"))
    else {
        return Err(InputError::at(
            source,
            1,
            "header",
            "not a FIDE TXT rating list (the first line should name the columns: ID Number, Name, Fed, ...)",
        ));
    };
    let Some(rating_at) = col("SRtng")
        .or_else(|| col("Rtng"))
        .or_else(|| col("Rating"))
    else {
        return Err(InputError::at(
            source,
            1,
            "header",
            "no rating column (SRtng, Rtng or Rating) in the header",
        ));
    };
    let (starts, k_at) = headings(&header);
    let end_of = |at: usize| {
        starts
            .iter()
            .copied()
            .find(|&s| s > at)
            .unwrap_or(usize::MAX)
    };
    let cut = |chars: &[char], from: usize, to: usize| -> String {
        let to = to.min(chars.len());
        if from >= to {
            String::new()
        } else {
            chars[from..to]
                .iter()
                .collect::<String>()
                .trim()
                .to_string()
        }
    };
    let mut out = Vec::new();
    let mut n = 1;
    while let Some(line) = next_line(&mut r, n + 1, source)? {
        n += 1;
        if line.trim().is_empty() {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let id = cut(&chars, id_at, name_at);
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
            return Err(InputError::at(
                source,
                n,
                "ID Number",
                format!("\"{id}\" is not a FIDE id"),
            ));
        }
        let rt = cut(&chars, rating_at, end_of(rating_at));
        let rating = match rating_of(&rt) {
            None => None,
            Some(Ok(x)) => Some(x),
            Some(Err(())) => {
                return Err(InputError::at(
                    source,
                    n,
                    "rating",
                    format!("\"{rt}\" is not a rating"),
                ))
            }
        };
        let fed = cut(&chars, fed_at, end_of(fed_at));
        let (k, k_warning) = k_at
            .map(|at| k_of(&cut(&chars, at, end_of(at)), source, n))
            .unwrap_or_default();
        out.push(ListRow {
            id,
            name: cut(&chars, name_at, fed_at),
            rating,
            place: (!fed.is_empty()).then_some(fed),
            k,
            k_warning,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fide_txt_columns_come_from_the_header() {
        let text = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\n\
                    2012345        Arbiter, Ann                                                 USA F                                2105  5   20 1990  0   20              1985      \n\
                    2099999        Newcomer, Ned                                                USA M                                                                       2001      \n";
        let rows = parse_fide_txt(text.as_bytes(), "x.txt").unwrap();
        assert_eq!(
            rows,
            vec![
                ListRow {
                    id: "2012345".into(),
                    name: "Arbiter, Ann".into(),
                    rating: Some(2105),
                    place: Some("USA".into()),
                    k: Some(20),
                    k_warning: None,
                },
                ListRow {
                    id: "2099999".into(),
                    name: "Newcomer, Ned".into(),
                    rating: None,
                    place: Some("USA".into()),
                    k: None,
                    k_warning: None,
                },
            ]
        );
        let bad = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng\nX12            Someone                                                      USA\n";
        let e = parse_fide_txt(bad.as_bytes(), "x.txt").unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (Some(2), Some("ID Number")));
    }

    #[test]
    fn a_k_factor_other_than_10_20_or_40_is_a_warning_naming_the_line() {
        let text = "ID Number      Name                 Fed Sex Tit  WTit OTit FOA Rtng Gms K  B-day Flag\n\
                    100            One, A               USA                        2100 5   40 1990\n\
                    200            Two, B               USA                        2000 5   15 1990\n";
        let rows = parse_fide_txt(text.as_bytes(), "x.txt").unwrap();
        assert_eq!((rows[0].k, rows[0].k_warning.as_deref()), (Some(40), None));
        assert_eq!(rows[1].k, None);
        assert_eq!(
            rows[1].k_warning.as_deref(),
            Some("x.txt, line 3: K factor \"15\" is not 10, 20 or 40; the player's K factor was left as it was")
        );
        let xml = "<playerslist>\n<player><fideid>1</fideid><k>20</k></player>\n<player><fideid>2</fideid><k>25</k></player>\n</playerslist>";
        let rows = parse_fide_xml(xml.as_bytes(), "x.xml").unwrap();
        assert_eq!((rows[0].k, rows[1].k), (Some(20), None));
        assert!(rows[1]
            .k_warning
            .as_deref()
            .unwrap()
            .starts_with("x.xml, line 3: K factor \"25\""));
    }

    #[test]
    fn fide_xml_and_ratings_with_suffixes() {
        let xml = "<playerslist>\n<player>\n<fideid>2012345</fideid>\n<name>Arbiter, Ann</name>\n<country>USA</country>\n<rating>2105</rating>\n</player>\n<player><fideid>7</fideid><name>O&apos;Neil, Pat</name><rating></rating></player>\n</playerslist>\n";
        let rows = parse_fide_xml(xml.as_bytes(), "x.xml").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].rating, Some(2105));
        assert_eq!(rows[1].name, "O'Neil, Pat");
        assert_eq!(rows[1].rating, None);
        let e = parse_fide_xml(
            "<playerslist>\n<player><fideid>12</fideid><rating>abc</rating></player>".as_bytes(),
            "x.xml",
        )
        .unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (Some(2), Some("rating")));
        assert_eq!(rating_of("1450P12"), Some(Ok(1450)));
        assert_eq!(rating_of("1450/12"), Some(Ok(1450)));
        assert_eq!(rating_of("0"), None);
        assert_eq!(rating_of("9999"), Some(Err(())));
        assert_eq!(rating_of("19x8"), Some(Err(())));
    }
}
