//! The features active in a position from one perspective, as a set of bits: a game fills it
//! ([`super::NetFeatures::active_features`]) a bit or a whole word at a time, and an accumulator
//! follows a move by the bits that differ between two sets. Both are a few word operations where
//! sorted lists needed a sort or a merge, which profiles showed costing a fifth of a net's search.

/// A set of feature indices below a fixed count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FeatureSet {
    words: Vec<u64>,
}

impl FeatureSet {
    /// An empty set for indices below `count`.
    pub fn new(count: usize) -> FeatureSet {
        FeatureSet {
            words: vec![0; count.div_ceil(64)],
        }
    }

    /// Empties the set, keeping its size.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Adds `feature`. Panics if it is not below the set's count rounded up to 64.
    pub fn insert(&mut self, feature: u16) {
        let feature = usize::from(feature);
        self.words[feature / 64] |= 1 << (feature % 64);
    }

    /// Adds the features `64 · word + i` for each bit `i` of `bits`: 64 consecutive features at once.
    pub fn insert_word(&mut self, word: usize, bits: u64) {
        self.words[word] |= bits;
    }

    /// Whether `feature` is in the set.
    pub fn contains(&self, feature: u16) -> bool {
        let feature = usize::from(feature);
        self.words
            .get(feature / 64)
            .is_some_and(|word| word >> (feature % 64) & 1 == 1)
    }

    /// How many features the set holds.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The features in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(|(index, &word)| bits_of(word).map(move |bit| (index * 64 + bit) as u16))
    }

    /// Sets `removed` to the features of `self` not in `after`, and `added` to those of `after` not in
    /// `self`; both sets must have the same size.
    pub fn changes_to(&self, after: &FeatureSet, removed: &mut Vec<u16>, added: &mut Vec<u16>) {
        debug_assert_eq!(self.words.len(), after.words.len());
        removed.clear();
        added.clear();
        for (index, (&before, &now)) in self.words.iter().zip(&after.words).enumerate() {
            let differ = before ^ now;
            if differ != 0 {
                let base = index * 64;
                removed.extend(bits_of(differ & before).map(|bit| (base + bit) as u16));
                added.extend(bits_of(differ & now).map(|bit| (base + bit) as u16));
            }
        }
    }
}

/// The indices of the set bits of `word`, lowest first.
fn bits_of(mut word: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let bit = word.trailing_zeros() as usize;
            word &= word - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::FeatureSet;

    fn set_of(count: usize, features: &[u16]) -> FeatureSet {
        let mut set = FeatureSet::new(count);
        for &f in features {
            set.insert(f);
        }
        set
    }

    #[test]
    fn a_set_holds_its_features_once_in_order() {
        let mut set = set_of(200, &[130, 4, 64, 4, 199]);
        assert_eq!(set.iter().collect::<Vec<_>>(), [4, 64, 130, 199]);
        assert_eq!(set.len(), 4);
        assert!(set.contains(130) && !set.contains(131) && !set.contains(900));
        set.insert_word(1, 0b101);
        assert_eq!(set.iter().collect::<Vec<_>>(), [4, 64, 66, 130, 199]);
        set.clear();
        assert!(set.is_empty() && set.iter().next().is_none());
    }

    #[test]
    fn the_changes_turn_one_set_into_the_other() {
        let (mut removed, mut added) = (Vec::new(), Vec::new());
        let before = set_of(100, &[1, 4, 9, 70]);
        let after = set_of(100, &[1, 5, 9, 71, 99]);
        before.changes_to(&after, &mut removed, &mut added);
        assert_eq!(
            (removed.as_slice(), added.as_slice()),
            (&[4, 70][..], &[5, 71, 99][..])
        );
        before.changes_to(&before, &mut removed, &mut added);
        assert!(removed.is_empty() && added.is_empty());
        FeatureSet::new(100).changes_to(&after, &mut removed, &mut added);
        assert_eq!((removed.len(), added.len()), (0, 5));
    }
}
