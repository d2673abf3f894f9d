//! `Wide<LIMBS>`: a fixed-size unsigned integer of `64 * LIMBS` bits, the
//! edge weight of the Dutch system's matching.
//!
//! Why our own: the Dutch system packs its criteria (C5-C21) into one edge
//! weight, highest priority in the highest bits, and a 100-player round
//! already needs about 260 bits; no primitive is that wide. What the
//! matcher and the weight builder need is small (add, subtract, compare,
//! shift, or, halve), so a plain array of limbs does it without a bigint
//! crate, without allocation, and `Copy`.
//!
//! Representation: `[u64; LIMBS]`, least significant limb first.
//!
//! Overflow, in one rule: **nothing wraps silently**. The operators `+`,
//! `-` and `<<` panic when the true result does not fit (a sum past
//! [`Wide::MAX`], a difference below zero, a shift that pushes a one bit
//! out of the top), in release builds too: a weight that wrapped would
//! pair the wrong players without a word. Where wrapping is wanted, say so
//! with [`Wide::wrapping_add`] / [`Wide::wrapping_sub`] /
//! [`Wide::wrapping_shl`]; [`Wide::checked_add`], [`Wide::checked_sub`],
//! [`Wide::checked_shl`] return `None` instead. `>>` drops the low bits,
//! as on the primitives.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{
    Add, AddAssign, BitAnd, BitAndAssign, BitOr, BitOrAssign, Shl, ShlAssign, Shr, ShrAssign, Sub,
    SubAssign,
};

/// An unsigned integer of `64 * LIMBS` bits (`LIMBS >= 1`), least
/// significant limb first. See the module doc for the overflow rule.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Wide<const LIMBS: usize>(pub [u64; LIMBS]);

impl<const LIMBS: usize> Wide<LIMBS> {
    /// Zero.
    pub const ZERO: Self = Wide([0; LIMBS]);
    /// One.
    pub const ONE: Self = {
        let mut limbs = [0; LIMBS];
        limbs[0] = 1;
        Wide(limbs)
    };
    /// The largest value, `2^(64 * LIMBS) - 1`.
    pub const MAX: Self = Wide([u64::MAX; LIMBS]);
    /// The width in bits, `64 * LIMBS`.
    pub const BITS: u32 = 64 * LIMBS as u32;

    /// The value `v`.
    #[inline]
    pub const fn from_u64(v: u64) -> Self {
        let mut limbs = [0; LIMBS];
        limbs[0] = v;
        Wide(limbs)
    }

    /// The value `v`; panics if `LIMBS == 1` and `v` does not fit.
    #[inline]
    pub fn from_u128(v: u128) -> Self {
        let mut limbs = [0; LIMBS];
        limbs[0] = v as u64;
        let high = (v >> 64) as u64;
        if LIMBS > 1 {
            limbs[1] = high;
        } else {
            assert!(high == 0, "{v} does not fit in 64 bits");
        }
        Wide(limbs)
    }

