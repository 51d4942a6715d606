//! Several test binaries of one workspace each cover part of the same
//! code: their requirement sets are united by key, and each binary's
//! requirement indices are translated into the union's.

use std::collections::BTreeMap;

use super::{CoverageMap, Requirement, RequirementKey};
use crate::model::Criterion;

/// `E` of one criterion over several coverage maps.
#[derive(Debug, Clone, Default)]
pub struct MergedRequirements {
    /// The union, sorted by key.
    pub requirements: Vec<Requirement>,
    /// Per map (in the order given), its requirement index -> index in
    /// `requirements`.
    pub translations: Vec<Vec<u32>>,
}

impl MergedRequirements {
    /// Unites `maps`' requirements of `criterion` by key.
    pub fn new<'a>(maps: impl IntoIterator<Item = &'a CoverageMap>, criterion: Criterion) -> Self {
        let maps: Vec<&CoverageMap> = maps.into_iter().collect();
        let mut union: BTreeMap<&RequirementKey, &Requirement> = BTreeMap::new();
        for map in &maps {
            for r in map.requirements(criterion) {
                union.entry(&r.key).or_insert(r);
            }
        }
        let index: BTreeMap<&RequirementKey, u32> = union
            .keys()
            .enumerate()
            .map(|(i, k)| (*k, i as u32))
            .collect();
        let translations = maps
            .iter()
            .map(|map| {
                map.requirements(criterion)
                    .iter()
                    .map(|r| index[&r.key])
                    .collect()
            })
            .collect();
        let requirements = union.into_values().cloned().collect();
        MergedRequirements {
            requirements,
            translations,
        }
    }

    /// Translates one map's covered indices into the union's.
    pub fn translate<'s>(
        &'s self,
        map_index: usize,
        covered: &'s [u32],
    ) -> impl Iterator<Item = u32> + 's {
        covered
            .iter()
            .map(move |&r| self.translations[map_index][r as usize])
    }
}
