//! Exact scores: points as whole half-points, tiebreak values as hundredths.
//!
//! Chess scores are multiples of ½ and every tiebreak in the spec is a
//! multiple of ¼ (Sonneborn-Berger halves a half) or, for averages such as
//! FIDE AOB, is published rounded to two decimals. Hundredths hold all of
//! these exactly, so no tiebreak is ever compared as a float.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// A player's or team's points, counted in half-points (`Points(7)` is 3½).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub i32);

impl Points {
    /// No points: a loss, a zero-point bye, an absence.
    pub const ZERO: Points = Points(0);
    /// Half a point: a draw, a half-point bye.
    pub const HALF: Points = Points(1);
    /// One point: a win, a forfeit win, a full-point bye.
    pub const ONE: Points = Points(2);

    /// The score with its noun: "1 match point", "½ match point", "0 match
    /// points", "2½ match points" (one or a half takes the singular).
    pub fn counted(self, noun: &str) -> String {
        if self == Points::ONE || self == Points::HALF {
            format!("{} {noun}", self.fraction())
        } else {
            format!("{} {noun}s", self.fraction())
        }
    }

    /// Points from a count of half-points.
    pub const fn from_halves(halves: i32) -> Points {
        Points(halves)
    }

    /// Whole points (for ratings arithmetic and integer counts such as rounds).
    pub const fn whole(n: i32) -> Points {
        Points(n * 2)
    }

    /// The count of half-points: what the store keeps (`halves` columns)
    /// and what integer arithmetic on scores works in.
    pub const fn halves(self) -> i32 {
        self.0
    }

    /// The same quantity as a tiebreak value.
    pub const fn value(self) -> Value {
        Value(self.0 as i64 * 50)
    }

    /// For JSON output only: never compare the result.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 2.0
    }

    /// "3½", "½", "4": the form a secretary writes on a wall chart.
    pub fn fraction(self) -> String {
        self.value().fraction()
    }

    /// "3.5", "0.5", "4.0": the decimal form used in CSV and some tables.
    pub fn decimal(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let h = self.0.abs();
        format!("{sign}{}.{}", h / 2, if h % 2 == 1 { 5 } else { 0 })
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fraction())
    }
}

/// A tiebreak value in hundredths (`Value(1250)` is 12.5).
///
/// Every value the spec defines is exact in hundredths: halves and quarters
/// for the score-based systems, integers for ratings, and two-decimal
/// averages for FIDE AOB (which FIDE itself rounds to two decimals).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value(pub i64);

impl Value {
    /// Zero: the value of a tiebreak with nothing to add.
    pub const ZERO: Value = Value(0);

    /// A whole number (a count, a rating).
    pub const fn int(n: i64) -> Value {
        Value(n * 100)
    }

    /// A count of half-points.
    pub const fn halves(n: i64) -> Value {
        Value(n * 50)
    }

    /// The value in hundredths, its exact form: what comparisons and the
    /// JSON and TRF writers' rounding start from.
    pub const fn hundredths(self) -> i64 {
        self.0
    }

    /// For JSON output only: never compare the result.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// Parse "12.5", "9.25", "13.38", "-3" exactly (used by tests and importers).
    pub fn parse(text: &str) -> Option<Value> {
        let t = text.trim();
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (int, frac) = match t.split_once('.') {
            Some((i, f)) => (i, f),
            None => (t, ""),
        };
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        if !int.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        if frac.len() > 2 {
            // Allow trailing zeros only ("12.500").
            if frac[2..].chars().any(|c| c != '0') {
                return None;
            }
        }
        let whole: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let mut f: String = frac.chars().take(2).collect();
        while f.len() < 2 {
            f.push('0');
        }
        let v = whole
            .checked_mul(100)?
            .checked_add(f.parse::<i64>().ok()?)?;
        Some(Value(if neg { -v } else { v }))
    }

