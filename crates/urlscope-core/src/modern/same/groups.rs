//! The sixteen profiles' answers grouped: most pairs of URLs get one answer from many profiles
//! (different at one path segment, equal after lowercasing the host), and a report says a
//! shared answer once. Profiles are grouped by verdict and place: equal as given, equal after
//! a step (by the step's name; each profile keeps its own step number), or different at one
//! component with the same two pieces. Within a group, the members whose two results are not
//! the group's shown ones (a SURT key, a host without its `www.`) are named apart.

use super::{EqualAt, ProfileSameness, Sameness};
use crate::url::Profile;
use crate::url::rule::Rule;

use super::difference::Component;

/// What a group of profiles answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The inputs are equal octet for octet.
    EqualAsGiven,
    /// Equal after this step (each member's step number is its own: `ProfileSameness::equal_at`).
    EqualAfter(Rule),
    /// Different; where their results first differ (`None`: no place could be named).
    Different(Option<Place>),
}

/// Where two results first differ, as a reader compares it: the component and its two pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub component: Component,
    pub piece_a: Vec<u8>,
    pub piece_b: Vec<u8>,
}

/// Profiles that give one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The group's answer.
    pub answer: Answer,
    /// The members, in `Profile::ALL` order.
    pub profiles: Vec<Profile>,
    /// The member whose two results stand for the group: of the pairs of results the members
    /// have, the one most of them share (the first such member).
    pub shown: Profile,
    /// The members whose two results are not `shown`'s (same answer, other strings).
    pub own: Vec<Profile>,
}

/// A profile's answer, the key it is grouped by.
pub(crate) fn answer(p: &ProfileSameness) -> Answer {
    match p.equal_at {
        Some(EqualAt::Input) => Answer::EqualAsGiven,
        Some(EqualAt::Step { step, .. }) => Answer::EqualAfter(step),
        None if p.equal => Answer::EqualAsGiven,
        None => Answer::Different(p.difference.as_ref().map(|d| Place {
            component: d.component,
            piece_a: p.output_a[d.piece_a.clone()].to_vec(),
            piece_b: p.output_b[d.piece_b.clone()].to_vec(),
        })),
    }
}

impl Sameness {
    /// The profiles grouped by answer, in the order of each group's first member.
    pub fn groups(&self) -> Vec<Group> {
        let mut keyed: Vec<(Answer, Vec<&ProfileSameness>)> = Vec::new();
        for p in &self.profiles {
            let a = answer(p);
            match keyed.iter_mut().find(|(k, _)| *k == a) {
                Some((_, members)) => members.push(p),
                None => keyed.push((a, vec![p])),
            }
        }
        keyed
            .into_iter()
            .map(|(answer, members)| {
                let results = |p: &ProfileSameness| (p.output_a.clone(), p.output_b.clone());
                let shared = |p: &&ProfileSameness| {
                    members
                        .iter()
                        .filter(|q| q.output_a == p.output_a && q.output_b == p.output_b)
                        .count()
                };
                // The most shared pair; `max_by_key` keeps the last of equals, so reverse.
                let shown = members
                    .iter()
                    .rev()
                    .max_by_key(|p| shared(p))
                    .copied()
                    .unwrap_or(members[0]);
                let pair = results(shown);
                Group {
                    answer,
                    profiles: members.iter().map(|p| p.profile).collect(),
                    shown: shown.profile,
                    own: members
                        .iter()
                        .filter(|p| results(p) != pair)
                        .map(|p| p.profile)
                        .collect(),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modern::same::same;
    use crate::url::Options;

    fn groups(a: &str, b: &str) -> Vec<Group> {
        same(a.as_bytes(), b.as_bytes(), &Options::default()).groups()
    }

    #[test]
    fn one_differing_segment_is_one_answer() {
        let g = groups(
            "https://www.example.com/a/b/c?q=1",
            "https://www.example.com/a/x/c?q=1",
        );
        assert_eq!(g.len(), 1, "{g:?}");
        let g = &g[0];
        assert_eq!(g.profiles.len(), Profile::ALL.len());
        let Answer::Different(Some(place)) = &g.answer else {
            panic!("{g:?}")
        };
        assert_eq!(place.component, Component::Path);
        // The SURT keys and the profile that drops `www.` reach the answer on other strings.
        assert!(g.own.contains(&Profile::Surt), "{g:?}");
        assert!(!g.own.contains(&g.shown));
        assert!(g.own.len() < g.profiles.len() / 2);
    }

    #[test]
    fn every_profile_is_in_one_group_and_answers_as_its_group() {
        let s = same(
            b"HTTP://www.EXAMPLE.com/%7euser/./a?b=1#x",
            b"http://www.example.com/~user/a?b=1#y",
            &Options::default(),
        );
        let g = s.groups();
        let mut all: Vec<Profile> = g.iter().flat_map(|g| g.profiles.clone()).collect();
        all.sort_by_key(|p| *p as usize);
        assert_eq!(all, Profile::ALL.to_vec());
        for group in &g {
            for &p in &group.profiles {
                assert_eq!(answer(s.profile(p)), group.answer);
            }
        }
        // Not one answer here: some profiles drop the fragment, some keep it.
        assert!(g.len() > 1, "{g:?}");
    }
}
