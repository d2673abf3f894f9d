//! The working behind a value: the terms a system added up, which were
//! dropped and why, and notes — what `--explain` prints.

use crate::domain::score::Value;

/// One term of a tiebreak's working.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// Round number (1-based), when the term belongs to a round.
    pub round: Option<usize>,
    /// Opponent index, when the term is about an opponent.
    pub opponent: Option<usize>,
    /// What the term is, in a secretary's words: "opponent's score 3 (bye
    /// in round 2 counted ½)", "own half-point bye counts 0".
    pub text: String,
    /// What the term adds to the sum (or would have added, when
    /// `dropped`).
    pub value: Value,
    /// Why the term was left out of the sum, if it was.
    pub dropped: Option<String>,
}

/// The working behind one value: the terms and any notes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Working {
    /// The terms, in the order the system took them; the value is made of
    /// those not dropped.
    pub terms: Vec<Term>,
    /// Remarks that belong to no one term: the rule applied, an adjustment
    /// to the whole value, why a player has no value.
    pub notes: Vec<String>,
}

impl Working {
    /// Record a term counted in the value: its round and opponent when it
    /// has them, the secretary's words for it, and what it adds.
    pub fn term(
        &mut self,
        round: Option<usize>,
        opponent: Option<usize>,
        text: impl Into<String>,
        value: Value,
    ) {
        self.terms.push(Term {
            round,
            opponent,
            text: text.into(),
            value,
            dropped: None,
        });
    }

    /// Record a remark about the whole value (see [`Working::notes`]).
    pub fn note(&mut self, text: impl Into<String>) {
        self.notes.push(text.into());
    }
}
