//! A fingerprint of bytes: 64-bit FNV-1a (Fowler, Noll, Vo), written out
//! here because it must stay the same across versions of this program and
//! of Rust (std's `DefaultHasher` promises no such thing). It tells whether
//! something is still exactly what this program wrote (a site's page, the
//! demo database); it is not a defence against someone crafting a
//! collision, and nothing here relies on that.

/// FNV-1a, fed piece by piece.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// Feed `bytes`.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The fingerprint of everything fed so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// The fingerprint of `bytes`.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a::default();
    h.write(bytes);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_published_test_values() {
        // From the FNV reference test suite.
        assert_eq!(fingerprint(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fingerprint(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fingerprint(b"foobar"), 0x8594_4171_f739_67e8);
        let mut h = Fnv1a::default();
        h.write(b"foo");
        h.write(b"bar");
        assert_eq!(h.finish(), fingerprint(b"foobar"));
    }
}
