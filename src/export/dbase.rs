//! dBase III tables (`.dbf`), the format US Chess rating reports and rating
//! supplements travel in: a small writer and reader, pure functions over
//! bytes. Written here rather than taken from a crate because only the
//! plain dBase III subset is needed (character, numeric, date and logical
//! fields, no memo files), it is a few dozen lines, and the reader is what
//! the tests check every written value with.
//!
//! The layout (dBase III, as US Chess's files and WinTD's use it):
//! - a 32-byte header: version `0x03`; the file date as year - 1900, month,
//!   day; the record count (u32, little-endian); the header's length
//!   (u16: 32 + 32 per field + 1); the record's length (u16: 1 + the
//!   field widths); twenty zero bytes;
//! - one 32-byte descriptor per field: the name (up to 10 ASCII
//!   characters, zero-padded to 11 bytes), the type (`C`, `N`, `D`, `L`),
//!   four zero bytes, the width, the decimal count, fourteen zero bytes;
//! - `0x0D` ending the header;
//! - the records, each a deletion flag (`' '` kept, `'*'` deleted) and the
//!   fields side by side: character fields left-aligned and padded with
//!   spaces, numeric fields right-aligned, dates as `YYYYMMDD`;
//! - `0x1A` ending the file.
//!
//! Text is written as ASCII: a character outside ASCII is refused by the
//! writer (US Chess's files are ASCII), never silently changed.

/// A field's type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text, left-aligned.
    Character,
    /// A number written as text, right-aligned.
    Numeric,
    /// `YYYYMMDD`.
    Date,
    /// `T`, `F` or `?`.
    Logical,
}

impl Kind {
    fn code(self) -> u8 {
        match self {
            Kind::Character => b'C',
            Kind::Numeric => b'N',
            Kind::Date => b'D',
            Kind::Logical => b'L',
        }
    }

    fn from_code(c: u8) -> Option<Kind> {
        Some(match c {
            b'C' => Kind::Character,
            b'N' => Kind::Numeric,
            b'D' => Kind::Date,
            b'L' => Kind::Logical,
            _ => return None,
        })
    }
}

/// One column of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The column's name: 1 to 10 printable ASCII characters.
    pub name: String,
    /// What the column holds (text, number, date, logical).
    pub kind: Kind,
    /// The width in bytes every record gives the column.
    pub width: u8,
    /// Digits after the decimal point, for numbers.
    pub decimals: u8,
}

impl Field {
    /// A column with no decimals: every column the rating reports use but
    /// numbers with a fraction.
    pub fn new(name: &str, kind: Kind, width: u8) -> Field {
        Field {
            name: name.to_string(),
            kind,
            width,
            decimals: 0,
        }
    }
}

/// A whole table: its date, fields and records (each value as the text
/// the record holds, without padding).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The file date: (year, month, day).
    pub date: (u16, u8, u8),
    /// The columns, in order.
    pub fields: Vec<Field>,
    /// The rows, each one value a field.
    pub records: Vec<Vec<String>>,
}

/// The bytes of a table, or what is wrong with it (a value too wide for
/// its field, text outside ASCII, a bad field name).
pub fn write(t: &Table) -> Result<Vec<u8>, String> {
    let n = t.fields.len();
    let header_len = 32 + 32 * n + 1;
    let record_len = 1 + t.fields.iter().map(|f| f.width as usize).sum::<usize>();
    if header_len > u16::MAX as usize || record_len > u16::MAX as usize {
        return Err("too many fields for a dBase III table".into());
    }
    if !(1900..=2155).contains(&t.date.0) {
        return Err(format!(
            "the year {} cannot be a dBase III file date",
            t.date.0
        ));
    }
    let mut out = Vec::with_capacity(header_len + record_len * t.records.len() + 1);
    out.push(0x03);
    out.extend([(t.date.0 - 1900) as u8, t.date.1, t.date.2]);
    out.extend((t.records.len() as u32).to_le_bytes());
    out.extend((header_len as u16).to_le_bytes());
    out.extend((record_len as u16).to_le_bytes());
    out.extend([0u8; 20]);
    for f in &t.fields {
        if f.name.is_empty() || f.name.len() > 10 || !f.name.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(format!("\"{}\" is not a dBase field name", f.name));
        }
        let mut name = [0u8; 11];
        name[..f.name.len()].copy_from_slice(f.name.as_bytes());
        out.extend(name);
        out.push(f.kind.code());
        out.extend([0u8; 4]);
        out.push(f.width);
        out.push(f.decimals);
        out.extend([0u8; 14]);
    }
    out.push(0x0D);
    for (ri, r) in t.records.iter().enumerate() {
        if r.len() != n {
            return Err(format!(
                "record {} has {} values for {n} fields",
                ri + 1,
                r.len()
            ));
        }
        out.push(b' ');
        for (f, v) in t.fields.iter().zip(r) {
            if !v.is_ascii() {
                return Err(format!("{}: \"{v}\" is not plain ASCII text", f.name));
            }
            let w = f.width as usize;
            if v.len() > w {
                return Err(format!(
                    "{}: \"{v}\" is longer than the field's {w} characters",
                    f.name
                ));
            }
            let cell = match f.kind {
                Kind::Numeric => format!("{v:>w$}"),
                _ => format!("{v:<w$}"),
            };
            out.extend(cell.bytes());
        }
    }
    out.push(0x1A);
    Ok(out)
}

