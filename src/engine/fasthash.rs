//! A fast hasher for the maps the backends' builds fill once per case.
//!
//! The standard `HashMap` hashes with SipHash, which resists inputs built
//! to collide but costs some 20 instructions a word, and draws its random
//! keys for every new map. The builds' maps (the row scan's lists by
//! class, the shape analysis's classes, the compact form's colour maps,
//! and the tile encoding's tile types and label colours) are filled once
//! per case from the case's own numbers and are only looked up, never
//! iterated, so their hasher changes no answer; a stream of small cases
//! paid the hashing on every case (a 3x3 Tetravex board: about a tenth of
//! its instructions), a big board a few percent of its setup.
//!
//! [`FastHasher`] mixes each word in with one rotation, one exclusive or and
//! one multiplication (the scheme of the Rust compiler's `FxHasher`):
//!
//! ```text
//! h = (h.rotate_left(5) ^ word) * 0x517c_c1b7_2722_0a95
//! ```
//!
//! For example `FastMap<(u32, Vec<u32>), u32>` keys a slot's template and
//! colours to its first slot.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// See the [module documentation](self).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FastHasher(u64);

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            // The length too: "a" and "a\0" differ.
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }
    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.add(u64::from(x));
    }
    #[inline]
    fn write_i32(&mut self, x: i32) {
        self.add(u64::from(x as u32));
    }
    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.add(u64::from(x));
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }
    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A `HashMap` with [`FastHasher`]: for maps that are looked up, never
/// iterated (their order would depend on the hasher).
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

#[cfg(test)]
mod tests {
    use super::FastMap;
    use std::collections::HashMap;

    /// The map keeps what a standard map keeps, keys with vectors included
    /// (cross-checked on many small keys, some colliding in their parts).
    #[test]
    fn fast_map_agrees_with_the_standard_map() {
        let mut fast: FastMap<(u32, Vec<u64>), usize> = FastMap::default();
        let mut std_map: HashMap<(u32, Vec<u64>), usize> = HashMap::new();
        let mut rng = crate::rng::Rng::new(7);
        for i in 0..5000 {
            let len = rng.below(4);
            let key = (rng.below(8) as u32, (0..len).map(|_| rng.below(3) as u64).collect::<Vec<u64>>());
            let a = *fast.entry(key.clone()).or_insert(i);
            let b = *std_map.entry(key).or_insert(i);
            assert_eq!(a, b);
        }
        assert_eq!(fast.len(), std_map.len());
        let mut bytes: FastMap<Vec<u8>, usize> = FastMap::default();
        for (i, k) in [&b"a"[..], b"a\0", b"", b"\0", b"abcdefgh", b"abcdefgh\0"].iter().enumerate() {
            assert!(bytes.insert(k.to_vec(), i).is_none(), "{k:?} is new");
        }
    }
}
