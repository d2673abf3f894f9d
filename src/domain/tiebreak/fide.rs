//! FIDE C.07 systems (to be written: see the standings issue).
use super::{Context, FideCode, Options, Working};
use crate::domain::record::Tournament;
use crate::domain::score::Value;

/// Facts derived once per section for the FIDE systems.
pub struct Facts;

impl Facts {
    pub fn new(_t: &Tournament, _o: &Options) -> Facts {
        Facts
    }
}

pub fn value(
    _ctx: &Context,
    _code: FideCode,
    _player: usize,
    _group: &[usize],
    _w: Option<&mut Working>,
) -> Option<Value> {
    None
}
