//! Writing a dBase III table ([`crate::interchange::dbase`], where the
//! layout is described) as the bytes of a `.dbf` file.
//!
//! Text is written as ASCII: a character outside ASCII is refused by the
//! writer (US Chess's files are ASCII), never silently changed.

use crate::interchange::dbase::{Kind, Table};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::dbase::read;
    use crate::interchange::dbase::Field;

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