    /// The value as a `u128`, or `None` if it is 2^128 or more.
    #[inline]
    pub fn to_u128(self) -> Option<u128> {
        if self.bits() > 128 {
            return None;
        }
        let low = self.0[0] as u128;
        let high = if LIMBS > 1 { self.0[1] as u128 } else { 0 };
        Some(low | (high << 64))
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// The bit length: the position of the highest one bit plus one
    /// (0 for zero, 1 for one, 3 for five).
    #[inline]
    pub fn bits(&self) -> u32 {
        for i in (0..LIMBS).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + (64 - self.0[i].leading_zeros());
            }
        }
        0
    }

    /// `self + rhs` and whether it overflowed (the sum then wraps modulo
    /// `2^BITS`).
    #[inline]
    pub fn overflowing_add(self, rhs: Self) -> (Self, bool) {
        let mut out = [0u64; LIMBS];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *o = s2;
            carry = c1 | c2;
        }
        (Wide(out), carry)
    }

    /// `self - rhs` and whether it went below zero (the difference then
    /// wraps modulo `2^BITS`).
    #[inline]
    pub fn overflowing_sub(self, rhs: Self) -> (Self, bool) {
        let mut out = [0u64; LIMBS];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(rhs.0[i]);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            *o = d2;
            borrow = b1 | b2;
        }
        (Wide(out), borrow)
    }

    /// `self + b - c` in one pass; panics if the result is below zero or
    /// does not fit (the intermediate `self + b` may exceed `MAX`).
    #[inline]
    pub fn add_sub(self, b: Self, c: Self) -> Self {
        let mut out = [0u64; LIMBS];
        let mut carry = false;
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(b.0[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            carry = c1 | c2;
            let (d1, b1) = s2.overflowing_sub(c.0[i]);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            borrow = b1 | b2;
            *o = d2;
        }
        // The carry out of the sum and the borrow out of the difference
        // cancel exactly when the true result is in range.
        assert!(
            carry == borrow,
            "Wide a + b - c out of range ({} bits)",
            Self::BITS
        );
        Wide(out)
    }

    /// `self + rhs`, or `None` if it does not fit.
    #[inline]
    pub fn checked_add(self, rhs: Self) -> Option<Self> {
        match self.overflowing_add(rhs) {
            (s, false) => Some(s),
            _ => None,
        }
    }

    /// `self - rhs`, or `None` if `rhs > self`.
    #[inline]
    pub fn checked_sub(self, rhs: Self) -> Option<Self> {
        match self.overflowing_sub(rhs) {
            (d, false) => Some(d),
            _ => None,
        }
    }

    /// `self + rhs` modulo `2^BITS`.
    #[inline]
    pub fn wrapping_add(self, rhs: Self) -> Self {
        self.overflowing_add(rhs).0
    }

    /// `self - rhs` modulo `2^BITS`.
    #[inline]
    pub fn wrapping_sub(self, rhs: Self) -> Self {
        self.overflowing_sub(rhs).0
    }

    /// `self << bits` with the bits shifted out of the top dropped; zero
    /// when `bits >= BITS`.
    #[inline]
    pub fn wrapping_shl(self, bits: u32) -> Self {
        let limb_shift = (bits / 64) as usize;
        let bit_shift = bits % 64;
        let mut out = [0u64; LIMBS];
        if limb_shift >= LIMBS {
            return Wide(out);
        }
        for i in (limb_shift..LIMBS).rev() {
            let src = i - limb_shift;
            let mut v = self.0[src] << bit_shift;
            if bit_shift > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bit_shift);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// `self << bits`, or `None` if a one bit would be shifted out of the
    /// top (shifting zero by any amount is zero).
    #[inline]
    pub fn checked_shl(self, bits: u32) -> Option<Self> {
        let len = self.bits();
        if len == 0 {
            return Some(self);
        }
        if bits > Self::BITS - len {
            return None;
        }
        Some(self.wrapping_shl(bits))
    }

    /// `self >> bits` (low bits dropped); zero when `bits >= BITS`.
    #[inline]
    pub fn shr_bits(self, bits: u32) -> Self {
        let limb_shift = (bits / 64) as usize;
        let bit_shift = bits % 64;
        let mut out = [0u64; LIMBS];
        if limb_shift >= LIMBS {
            return Wide(out);
        }
        for (i, o) in out.iter_mut().enumerate().take(LIMBS - limb_shift) {
            let src = i + limb_shift;
            let mut v = self.0[src] >> bit_shift;
            if bit_shift > 0 && src + 1 < LIMBS {
                v |= self.0[src + 1] << (64 - bit_shift);
            }
            *o = v;
        }
        Wide(out)
    }

    /// Half the value, rounded down (`self >> 1`).
    #[inline]
    pub fn halve(self) -> Self {
        let mut out = [0u64; LIMBS];
        for (i, o) in out.iter_mut().enumerate() {
            let mut v = self.0[i] >> 1;
            if i + 1 < LIMBS {
                v |= self.0[i + 1] << 63;
            }
            *o = v;
        }
        Wide(out)
    }

    /// Twice the value; panics if it does not fit.
    #[inline]
    pub fn double(self) -> Self {
        self << 1
    }

    /// `self * m`, or `None` if it does not fit.
    #[inline]
    pub fn checked_mul_u64(self, m: u64) -> Option<Self> {
        let mut out = [0u64; LIMBS];
        let mut carry: u64 = 0;
        for (i, o) in out.iter_mut().enumerate() {
            let p = self.0[i] as u128 * m as u128 + carry as u128;
            *o = p as u64;
            carry = (p >> 64) as u64;
        }
        if carry == 0 {
            Some(Wide(out))
        } else {
            None
        }
    }

    /// The quotient and remainder of `self / d`; panics if `d == 0`.
    #[inline]
    pub fn div_rem_u64(self, d: u64) -> (Self, u64) {
        assert!(d != 0, "division by zero");
        let mut out = [0u64; LIMBS];
        let mut rem: u128 = 0;
        for i in (0..LIMBS).rev() {
            let cur = (rem << 64) | self.0[i] as u128;
            out[i] = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        (Wide(out), rem as u64)
    }
}

impl<const LIMBS: usize> Default for Wide<LIMBS> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const LIMBS: usize> From<u64> for Wide<LIMBS> {
    fn from(v: u64) -> Self {
        Self::from_u64(v)
    }
}

impl<const LIMBS: usize> Ord for Wide<LIMBS> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..LIMBS).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => continue,
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const LIMBS: usize> PartialOrd for Wide<LIMBS> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const LIMBS: usize> Add for Wide<LIMBS> {
    type Output = Self;
    /// Panics on overflow (in release builds too).
    #[inline]
    fn add(self, rhs: Self) -> Self {
        match self.overflowing_add(rhs) {
            (s, false) => s,
            _ => panic!("Wide addition overflowed {} bits", Self::BITS),
        }
    }
}

impl<const LIMBS: usize> Sub for Wide<LIMBS> {
    type Output = Self;
    /// Panics if the result would be below zero (in release builds too).
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        match self.overflowing_sub(rhs) {
            (d, false) => d,
            _ => panic!("Wide subtraction went below zero"),
        }
    }
}

