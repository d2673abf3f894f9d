//! Reading a dBase III table ([`crate::interchange::dbase`], where the
//! layout is described) from the bytes of a `.dbf` file, such as a US Chess
//! rating supplement.

use crate::interchange::dbase::{Field, Kind, Table};

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
    // The count in the header is not trusted: the records it claims must
    // be in the file (a 109-byte file claiming 0xFFFFFFFF records asked
    // for 103 GB before the first was read).
    let room = (bytes.len() - header_len) / record_len;
    if count > room {
        return Err(format!(
            "the header says the table has {count} records, but the file holds at most {room}; the file is cut short or damaged"
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