/// Read a table back: values trimmed of their padding. Refuses anything
/// that is not a well-formed dBase III table, saying where.
pub fn read(bytes: &[u8]) -> Result<Table, String> {
    if bytes.len() < 33 || bytes[0] != 0x03 {
        return Err("not a dBase III file (it does not start with 0x03)".into());
    }
    let count = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    let header_len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
    let record_len = u16::from_le_bytes([bytes[10], bytes[11]]) as usize;
    let date = (1900 + bytes[1] as u16, bytes[2], bytes[3]);
    let mut fields = Vec::new();
    let mut at = 32;
    while at < bytes.len() && bytes[at] != 0x0D {
        let d = bytes
            .get(at..at + 32)
            .ok_or_else(|| format!("field descriptor at byte {at} is cut short"))?;
        let name_end = d[..11].iter().position(|&b| b == 0).unwrap_or(11);
        let name = String::from_utf8_lossy(&d[..name_end]).to_string();
        let kind = Kind::from_code(d[11])
            .ok_or_else(|| format!("field {name} has unknown type {:?}", d[11] as char))?;
        fields.push(Field {
            name,
            kind,
            width: d[16],
            decimals: d[17],
        });
        at += 32;
    }
    // Some writers put a 0x00 after the 0x0D; the header length says where
    // the records start either way.
    if at + 1 > header_len || header_len > bytes.len() {
        return Err("the header length does not match the fields".into());
    }
    let widths: usize = fields.iter().map(|f| f.width as usize).sum();
    if record_len != 1 + widths {
        return Err(format!(
            "the record length {record_len} does not match the fields' {}",
            1 + widths
        ));
    }
    let mut records = Vec::with_capacity(count);
    for k in 0..count {
        let start = header_len + k * record_len;
        let rec = bytes
            .get(start..start + record_len)
            .ok_or_else(|| format!("record {} of {count} is cut short", k + 1))?;
        if rec[0] == b'*' {
            continue;
        }
        let mut pos = 1;
        let mut values = Vec::with_capacity(fields.len());
        for f in &fields {
            let raw = &rec[pos..pos + f.width as usize];
            values.push(String::from_utf8_lossy(raw).trim().to_string());
            pos += f.width as usize;
        }
        records.push(values);
    }
    Ok(Table {
        date,
        fields,
        records,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        Table {
            date: (2026, 11, 25),
            fields: vec![
                Field::new("NAME", Kind::Character, 8),
                Field::new("N", Kind::Numeric, 4),
                Field::new("WHEN", Kind::Date, 8),
            ],
            records: vec![
                vec!["Ann".into(), "12".into(), "20261125".into()],
                vec!["".into(), "1500".into(), "".into()],
            ],
        }
    }

    #[test]
    fn a_table_is_laid_out_byte_for_byte_as_dbase_iii() {
        let b = write(&table()).unwrap();
        assert_eq!(b[0], 0x03);
        assert_eq!(&b[1..4], &[126, 11, 25]);
        assert_eq!(u32::from_le_bytes([b[4], b[5], b[6], b[7]]), 2);
        assert_eq!(u16::from_le_bytes([b[8], b[9]]), 32 + 3 * 32 + 1);
        assert_eq!(u16::from_le_bytes([b[10], b[11]]), 1 + 8 + 4 + 8);
        assert_eq!(&b[32..36], b"NAME");
        assert_eq!(b[32 + 11], b'C');
        assert_eq!(b[32 + 16], 8);
        assert_eq!(b[128], 0x0D);
        assert_eq!(&b[129..150], b" Ann       1220261125");
        assert_eq!(&b[150..171], b"         1500        ");
        assert_eq!(b.last(), Some(&0x1A));
        assert_eq!(b.len(), 129 + 2 * 21 + 1);
        assert_eq!(read(&b).unwrap(), table());
    }

    #[test]
    fn values_that_do_not_fit_are_refused() {
        let mut t = table();
        t.records[0][0] = "Annabelle Smith".into();
        assert_eq!(
            write(&t).unwrap_err(),
            "NAME: \"Annabelle Smith\" is longer than the field's 8 characters"
        );
        t.records[0][0] = "Zoë".into();
        assert!(write(&t).unwrap_err().contains("not plain ASCII"));
        assert!(read(b"\x04rest").is_err());
        let b = write(&table()).unwrap();
        assert!(read(&b[..140]).unwrap_err().contains("cut short"));
    }
}
