//! Exact solution counts of any size.
//!
//! Enumeration can never count past 2^64, but a memoised count can: the
//! 14x14 board has 112,202,208,776,036,178,000,000 domino tilings, more
//! than a `u64` holds. A [`Count`] is an unsigned integer with just what
//! counting needs: zero, adding, comparing, printing and parsing decimal.
//!
//! The value is `lo + 2^128 * hi`, where `hi` holds 64-bit limbs, least
//! significant first, without trailing zero limbs. Every count below 2^128
//! (all of them in practice) has an empty `hi`, so adding and cloning such
//! counts never allocates. Example: `2^128 + 5` is `lo = 5, hi = [1]`.
//!
//! Invariant (checked in debug builds): `hi` has no trailing zero limb, so
//! equal values have equal representations.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// An exact unsigned count.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Count {
    lo: u128,
    hi: Vec<u64>,
}

impl Count {
    /// Zero.
    pub const ZERO: Count = Count { lo: 0, hi: Vec::new() };

    /// Whether the count is zero.
    pub fn is_zero(&self) -> bool {
        self.lo == 0 && self.hi.is_empty()
    }

    /// The value, when it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        if self.hi.is_empty() {
            u64::try_from(self.lo).ok()
        } else {
            None
        }
    }

    /// The value, when it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        self.hi.is_empty().then_some(self.lo)
    }

    /// The value, or `u64::MAX` when it is larger (for effort counters and
    /// progress lines).
    pub fn saturating_u64(&self) -> u64 {
        self.to_u64().unwrap_or(u64::MAX)
    }

    /// The value as a float (rounded; for ratios and estimates).
    pub fn to_f64(&self) -> f64 {
        let mut x = 0.0;
        for &l in self.hi.iter().rev() {
            x = x * 18446744073709551616.0 + l as f64;
        }
        x * 2f64.powi(128) + self.lo as f64
    }

    /// Adds a small number.
    #[inline]
    pub fn add_u128(&mut self, x: u128) {
        let (lo, carry) = self.lo.overflowing_add(x);
        self.lo = lo;
        if carry {
            self.carry_into_hi(0, 1);
        }
    }

    /// This count `k` times.
    pub fn times(&self, k: u64) -> Count {
        let mut product = self.clone();
        product.mul_add(k, 0);
        product
    }

    /// Adds `c` to limbs `hi[from..]`.
    fn carry_into_hi(&mut self, from: usize, mut c: u64) {
        let mut i = from;
        while c != 0 {
            if i == self.hi.len() {
                self.hi.push(0);
            }
            let (s, o) = self.hi[i].overflowing_add(c);
            self.hi[i] = s;
            c = u64::from(o);
            i += 1;
        }
    }

    /// `self * m + d` (for parsing, `m` = 10, and [`Count::times`]).
    fn mul_add(&mut self, m: u64, d: u64) {
        // Work on the 64-bit limbs of the whole value.
        let mut limbs = self.limbs();
        let mut carry = u128::from(d);
        for l in &mut limbs {
            let v = u128::from(*l) * u128::from(m) + carry;
            *l = v as u64;
            carry = v >> 64;
        }
        if carry != 0 {
            limbs.push(carry as u64);
        }
        *self = Count::from_limbs(&limbs);
    }

    /// All 64-bit limbs, least significant first.
    fn limbs(&self) -> Vec<u64> {
        let mut v = vec![self.lo as u64, (self.lo >> 64) as u64];
        v.extend_from_slice(&self.hi);
        v
    }

    fn from_limbs(limbs: &[u64]) -> Count {
        let get = |i: usize| limbs.get(i).copied().unwrap_or(0);
        let lo = u128::from(get(0)) | u128::from(get(1)) << 64;
        let mut hi: Vec<u64> = limbs.get(2..).unwrap_or(&[]).to_vec();
        while hi.last() == Some(&0) {
            hi.pop();
        }
        Count { lo, hi }
    }

    fn check(&self) {
        debug_assert!(self.hi.last() != Some(&0), "a count with a trailing zero limb");
    }
}

impl From<u64> for Count {
    fn from(x: u64) -> Self {
        Count { lo: u128::from(x), hi: Vec::new() }
    }
}

impl From<u128> for Count {
    fn from(x: u128) -> Self {
        Count { lo: x, hi: Vec::new() }
    }
}

impl std::ops::AddAssign<&Count> for Count {
    #[inline]
    fn add_assign(&mut self, other: &Count) {
        self.add_u128(other.lo);
        if !other.hi.is_empty() {
            let mut carry = 0u64;
            for i in 0..other.hi.len().max(self.hi.len()) {
                if i == self.hi.len() {
                    self.hi.push(0);
                }
                let (s1, o1) = self.hi[i].overflowing_add(other.hi.get(i).copied().unwrap_or(0));
                let (s2, o2) = s1.overflowing_add(carry);
                self.hi[i] = s2;
                carry = u64::from(o1) + u64::from(o2);
            }
            if carry != 0 {
                self.hi.push(carry);
            }
        }
        self.check();
    }
}

impl std::ops::AddAssign<u64> for Count {
    #[inline]
    fn add_assign(&mut self, x: u64) {
        self.add_u128(u128::from(x));
    }
}

impl std::ops::Add<&Count> for Count {
    type Output = Count;
    fn add(mut self, other: &Count) -> Count {
        self += other;
        self
    }
}

impl<'a> std::iter::Sum<&'a Count> for Count {
    fn sum<I: Iterator<Item = &'a Count>>(iter: I) -> Count {
        iter.fold(Count::ZERO, |a, b| a + b)
    }
}

