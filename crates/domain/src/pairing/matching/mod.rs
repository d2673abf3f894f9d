//! Maximum-weight matching on general graphs: the engine under the FIDE
//! Dutch system (and any system that pairs by weighing every possible
//! pair).
//!
//! A Swiss pairing system ranks candidate pairings by criteria in strict
//! priority (FIDE C.04.3 C5-C21). Packing each criterion into a bit field
//! of one wide integer, highest priority highest, turns "the best pairing"
//! into "the matching of largest total weight"; the absolute criteria
//! (C1-C3) simply remove edges. This module finds that matching exactly:
//!
//! - [`wide`]: [`Wide<LIMBS>`], a fixed-size unsigned integer of
//!   `64 * LIMBS` bits (the criteria need a few hundred bits);
//! - [`Weight`]: what the matcher needs of a weight, implemented for
//!   `Wide<N>`, `u32`, `u64` and `u128`;
//! - [`blossom`]: [`max_weight_matching`], Edmonds' blossom algorithm with
//!   dual variables in O(n³), integer-exact; `blossom::warm` starts it
//!   from an earlier solve's matching and duals;
//! - [`cardinality`]: whether a graph has a perfect matching, completing
//!   a given matching (no weights).
//!
//! Pure: plain values in, plain values out; no I/O.

pub mod blossom;
pub mod cardinality;
pub mod wide;

pub use blossom::{max_weight_matching, max_weight_matching_tight};
pub use wide::Wide;

use std::fmt::Debug;

/// An edge weight the matcher can work with: an unsigned integer with
/// exact arithmetic. Every operation panics rather than wrap or round, so
/// a weight too wide for its type is a loud error, never a wrong pairing.
pub trait Weight: Copy + Ord + Debug {
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// The width of the type in bits (64 for `u64`, `64 * N` for
    /// `Wide<N>`).
    const CAPACITY_BITS: u32;
    /// `self + rhs`; panics on overflow.
    fn plus(self, rhs: Self) -> Self;
    /// `self - rhs`; panics if `rhs > self`.
    fn minus(self, rhs: Self) -> Self;
    /// `self / 2`, rounded down.
    fn halve(self) -> Self;
    /// `self * 2`; panics on overflow.
    fn double(self) -> Self;
    /// Whether the value is zero.
    fn is_zero(&self) -> bool;
    /// The bit length (0 for zero, 3 for five).
    fn bits(&self) -> u32;
    /// `self + b - c` (an edge's slack, the matcher's innermost
    /// operation); panics if the result is below zero or too large. Types
    /// may do it in one pass.
    #[inline]
    fn plus_minus(self, b: Self, c: Self) -> Self {
        self.plus(b).minus(c)
    }
}

macro_rules! primitive_weight {
    ($($t:ty),*) => {$(
        impl Weight for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const CAPACITY_BITS: u32 = <$t>::BITS;
            #[inline]
            fn plus(self, rhs: Self) -> Self {
                self.checked_add(rhs).expect("matching weight overflowed its type")
            }
            #[inline]
            fn minus(self, rhs: Self) -> Self {
                self.checked_sub(rhs).expect("matching weight went below zero")
            }
            #[inline]
            fn halve(self) -> Self {
                self >> 1
            }
            #[inline]
            fn double(self) -> Self {
                self.checked_mul(2).expect("matching weight overflowed its type")
            }
            #[inline]
            fn is_zero(&self) -> bool {
                *self == 0
            }
            #[inline]
            fn bits(&self) -> u32 {
                <$t>::BITS - self.leading_zeros()
            }
        }
    )*};
}

primitive_weight!(u32, u64, u128);

impl<const LIMBS: usize> Weight for Wide<LIMBS> {
    const ZERO: Self = Wide::<LIMBS>::ZERO;
    const ONE: Self = Wide::<LIMBS>::ONE;
    const CAPACITY_BITS: u32 = Wide::<LIMBS>::BITS;
    #[inline]
    fn plus(self, rhs: Self) -> Self {
        self + rhs
    }
    #[inline]
    fn minus(self, rhs: Self) -> Self {
        self - rhs
    }
    #[inline]
    fn halve(self) -> Self {
        Wide::halve(self)
    }
    #[inline]
    fn double(self) -> Self {
        Wide::double(self)
    }
    #[inline]
    fn is_zero(&self) -> bool {
        Wide::is_zero(self)
    }
    #[inline]
    fn bits(&self) -> u32 {
        Wide::bits(self)
    }
    #[inline]
    fn plus_minus(self, b: Self, c: Self) -> Self {
        Wide::add_sub(self, b, c)
    }
}