    /// "12½", "9¼", "9¾", "13.38": vulgar fractions where exact, else decimals.
    pub fn fraction(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.abs();
        let (whole, rest) = (a / 100, a % 100);
        let frac = match rest {
            0 => "",
            25 => "¼",
            50 => "½",
            75 => "¾",
            _ => return self.decimal(),
        };
        // Built by hand rather than by `format!`: standings print this for
        // every player and tiebreak (issue 13).
        let mut out = String::with_capacity(8);
        out.push_str(sign);
        if whole != 0 || frac.is_empty() {
            use std::fmt::Write;
            let _ = write!(out, "{whole}");
        }
        out.push_str(frac);
        out
    }

    /// "12.5", "9.25", "13", "13.38": shortest exact decimal.
    pub fn decimal(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.abs();
        let (whole, rest) = (a / 100, a % 100);
        if rest == 0 {
            format!("{sign}{whole}")
        } else if rest % 10 == 0 {
            format!("{sign}{whole}.{}", rest / 10)
        } else {
            format!("{sign}{whole}.{rest:02}")
        }
    }
}

impl Add for Value {
    type Output = Value;
    fn add(self, o: Value) -> Value {
        Value(self.0 + o.0)
    }
}

impl AddAssign for Value {
    fn add_assign(&mut self, o: Value) {
        self.0 += o.0;
    }
}

impl Sub for Value {
    type Output = Value;
    fn sub(self, o: Value) -> Value {
        Value(self.0 - o.0)
    }
}

impl std::iter::Sum for Value {
    fn sum<I: Iterator<Item = Value>>(iter: I) -> Value {
        iter.fold(Value::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.decimal())
    }
}

/// Multiply two half-point quantities into a value (½ × ½ = ¼).
pub const fn product(a: Points, b: Points) -> Value {
    Value(a.0 as i64 * b.0 as i64 * 25)
}

/// Mean of `total` over `count`, rounded half-up to a whole number
/// (the rounding US Chess ARO and FIDE ARO use).
pub fn mean_round_int(total: i64, count: i64) -> i64 {
    debug_assert!(count > 0);
    // Half-up for non-negative totals; ratings and scores are never negative.
    (2 * total + count).div_euclid(2 * count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_as_a_secretary_writes_them() {
        assert_eq!(Points(7).fraction(), "3½");
        assert_eq!(Points(1).fraction(), "½");
        assert_eq!(Points(8).fraction(), "4");
        assert_eq!(Points(0).fraction(), "0");
        assert_eq!(Points(7).decimal(), "3.5");
        assert_eq!(Points(8).decimal(), "4.0");
    }

    #[test]
    fn values_print_exactly() {
        assert_eq!(Value(925).fraction(), "9¼");
        assert_eq!(Value(975).fraction(), "9¾");
        assert_eq!(Value(1338).fraction(), "13.38");
        assert_eq!(Value(1250).decimal(), "12.5");
        assert_eq!(Value(925).decimal(), "9.25");
        assert_eq!(Value(-50).fraction(), "-½");
    }

    #[test]
    fn values_parse_exactly() {
        assert_eq!(Value::parse("12.5"), Some(Value(1250)));
        assert_eq!(Value::parse("9.25"), Some(Value(925)));
        assert_eq!(Value::parse("13"), Some(Value(1300)));
        assert_eq!(Value::parse("0.0"), Some(Value(0)));
        assert_eq!(Value::parse("13.380"), Some(Value(1338)));
        assert_eq!(Value::parse("-1.5"), Some(Value(-150)));
        assert_eq!(Value::parse("1.234"), None);
        assert_eq!(Value::parse("x"), None);
    }

    #[test]
    fn products_are_quarters() {
        assert_eq!(product(Points(3), Points(1)), Value(75));
        assert_eq!(mean_round_int(5, 2), 3);
        assert_eq!(mean_round_int(7, 3), 2);
    }
}