impl<const LIMBS: usize> AddAssign for Wide<LIMBS> {
    #[inline]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl<const LIMBS: usize> SubAssign for Wide<LIMBS> {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl<const LIMBS: usize> Shl<u32> for Wide<LIMBS> {
    type Output = Self;
    /// Panics if a one bit would be shifted out of the top.
    #[inline]
    fn shl(self, bits: u32) -> Self {
        match self.checked_shl(bits) {
            Some(v) => v,
            None => panic!(
                "Wide shift left by {bits} loses bits of {self:?} ({} bits wide)",
                Self::BITS
            ),
        }
    }
}

impl<const LIMBS: usize> ShlAssign<u32> for Wide<LIMBS> {
    #[inline]
    fn shl_assign(&mut self, bits: u32) {
        *self = *self << bits;
    }
}

impl<const LIMBS: usize> Shr<u32> for Wide<LIMBS> {
    type Output = Self;
    #[inline]
    fn shr(self, bits: u32) -> Self {
        self.shr_bits(bits)
    }
}

impl<const LIMBS: usize> ShrAssign<u32> for Wide<LIMBS> {
    #[inline]
    fn shr_assign(&mut self, bits: u32) {
        *self = self.shr_bits(bits);
    }
}

impl<const LIMBS: usize> BitOr for Wide<LIMBS> {
    type Output = Self;
    #[inline]
    fn bitor(self, rhs: Self) -> Self {
        let mut out = self.0;
        for (o, r) in out.iter_mut().zip(rhs.0) {
            *o |= r;
        }
        Wide(out)
    }
}

impl<const LIMBS: usize> BitAnd for Wide<LIMBS> {
    type Output = Self;
    #[inline]
    fn bitand(self, rhs: Self) -> Self {
        let mut out = self.0;
        for (o, r) in out.iter_mut().zip(rhs.0) {
            *o &= r;
        }
        Wide(out)
    }
}

