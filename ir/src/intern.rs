//! A thread-safe, append-only interner: equal values get the same `u32` index.
//!
//! Invariants: an index, once handed out, refers to the same value forever (items are
//! never removed or moved), so reads need no lock and return plain `&T`. Interning takes
//! `&self` (a short mutex around the dedup map), which is what lets passes on different
//! functions run in parallel while creating types and attributes.

use parking_lot::Mutex;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// Append-only uniquing table.
pub struct Interner<T> {
    /// Every interned value, at its index. Never shrinks.
    items: boxcar::Vec<T>,
    /// Value → index, for deduplication.
    map: Mutex<FxHashMap<T, u32>>,
}

impl<T: Hash + Eq + Clone> Default for Interner<T> {
    fn default() -> Self {
        Interner {
            items: boxcar::Vec::new(),
            map: Mutex::new(FxHashMap::default()),
        }
    }
}

impl<T: Hash + Eq + Clone> Interner<T> {
    /// Returns the index of `value`, adding it if new.
    pub fn intern(&self, value: T) -> u32 {
        let mut map = self.map.lock();
        if let Some(&index) = map.get(&value) {
            return index;
        }
        let index = self.items.push(value.clone()) as u32;
        map.insert(value, index);
        index
    }

    /// The value at `index`. Panics only on an index this interner never handed out.
    pub fn get(&self, index: u32) -> &T {
        &self.items[index as usize]
    }

    /// Number of interned values.
    pub fn len(&self) -> usize {
        self.items.count()
    }

    /// Whether nothing has been interned.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
