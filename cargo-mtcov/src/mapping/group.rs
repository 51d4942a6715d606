//! Groups of records: what a group covers depends on its records'
//! counters only.

use std::collections::HashMap;

use super::NONE;
use super::lines::ViewKind;
use super::map::{Kind, Record, Region};

/// Records linked by a common region, branch or function requirement, as
/// connected components: (group of each record, records of each group).
pub(super) fn group(records: &[Record], regions: &[Region]) -> (Vec<u32>, Vec<Vec<u32>>) {
    fn root(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    let mut parent: Vec<u32> = (0..records.len() as u32).collect();
    let mut first: HashMap<(u8, u32), u32> = HashMap::new();
    for (i, record) in records.iter().enumerate() {
        let i = i as u32;
        let mut reqs: Vec<(u8, u32)> = Vec::new();
        for region in &regions[record.regions.start as usize..record.regions.end as usize] {
            match region.kind {
                Kind::View(ViewKind::Code) => reqs.push((1, region.req)),
                Kind::View(_) => {}
                Kind::Branch => reqs.extend([(2, region.req), (2, region.req_false)]),
            }
        }
        reqs.extend(record.function.map(|(id, _)| (3, id)));
        for req in reqs.into_iter().filter(|r| r.1 != NONE) {
            let other = *first.entry(req).or_insert(i);
            let (a, b) = (root(&mut parent, i), root(&mut parent, other));
            if a != b {
                parent[a.max(b) as usize] = a.min(b);
            }
        }
    }
    let mut group_of = vec![NONE; records.len()];
    let mut groups: Vec<Vec<u32>> = Vec::new();
    let mut index_of_root: HashMap<u32, u32> = HashMap::new();
    for i in 0..records.len() as u32 {
        let r = root(&mut parent, i);
        let g = *index_of_root.entry(r).or_insert_with(|| {
            groups.push(Vec::new());
            (groups.len() - 1) as u32
        });
        group_of[i as usize] = g;
        groups[g as usize].push(i);
    }
    (group_of, groups)
}
