//! dBase III tables (`.dbf`), the format US Chess rating reports and rating
//! supplements travel in, as data: a [`Table`] of [`Field`]s and records.
//! [`crate::export::dbase`] writes one as bytes and [`crate::input::dbase`]
//! reads one back, pure functions over bytes. Written here rather than
//! taken from a crate because only the
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
    /// The type's letter in a field descriptor.
    pub fn code(self) -> u8 {
        match self {
            Kind::Character => b'C',
            Kind::Numeric => b'N',
            Kind::Date => b'D',
            Kind::Logical => b'L',
        }
    }

    /// The type a field descriptor's letter names; `None` for a type this
    /// subset does not read (memo fields and the like).
    pub fn from_code(c: u8) -> Option<Kind> {
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
    /// Up to 10 ASCII characters (the descriptor's first 11 bytes,
    /// zero-padded).
    pub name: String,
    /// The type letter.
    pub kind: Kind,
    /// The characters the field takes in every record.
    pub width: u8,
    /// Digits after the decimal point (numeric fields; 0 otherwise).
    pub decimals: u8,
}

impl Field {
    /// A field with no decimals.
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
    /// The columns, in the order of the header's descriptors.
    pub fields: Vec<Field>,
    /// The records not marked deleted, each one value per field in field
    /// order.
    pub records: Vec<Vec<String>>,
}
