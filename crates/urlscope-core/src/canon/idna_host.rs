//! Host to ASCII as the references do it (docs/canon.md): urlcanon's `UC-IDNA` and the
//! IDNA 2003 of Python's `str.encode('idna')` that surt and w3lib use. Non-ASCII names go
//! through the `idna` crate's UTS #46; the ASCII rules, where nearly every real host falls, are
//! the Python libraries' own, byte for byte.

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

fn is_ldh_or_dot(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'.'
}

/// `UC-IDNA`: the host's ASCII form, or `None` where urlcanon keeps the host as it is.
pub(crate) fn uc_idna(host: &[u8]) -> Option<Vec<u8>> {
    if host.is_ascii() {
        return uc_idna_ascii(host);
    }
    let text = std::str::from_utf8(host).ok()?;
    let uts46 = Uts46::new();
    // idna.encode(uts46=True): hyphens and DNS lengths checked. IDNA 2008 allows no ASCII but
    // letters, digits and '-' (after mapping), and the fallback maps with STD3 rules: either
    // way the STD3 deny list.
    if let Ok(a) = uts46.to_ascii(
        text.as_bytes(),
        AsciiDenyList::STD3,
        Hyphens::Check,
        DnsLength::VerifyAllowRootDot,
    ) {
        return Some(a.into_owned().into_bytes());
    }
    // The fallback: STD3 remapping, then IDNA 2003 per label (no hyphen rule, no total length).
    let a = uts46
        .to_ascii(
            text.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .ok()?;
    if a.split('.').any(|l| l.is_empty() || l.len() > 63) {
        return None;
    }
    Some(a.into_owned().into_bytes())
}

/// `UC-IDNA` of an ASCII host: the Python `idna` package's rules (IDNA 2008 allows only
/// letters, digits and `-`; the IDNA 2003 fallback also lets hyphens stand anywhere).
fn uc_idna_ascii(host: &[u8]) -> Option<Vec<u8>> {
    if !host.iter().all(|&b| is_ldh_or_dot(b)) {
        return None;
    }
    let lower = host.to_ascii_lowercase();
    let labels: Vec<&[u8]> = lower.split(|&b| b == b'.').collect();
    // The fallback accepts any LDH labels of 1 to 63 octets.
    if labels.iter().all(|l| !l.is_empty() && l.len() <= 63) {
        return Some(lower);
    }
    // Only IDNA 2008 accepts one final empty label (a trailing dot).
    let (last, body) = labels.split_last()?;
    if !last.is_empty() || body.is_empty() || lower.len() > 254 {
        return None;
    }
    for l in body {
        if l.is_empty() || l.len() > 63 || l.first() == Some(&b'-') || l.last() == Some(&b'-') {
            return None;
        }
        if l.get(2..4) == Some(b"--") {
            // Only an A-label may have hyphens there; it must decode to a valid U-label.
            let label = std::str::from_utf8(l).ok()?;
            if !l.starts_with(b"xn--") || idna::domain_to_ascii_strict(label).is_err() {
                return None;
            }
        }
    }
    Some(lower)
}

/// Python's `str.encode('idna')` (IDNA 2003), as surt and w3lib call it: ASCII names pass if
/// every label but the last has 1 to 63 octets; other names are mapped label by label.
/// `None` where Python raises `UnicodeError`.
pub(crate) fn idna2003(host: &str) -> Option<String> {
    if host.is_empty() {
        return Some(String::new());
    }
    if host.is_ascii() {
        let labels: Vec<&str> = host.split('.').collect();
        let (last, body) = labels.split_last()?;
        if body.iter().any(|l| l.is_empty() || l.len() >= 64) || last.len() >= 64 {
            return None;
        }
        return Some(host.to_string());
    }
    // Nameprep is UTS #46's transitional mapping but for the four deviations, which IDNA 2003
    // maps as written here (ß → ss, ς → σ, joiners dropped).
    let mapped: String = host
        .chars()
        .flat_map(|c| match c {
            'ß' => "ss".chars().collect::<Vec<_>>(),
            'ς' => vec!['σ'],
            '\u{200c}' | '\u{200d}' => vec![],
            c => vec![c],
        })
        .collect();
    let a = Uts46::new()
        .to_ascii(
            mapped.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .ok()?;
    let labels: Vec<&str> = a.split('.').collect();
    let (last, body) = labels.split_last()?;
    if body.iter().any(|l| l.is_empty() || l.len() >= 64) || last.len() >= 64 {
        return None;
    }
    Some(a.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urlcanon_host_rules() {
        assert_eq!(
            uc_idna(b"EXAMPLE.com").as_deref(),
            Some(&b"example.com"[..])
        );
        assert_eq!(uc_idna(b"Foo_Bar.COM"), None);
        assert_eq!(uc_idna(b"..Ex..com.."), None);
        assert_eq!(uc_idna(b"a.com.").as_deref(), Some(&b"a.com."[..]));
        assert_eq!(
            uc_idna("faß.de".as_bytes()).as_deref(),
            Some(&b"xn--fa-hia.de"[..])
        );
        assert_eq!(uc_idna(b"b\xfccher.de"), None);
    }

    #[test]
    fn idna2003_maps_the_deviations() {
        assert_eq!(idna2003("faß.de").as_deref(), Some("fass.de"));
        assert_eq!(idna2003("a..b"), None);
        assert_eq!(idna2003("a.b.").as_deref(), Some("a.b."));
    }
}
