//! Refanging: threat reports write links "defanged" so nobody clicks them (`hxxp://`,
//! `example[.]com`, `(.)`, `[:]`). The link they name is the refanged text, a layer of its own.

use super::{Kind, Source, Step};

/// Replace the defanging marks of `text`; `None` when there are none.
fn refang(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        let rest = &b[i..];
        let (len, with) = if rest.starts_with(b"[.]") || rest.starts_with(b"(.)") {
            (3, ".")
        } else if rest.starts_with(b"[:]") {
            (3, ":")
        } else if hxxp_at(b, i) {
            (4, "http")
        } else {
            (0, "")
        };
        if len == 0 {
            i += 1;
            continue;
        }
        out.push_str(&text[last..i]);
        out.push_str(with);
        changed = true;
        i += len;
        last = i;
    }
    out.push_str(&text[last..]);
    changed.then_some(out)
}

/// `hxxp` (any case) that starts a scheme: at the start or after a non-letter, followed by
/// `://`, `s://`, `[:]//` or `s[:]//`.
fn hxxp_at(b: &[u8], i: usize) -> bool {
    let rest = &b[i..];
    if rest.len() < 4 || !rest[..4].eq_ignore_ascii_case(b"hxxp") {
        return false;
    }
    if i > 0 && b[i - 1].is_ascii_alphanumeric() {
        return false;
    }
    let mut t = &rest[4..];
    if t.first().is_some_and(|c| c.eq_ignore_ascii_case(&b's')) {
        t = &t[1..];
    }
    t.starts_with(b"://") || t.starts_with(b"[:]//")
}

pub(crate) fn step(text: &str) -> Option<Step> {
    let refanged = refang(text)?;
    Some(Step {
        kind: Kind::Refang,
        text: refanged,
        source: Source {
            what: "the whole text".into(),
            start: 0,
            end: text.len(),
        },
        explanation: "defanged link made clickable again: `hxxp` → `http`, `[.]` and `(.)` → `.`, \
                      `[:]` → `:` (the way threat reports write links nobody should click)"
            .into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refangs() {
        assert_eq!(
            refang("hXXps[:]//evil[.]example(.)com/a").unwrap(),
            "https://evil.example.com/a"
        );
        assert_eq!(
            refang("see hxxp://a/?u=hxxps://b").unwrap(),
            "see http://a/?u=https://b"
        );
        assert!(refang("http://a/hxxp/b").is_none());
        assert!(refang("http://ahxxp://b").is_none());
    }
}
