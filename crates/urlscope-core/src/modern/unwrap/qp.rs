//! Quoted-printable leftovers (RFC 2045 §6.7): a link copied from the raw source of a mail can
//! still carry `=3D` for `=` and `=` + line break where the mailer folded the line. The repair
//! is a layer of its own, done only when the leftovers are unmistakable.

use super::{Kind, Source, Step};

/// Whether `text` shows quoted-printable damage: a soft line break, a `==3D` (a soft break whose
/// line break was lost, then an encoded `=`), an `=3D` right before `http`, or `=3D` at least
/// twice. (A lone `=3D` elsewhere may be a value such as `view=3D`.)
fn damaged(text: &str) -> bool {
    text.contains("=\n")
        || text.contains("=\r\n")
        || text.contains("==3D")
        || text.matches("=3D").count() >= 2
        || text.match_indices("=3D").any(|(i, _)| {
            text.as_bytes()[i + 3..]
                .get(..4)
                .is_some_and(|s| s.eq_ignore_ascii_case(b"http"))
        })
}

pub(crate) fn step(text: &str) -> Option<Step> {
    if !damaged(text) {
        return None;
    }
    // `==3D` first: the stray `=` goes with it. Only `=3D` is decoded: other `=XX` in a URL are
    // too often real text (the quoted-printable encoder writes uppercase hex; RFC 2045 §6.7).
    let repaired = text
        .replace("=\r\n", "")
        .replace("=\n", "")
        .replace("==3D", "=")
        .replace("=3D", "=");
    (repaired != text).then(|| Step {
        kind: Kind::QuotedPrintable,
        text: repaired,
        source: Source {
            what: "the whole text".into(),
            start: 0,
            end: text.len(),
        },
        explanation: "quoted-printable leftovers of a mail (RFC 2045 §6.7) removed: soft line \
                      breaks (`=` + line break) dropped, `=3D` read as `=`"
            .into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repairs_only_clear_damage() {
        let s = step("http://a/?u=3Dhttp://b/&x=3D1").unwrap();
        assert_eq!(s.text, "http://a/?u=http://b/&x=1");
        assert_eq!(
            step("http://a/p=\nath?q=1").unwrap().text,
            "http://a/path?q=1"
        );
        assert!(step("http://a/?view=3D").is_none());
        assert!(step("http://a/?a=3d&b=3d").is_none());
    }
}
