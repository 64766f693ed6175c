//! "Are these two URLs the same?": for each profile, whether A and B are equal after
//! it and after which step they first are; RFC 3986 §6.2's ladder; and the WHATWG parser's
//! equality with and without the fragment. Every answer comes from a run that already exists
//! (the traced profile run, the RFC 3986 split, the `url` crate): nothing here normalizes.

pub(crate) mod difference;
pub(crate) mod groups;
mod json;
pub(crate) mod key_parts;
pub(crate) mod ladder;

use std::sync::Arc;

use crate::url::rule::Rule;
use crate::url::syntax::parser_text::parser_text;
use crate::url::{Options, Outcome, Profile, normalize};
pub(crate) use difference::{Difference, first_difference, first_difference_in};
pub(crate) use key_parts::KeyForm;
pub(crate) use ladder::Ladder;
pub(crate) use ladder::ladder;

/// Where two runs of one profile first agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EqualAt {
    /// The inputs themselves are equal (octet for octet).
    Input,
    /// Equal after step `index` (1-based, as the step tables count) `step`.
    Step {
        /// The step's place in the profile's table, 1-based.
        index: usize,
        /// The step's id.
        step: Rule,
    },
}

/// One profile's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileSameness {
    pub profile: Profile,
    pub equal: bool,
    /// Set when `equal`: the first point after which the two strings are equal.
    pub equal_at: Option<EqualAt>,
    pub output_a: Vec<u8>,
    pub output_b: Vec<u8>,
    /// Where the two outputs first differ (`None` when equal).
    pub difference: Option<Difference>,
}

impl ProfileSameness {
    /// "equal after step 3 lowercase-host", "equal as given", or "different".
    pub fn verdict(&self) -> String {
        match self.equal_at {
            None => "different".into(),
            Some(EqualAt::Input) => "equal as given".into(),
            Some(EqualAt::Step { index, step }) => format!("equal after step {index} {step}"),
        }
    }
}

/// The WHATWG parser's answer (`None` when it rejects either text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhatwgSameness {
    /// The first URL's WHATWG href (`None`: the parser failed).
    pub href_a: Option<String>,
    /// The second URL's WHATWG href (`None`: the parser failed).
    pub href_b: Option<String>,
    /// Both parsed and their serializations are equal.
    pub equal: Option<bool>,
    /// Both parsed and are equal once each fragment is removed.
    pub equal_without_fragment: Option<bool>,
}

/// Everything `urlscope same` and the inspector's compare-with mode show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sameness {
    /// Where the two inputs first differ (`None` when equal octet for octet).
    pub difference: Option<Difference>,
    /// One per profile, in `Profile::ALL` order.
    pub profiles: Vec<ProfileSameness>,
    /// Equal under each profile, rung by rung.
    pub ladder: Ladder,
    /// The URL Standard's answer.
    pub whatwg: WhatwgSameness,
}

impl Sameness {
    /// The answer for `profile`.
    pub fn profile(&self, profile: Profile) -> &ProfileSameness {
        &self.profiles[profile as usize]
    }
}

/// Compare `a` and `b` every way urlscope knows.
///
/// Returns, for every profile, whether the two normalize to the same octets and after which
/// step they first agree, plus the URL Standard's answer on their hrefs (docs/cli.md,
/// "`same` — are two URLs the same?"). Any two octet strings are valid inputs; it never panics.
///
/// ```
/// use urlscope_core::{Options, Profile, same};
///
/// let s = same(b"HTTP://Example.com/%7euser", b"http://example.com/~user", &Options::default());
/// assert!(s.profile(Profile::Rfc3986).equal);
/// assert!(!s.profile(Profile::None).equal);
/// ```
pub fn same(a: &[u8], b: &[u8], opts: &Options) -> Sameness {
    Sameness {
        difference: first_difference(a, b),
        profiles: Profile::ALL
            .into_iter()
            .map(|p| profile_sameness(a, b, p, opts))
            .collect(),
        ladder: ladder(a, b),
        whatwg: whatwg(a, b),
    }
}