impl PartialEq<u64> for Count {
    fn eq(&self, other: &u64) -> bool {
        self.hi.is_empty() && self.lo == u128::from(*other)
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Self) -> Ordering {
        self.hi
            .len()
            .cmp(&other.hi.len())
            .then_with(|| self.hi.iter().rev().cmp(other.hi.iter().rev()))
            .then(self.lo.cmp(&other.lo))
    }
}

impl PartialOrd for Count {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.hi.is_empty() {
            return fmt::Display::fmt(&self.lo, f);
        }
        // Repeated division by 10^19 of the limbs, most significant first.
        const BASE: u64 = 10_000_000_000_000_000_000;
        let mut limbs = self.limbs();
        let mut chunks = Vec::new();
        while limbs.iter().any(|&l| l != 0) {
            let mut rem = 0u128;
            for l in limbs.iter_mut().rev() {
                let cur = (rem << 64) | u128::from(*l);
                *l = (cur / u128::from(BASE)) as u64;
                rem = cur % u128::from(BASE);
            }
            chunks.push(rem as u64);
        }
        let mut s = chunks.pop().unwrap_or(0).to_string();
        for c in chunks.iter().rev() {
            s.push_str(&format!("{c:019}"));
        }
        f.pad_integral(true, "", &s)
    }
}

impl fmt::Debug for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The error of parsing a count that is not a decimal number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCountError;

impl fmt::Display for ParseCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not an unsigned decimal integer")
    }
}

impl std::error::Error for ParseCountError {}

impl FromStr for Count {
    type Err = ParseCountError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseCountError);
        }
        if let Ok(x) = s.parse::<u128>() {
            return Ok(Count::from(x));
        }
        let mut c = Count::ZERO;
        for b in s.bytes() {
            c.mul_add(10, u64::from(b - b'0'));
        }
        Ok(c)
    }
}

/// The largest integer every JSON reader reads exactly: 2^53 - 1, the
/// last of the run of integers an IEEE double holds without a gap (jq 1.6
/// and JavaScript's `JSON.parse` read every number as a double).
pub const MAX_EXACT_JSON_INTEGER: u64 = (1 << 53) - 1;

/// In JSON a count up to [`MAX_EXACT_JSON_INTEGER`] is a number; a larger
/// one is a string of its decimal digits, so that no reader can round it
/// silently (a reader that computes with it must first turn the text into
/// a number of its own, and one that expects a number fails loudly; see
/// docs/json.md, "Very large counts").
impl serde::Serialize for Count {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.to_u64() {
            Some(x) if x <= MAX_EXACT_JSON_INTEGER => s.serialize_u64(x),
            _ => s.collect_str(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Count, MAX_EXACT_JSON_INTEGER};

    #[test]
    fn json_counts_are_numbers_up_to_2_pow_53_minus_1_and_strings_above() {
        let json = |c: Count| serde_json::to_string(&c).unwrap();
        assert_eq!(json(Count::from(0u64)), "0");
        assert_eq!(json(Count::from(MAX_EXACT_JSON_INTEGER)), "9007199254740991");
        assert_eq!(json(Count::from(MAX_EXACT_JSON_INTEGER + 1)), "\"9007199254740992\"");
        assert_eq!(json(Count::from(u64::MAX)), "\"18446744073709551615\"");
        assert_eq!(json(Count::from(u128::MAX)), "\"340282366920938463463374607431768211455\"");
    }

    #[test]
    fn adds_across_every_limb_and_prints() {
        let mut c = Count::from(u128::MAX);
        c += 1;
        assert_eq!(c.to_string(), "340282366920938463463374607431768211456"); // 2^128
        let two128 = c.clone();
        for _ in 0..10 {
            let d = c.clone();
            c += &d;
        }
        // 2^138
        assert_eq!(c.to_string(), "348449143727040986586495598010130648530944");
        let max64 = Count::from(u64::MAX);
        assert!(c > two128 && two128 > max64);
        assert_eq!(c.to_string().parse::<Count>().unwrap(), c);
        assert_eq!("0".parse::<Count>().unwrap(), 0);
        assert!("12a".parse::<Count>().is_err() && "".parse::<Count>().is_err());
        let big: Count = "2444888770250892795802079170816".parse().unwrap();
        assert_eq!(big.to_string(), "2444888770250892795802079170816");
        assert_eq!(format!("{:>5}", Count::from(7u64)), "    7");
        // hi limbs with a carry out of the top one.
        let mut x: Count =
            "115792089237316195423570985008687907853269984665640564039457584007913129639935".parse().unwrap();
        x += 1; // 2^256
        assert_eq!(x.to_string(), "115792089237316195423570985008687907853269984665640564039457584007913129639936");
        assert_eq!(x.to_u64(), None);
        assert_eq!(x.saturating_u64(), u64::MAX);
        assert!((x.to_f64() / 2f64.powi(256) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn multiplies_by_a_small_number() {
        let big: Count = "2444888770250892795802079170816".parse().unwrap();
        assert_eq!(big.times(4).to_string(), "9779555081003571183208316683264");
        assert_eq!(big.times(0), 0);
        assert_eq!(big.times(1), big);
        assert_eq!(Count::from(u128::MAX).times(2).to_string(), "680564733841876926926749214863536422910");
        for (a, k) in [(0u128, 3u64), (7, 1), (1 << 100, 4), (u128::from(u64::MAX), 12345)] {
            assert_eq!(Count::from(a).times(k), Count::from(a * u128::from(k)));
        }
    }

    #[test]
    fn serialises_every_digit() {
        let c: Count = "112202208776036178000000".parse().unwrap();
        assert_eq!(serde_json::to_string(&c).unwrap(), "\"112202208776036178000000\"");
        assert_eq!(serde_json::to_string(&Count::from(5u64)).unwrap(), "5");
    }
}