impl<const LIMBS: usize> BitOrAssign for Wide<LIMBS> {
    #[inline]
    fn bitor_assign(&mut self, rhs: Self) {
        *self = *self | rhs;
    }
}

impl<const LIMBS: usize> BitAndAssign for Wide<LIMBS> {
    #[inline]
    fn bitand_assign(&mut self, rhs: Self) {
        *self = *self & rhs;
    }
}

impl<const LIMBS: usize> fmt::Display for Wide<LIMBS> {
    /// Decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
        let mut chunks = Vec::new();
        let mut rest = *self;
        loop {
            let (q, r) = rest.div_rem_u64(CHUNK);
            chunks.push(r);
            if q.is_zero() {
                break;
            }
            rest = q;
        }
        let mut s = chunks.pop().unwrap_or(0).to_string();
        while let Some(c) = chunks.pop() {
            s.push_str(&format!("{c:019}"));
        }
        f.pad_integral(true, "", &s)
    }
}

impl<const LIMBS: usize> fmt::Debug for Wide<LIMBS> {
    /// Hexadecimal, most significant limb first, so bit fields can be read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Wide(0x")?;
        for (i, limb) in self.0.iter().rev().enumerate() {
            if i > 0 {
                write!(f, "_")?;
            }
            write!(f, "{limb:016x}")?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    type W2 = Wide<2>;

    fn w(v: u128) -> W2 {
        W2::from_u128(v)
    }

    #[test]
    fn constants_and_bits() {
        assert_eq!(W2::ZERO.to_u128(), Some(0));
        assert_eq!(W2::ONE.to_u128(), Some(1));
        assert_eq!(W2::MAX.to_u128(), Some(u128::MAX));
        assert_eq!(W2::BITS, 128);
        assert_eq!(W2::ZERO.bits(), 0);
        assert_eq!(w(5).bits(), 3);
        assert_eq!(w(1 << 64).bits(), 65);
        assert_eq!(Wide::<4>::MAX.bits(), 256);
        assert!(W2::ZERO.is_zero());
        assert!(!W2::ONE.is_zero());
    }

    #[test]
    fn display_is_decimal() {
        assert_eq!(W2::ZERO.to_string(), "0");
        assert_eq!(w(u128::MAX).to_string(), u128::MAX.to_string());
        assert_eq!(
            w(10_000_000_000_000_000_000).to_string(),
            "10000000000000000000"
        );
        // 2^192 = 6277101735386680763835789423207666416102355444464034512896
        assert_eq!(
            (Wide::<4>::ONE << 192).to_string(),
            "6277101735386680763835789423207666416102355444464034512896"
        );
        assert_eq!(format!("{:>5}", w(42)), "   42");
    }

    #[test]
    fn packing_fields_round_trips() {
        // w = (w << bits) | field, three fields, read back with shifts and masks.
        let mut packed = Wide::<8>::ZERO;
        for (bits, field) in [(100, 7u64), (200, 0), (150, 123_456_789)] {
            packed = (packed << bits) | Wide::from_u64(field);
        }
        let mask = |bits: u32| (Wide::<8>::ONE << bits) - Wide::ONE;
        assert_eq!(packed & mask(150), Wide::from_u64(123_456_789));
        assert_eq!((packed >> 150) & mask(200), Wide::ZERO);
        assert_eq!(packed >> 350, Wide::from_u64(7));
        assert_eq!(packed.bits(), 353);
    }

    #[test]
    #[should_panic(expected = "overflowed")]
    fn add_overflow_panics() {
        let _ = W2::MAX + W2::ONE;
    }

    #[test]
    #[should_panic(expected = "below zero")]
    fn sub_underflow_panics() {
        let _ = W2::ZERO - W2::ONE;
    }

    #[test]
    #[should_panic(expected = "loses bits")]
    fn shl_losing_bits_panics() {
        let _ = w(3) << 127;
    }

    #[test]
    fn shifts_at_the_edges() {
        assert_eq!(w(1) << 127, w(1 << 127));
        assert_eq!(W2::ZERO << 1000, W2::ZERO);
        assert_eq!(w(1 << 127) >> 127, W2::ONE);
        assert_eq!(W2::MAX >> 128, W2::ZERO);
        assert_eq!(W2::MAX.wrapping_shl(128), W2::ZERO);
        assert_eq!(W2::MAX.checked_shl(1), None);
    }

    proptest! {
        #[test]
        fn matches_u128(a in any::<u128>(), b in any::<u128>(), s in 0u32..140) {
            let (wa, wb) = (w(a), w(b));
            prop_assert_eq!(wa.cmp(&wb), a.cmp(&b));
            prop_assert_eq!(wa == wb, a == b);
            prop_assert_eq!(wa.checked_add(wb).map(|x| x.to_u128().unwrap()), a.checked_add(b));
            prop_assert_eq!(wa.checked_sub(wb).map(|x| x.to_u128().unwrap()), a.checked_sub(b));
            prop_assert_eq!(wa.wrapping_add(wb).to_u128(), Some(a.wrapping_add(b)));
            prop_assert_eq!(wa.wrapping_sub(wb).to_u128(), Some(a.wrapping_sub(b)));
            prop_assert_eq!((wa | wb).to_u128(), Some(a | b));
            prop_assert_eq!((wa & wb).to_u128(), Some(a & b));
            prop_assert_eq!(wa.halve().to_u128(), Some(a >> 1));
            prop_assert_eq!(wa.bits(), 128 - a.leading_zeros());
            prop_assert_eq!(wa.is_zero(), a == 0);
            let shr = if s >= 128 { 0 } else { a >> s };
            prop_assert_eq!((wa >> s).to_u128(), Some(shr));
            let wrapped = if s >= 128 { 0 } else { a << s };
            prop_assert_eq!(wa.wrapping_shl(s).to_u128(), Some(wrapped));
            let lossless = a == 0 || (s < 128 && (a << s) >> s == a);
            prop_assert_eq!(wa.checked_shl(s).map(|x| x.to_u128().unwrap()),
                lossless.then_some(wrapped));
            prop_assert_eq!(wa.to_string(), a.to_string());
            // a + b - c, exactly, in three limbs (a + b may pass 2^128).
            let cv = b.rotate_left(s) | (a & (1 << 127));
            let exact = (Wide::<3>::from_u128(a) + Wide::<3>::from_u128(b))
                .checked_sub(Wide::<3>::from_u128(cv))
                .and_then(|x| x.to_u128());
            if let Some(x) = exact {
                prop_assert_eq!(wa.add_sub(wb, w(cv)).to_u128(), Some(x));
            } else {
                prop_assert!(std::panic::catch_unwind(|| wa.add_sub(wb, w(cv))).is_err());
            }
            let m = (b as u64) | 1;
            let (q, r) = wa.div_rem_u64(m);
            prop_assert_eq!((q.to_u128(), r), (Some(a / m as u128), (a % m as u128) as u64));
            prop_assert_eq!(wa.checked_mul_u64(m).map(|x| x.to_u128().unwrap()),
                a.checked_mul(m as u128));
        }

        #[test]
        fn wide_carries_across_many_limbs(a in any::<[u64; 4]>(), b in any::<[u64; 4]>()) {
            let (wa, wb) = (Wide(a), Wide(b));
            // (a + b) - b == a when no overflow; a - b + b == a when no underflow.
            if let Some(s) = wa.checked_add(wb) {
                prop_assert_eq!(s - wb, wa);
                prop_assert!(s >= wa && s >= wb);
            }
            if let Some(d) = wa.checked_sub(wb) {
                prop_assert_eq!(d + wb, wa);
            }
            prop_assert_eq!(wa.wrapping_add(wb).wrapping_sub(wb), wa);
        }
    }
}
