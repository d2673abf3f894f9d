//! US Chess rule 34E systems (to be written: see the standings issue).
use super::{Context, UsCode, Working};
use crate::domain::record::Tournament;
use crate::domain::score::Value;

/// Facts derived once per section for the US Chess systems.
pub struct Facts;

impl Facts {
    pub fn new(_t: &Tournament) -> Facts {
        Facts
    }
}

pub fn value(
    _ctx: &Context,
    _code: UsCode,
    _player: usize,
    _group: &[usize],
    _w: Option<&mut Working>,
) -> Option<Value> {
    None
}
