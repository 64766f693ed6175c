//! Refanging as a layer of the unwrap chain: threat reports write links "defanged" so nobody
//! clicks them (`hxxp://`, `example[.]com`, `(.)`, `[:]`). The link they name is the refanged
//! text, read by the one refanger, [`crate::modern::defang::refang`].

use super::{Kind, Source, Step};

pub(crate) fn step(text: &str) -> Option<Step> {
    let refanged = crate::modern::defang::refang(text.as_bytes())?;
    Some(Step {
        kind: Kind::Refang,
        // Only ASCII marks are replaced by ASCII: UTF-8 stays UTF-8.
        text: String::from_utf8_lossy(&refanged).into_owned(),
        source: Source {
            what: "the whole text".into(),
            start: 0,
            end: text.len(),
        },
        explanation: format!(
            "defanged link made clickable again: {} (the way threat reports write links nobody \
             should click)",
            crate::modern::defang::FORMS
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refang(s: &str) -> Option<String> {
        step(s).map(|s| s.text)
    }

    #[test]
    fn refangs() {
        assert_eq!(
            refang("hXXps[:]//evil[.]example(.)com/a").unwrap(),
            "https://evil.example.com/a"
        );
        assert_eq!(
            refang("hxxp://a/?u=hxxps://b").unwrap(),
            "http://a/?u=https://b"
        );
        assert!(refang("http://a/hxxp/b").is_none());
        assert!(refang("http://ahxxp://b").is_none());
    }
}
