//! The registrable domain (eTLD+1) and public suffix of a host, from the Public Suffix List
//! as compiled into the `psl` crate.

use serde::Serialize;

/// The `psl` crate's version: its list is a snapshot of the Public Suffix List taken when the
/// crate was published (the crate records no list date; a test checks this against
/// Cargo.lock).
pub(crate) const PSL_CRATE_VERSION: &str = "2.1.247";

/// Which section of the Public Suffix List the suffix comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Section {
    /// The ICANN section: TLDs and the registries' own second-level suffixes.
    Icann,
    /// The private section: suffixes submitted by companies (`github.io`, `blogspot.com`).
    Private,
    /// Not in the list; the Public Suffix List algorithm's default rule `*` applies.
    Unlisted,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Registrable {
    /// The public suffix (A-label form).
    pub suffix: String,
    /// The registrable domain, `None` when the host is itself a public suffix.
    pub domain: Option<String>,
    /// The same two in U-label form.
    pub suffix_unicode: String,
    pub domain_unicode: Option<String>,
    pub section: Section,
}

/// Look `ascii` (the host after UTS #46 ToASCII, lowercase) up in the list; `unicode` is its
/// ToUnicode form with the same labels. `None` when the list algorithm does not apply: an
/// empty label (a leading dot or `..`), which the Public Suffix List test data treats as no
/// registrable domain.
pub(crate) fn registrable(ascii: &str, unicode: &str) -> Option<Registrable> {
    let name = ascii.strip_suffix('.').unwrap_or(ascii);
    if name.is_empty() || name.split('.').any(str::is_empty) {
        return None;
    }
    let suffix = psl::suffix(name.as_bytes())?;
    let section = match suffix.typ() {
        Some(psl::Type::Icann) => Section::Icann,
        Some(psl::Type::Private) => Section::Private,
        None => Section::Unlisted,
    };
    let suffix_s = String::from_utf8_lossy(suffix.as_bytes()).into_owned();
    let domain =
        psl::domain(name.as_bytes()).map(|d| String::from_utf8_lossy(d.as_bytes()).into_owned());
    let u_labels: Vec<&str> = unicode
        .strip_suffix('.')
        .unwrap_or(unicode)
        .split('.')
        .collect();
    let tail = |n: usize| -> String { u_labels[u_labels.len().saturating_sub(n)..].join(".") };
    let aligned = u_labels.len() == name.split('.').count();
    let count = |s: &str| s.split('.').count();
    Some(Registrable {
        suffix_unicode: if aligned {
            tail(count(&suffix_s))
        } else {
            suffix_s.clone()
        },
        domain_unicode: domain
            .as_ref()
            .map(|d| if aligned { tail(count(d)) } else { d.clone() }),
        suffix: suffix_s,
        domain,
        section,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections() {
        let r = registrable("a.b.example.co.uk", "a.b.example.co.uk").unwrap();
        assert_eq!(r.domain.as_deref(), Some("example.co.uk"));
        assert_eq!(r.section, Section::Icann);
        let p = registrable("user.github.io", "user.github.io").unwrap();
        assert_eq!(p.suffix, "github.io");
        assert_eq!(p.section, Section::Private);
        let u = registrable("a.example.example", "a.example.example").unwrap();
        assert_eq!(u.section, Section::Unlisted);
        assert_eq!(registrable("com", "com").unwrap().domain, None);
        assert_eq!(registrable(".com", ".com"), None);
        let idn = registrable("www.xn--85x722f.xn--55qx5d.cn", "www.食狮.公司.cn").unwrap();
        assert_eq!(idn.domain_unicode.as_deref(), Some("食狮.公司.cn"));
    }

    #[test]
    fn crate_version_matches_the_lockfile() {
        let lock = include_str!("../../../../../Cargo.lock");
        let entry = format!("name = \"psl\"\nversion = \"{PSL_CRATE_VERSION}\"");
        assert!(lock.contains(&entry), "update PSL_CRATE_VERSION");
    }
}