/// One profile: both traced runs, compared step by step.
pub(crate) fn profile_sameness(
    a: &[u8],
    b: &[u8],
    profile: Profile,
    opts: &Options,
) -> ProfileSameness {
    let (ra, rb) = (normalize(a, profile, opts), normalize(b, profile, opts));
    let equal = ra.output == rb.output;
    let equal_at = if !equal {
        None
    } else if a == b {
        Some(EqualAt::Input)
    } else {
        // Steps are functions of the string they get, so once equal the two runs stay equal;
        // the first equal pair of step outputs (frames included) is the answer.
        let found = ra
            .steps
            .iter()
            .zip(&rb.steps)
            .enumerate()
            .take_while(|(_, (x, y))| x.step == y.step)
            .find(|(k, _)| framed(a, &ra, *k) == framed(b, &rb, *k))
            .map(|(k, (x, _))| EqualAt::Step {
                index: k + 1,
                step: x.step,
            });
        // Equal outputs but no equal step pair: the frames alone made the difference go away
        // (never with today's profiles); the last step is where the outputs are taken.
        found.or_else(|| {
            ra.steps.last().map(|s| EqualAt::Step {
                index: ra.steps.len(),
                step: s.step,
            })
        })
    };
    ProfileSameness {
        profile,
        equal,
        equal_at,
        difference: first_difference_in(key_form(profile), &ra.output, &rb.output),
        output_a: ra.output,
        output_b: rb.output,
    }
}

/// How `profile`'s answers are written: the two SURT profiles give keys, the rest URLs.
pub(crate) fn key_form(profile: Profile) -> KeyForm {
    match profile {
        Profile::Surt => KeyForm::Surt,
        Profile::Ssurt => KeyForm::Ssurt,
        _ => KeyForm::Url,
    }
}

/// The whole string after step `k` of a run: the step's output inside the input's frames.
fn framed(x: &[u8], run: &Outcome, k: usize) -> Vec<u8> {
    let after: &Arc<[u8]> = &run.steps[k].after;
    let mut out = x[run.frame_open.clone()].to_vec();
    out.extend_from_slice(after);
    out.extend_from_slice(&x[run.frame_close.clone()]);
    out
}

fn whatwg(a: &[u8], b: &[u8]) -> WhatwgSameness {
    let parse = |x: &[u8]| url::Url::parse(&parser_text(x).text).ok();
    let (ua, ub) = (parse(a), parse(b));
    let (equal, equal_without_fragment) = match (&ua, &ub) {
        (Some(x), Some(y)) => {
            let strip = |u: &url::Url| {
                let mut u = u.clone();
                u.set_fragment(None);
                u
            };
            (Some(x == y), Some(strip(x) == strip(y)))
        }
        _ => (None, None),
    };
    WhatwgSameness {
        href_a: ua.map(String::from),
        href_b: ub.map(String::from),
        equal,
        equal_without_fragment,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modern::same::ladder::Rung;

    fn s(a: &str, b: &str) -> Sameness {
        same(a.as_bytes(), b.as_bytes(), &Options::default())
    }

    #[test]
    fn the_first_step_after_which_two_urls_agree() {
        let r = s("HTTP://www.EXAMPLE.com/", "http://www.example.com/");
        let pdf = r.profile(Profile::Pdf);
        assert!(pdf.equal);
        // PDF: make-absolute, strip-fragment, lowercase-scheme, lowercase-host.
        assert_eq!(
            pdf.equal_at,
            Some(EqualAt::Step {
                index: 4,
                step: Rule::LowercaseHost
            })
        );
        assert_eq!(r.profile(Profile::None).equal_at, None);
        assert!(!r.profile(Profile::None).equal);
        assert_eq!(r.ladder.first_match, Some(Rung::Case));
        assert_eq!(r.whatwg.equal, Some(true));
    }

    #[test]
    fn identical_inputs_are_equal_before_any_step() {
        let r = s("http://a/b", "http://a/b");
        assert!(
            r.profiles
                .iter()
                .all(|p| p.equal && p.equal_at == Some(EqualAt::Input))
        );
    }

    #[test]
    fn whatwg_with_and_without_the_fragment() {
        let r = s("http://a/b#x", "http://a/b#y");
        assert_eq!(r.whatwg.equal, Some(false));
        assert_eq!(r.whatwg.equal_without_fragment, Some(true));
        let r = s("http://a/b", "not a url");
        assert_eq!(r.whatwg.equal, None);
        assert_eq!(r.whatwg.href_b, None);
    }

    #[test]
    fn framed_profiles_compare_the_whole_text() {
        // RFC 1738 keeps the frame: equal bodies in different frames are different texts.
        let r = s("<URL:http://a/%7e>", "http://a/~");
        assert!(!r.profile(Profile::Rfc1738).equal);
        let r = s("<URL:http://a/%7e>", "<URL:http://a/~>");
        assert!(r.profile(Profile::Rfc1738).equal);
    }

    #[test]
    fn any_octets_are_fine() {
        let r = same(b"\xff\x00%", b"%zz\x80", &Options::default());
        assert_eq!(r.profiles.len(), Profile::ALL.len());
    }
}
