//! Text-level decodings a link needs before it can be found: a declared charset (encoding_rs),
//! format=flowed (RFC 3676), quoted-printable left in raw text or under the wrong
//! `Content-Transfer-Encoding`, and base64 with text after its padding.

use std::borrow::Cow;

use encoding_rs::Encoding;

/// The outcome of decoding a part's octets by its declared charset.
pub(crate) enum Charset<'a> {
    /// Decoded to UTF-8 (or already UTF-8 / ASCII: then the octets as given, not copied).
    Decoded(Cow<'a, [u8]>),
    /// The label is unknown to the Encoding Standard: the octets are kept as they are.
    Unknown(Cow<'a, [u8]>),
    /// The octets are not valid in the declared charset: kept as they are, so that no link
    /// gets a U+FFFD in it.
    Malformed(Cow<'a, [u8]>),
}

/// Decode `raw` from the charset `label` (the MIME `charset` parameter).
pub(crate) fn charset<'a>(raw: impl Into<Cow<'a, [u8]>>, label: &str) -> Charset<'a> {
    let raw = raw.into();
    let label = label.trim();
    if label.is_empty() {
        return Charset::Decoded(raw);
    }
    let Some(enc) = Encoding::for_label(label.as_bytes()) else {
        return Charset::Unknown(raw);
    };
    // UTF-8 and ASCII text is kept octet for octet (an invalid octet stays itself, not U+FFFD).
    if enc == encoding_rs::UTF_8 || (enc == encoding_rs::WINDOWS_1252 && raw.is_ascii()) {
        return Charset::Decoded(raw);
    }
    match enc.decode_without_bom_handling_and_without_replacement(&raw) {
        Some(text) => Charset::Decoded(Cow::Owned(text.into_owned().into_bytes())),
        None => Charset::Malformed(raw),
    }
}

/// The charset an HTML text declares early on (`<meta charset=…>` or `content="…; charset=…"`),
/// looked for in its first 1024 octets as the HTML Standard's prescan does.
pub(crate) fn html_charset(html: &[u8]) -> Option<String> {
    let head = html[..html.len().min(1024)].to_ascii_lowercase();
    let at = memchr::memmem::find(&head, b"charset=")? + 8;
    let label: String = head[at..]
        .iter()
        .skip_while(|&&b| b == b'"' || b == b'\'')
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':' | b'.'))
        .map(|&b| b as char)
        .collect();
    (!label.is_empty()).then_some(label)
}

/// Undo format=flowed (RFC 3676 §4.2): a line that ends in a space (other than the signature
/// separator `-- `) continues on the next line of the same quote depth. With `delsp` the space
/// itself goes too. Space-stuffing is undone.
pub(crate) fn unflow(text: &[u8], delsp: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    // The quote depth of the paragraph being continued, if the last line was flowed.
    let mut open: Option<usize> = None;
    for line in text.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let depth = line.iter().take_while(|&&b| b == b'>').count();
        let mut body = &line[depth..];
        if body.first() == Some(&b' ') {
            body = &body[1..];
        }
        match open {
            Some(d) if d == depth => {}
            Some(_) => {
                out.push(b'\n');
                push_quote(&mut out, depth);
            }
            None => push_quote(&mut out, depth),
        }
        let flowed = body.last() == Some(&b' ') && body != b"-- ";
        if flowed {
            let keep = if delsp { body.len() - 1 } else { body.len() };
            out.extend_from_slice(&body[..keep]);
            open = Some(depth);
        } else {
            out.extend_from_slice(body);
            out.push(b'\n');
            open = None;
        }
    }
    // `split` yields one empty piece after a final line break: that piece added one '\n'.
    if out.last() == Some(&b'\n') && !text.ends_with(b"\n") {
        out.pop();
    }
    if text.ends_with(b"\n") && out.ends_with(b"\n\n") {
        out.pop();
    }
    out
}

fn push_quote(out: &mut Vec<u8>, depth: usize) {
    if depth > 0 {
        out.extend(std::iter::repeat_n(b'>', depth));
        out.push(b' ');
    }
}

/// Does raw text look quoted-printable: soft line breaks (`=` at a line's end) and encoded
/// octets such as `=3D`? Both are needed, so that prose with an `=` at a line's end is left
/// alone; or an encoded attribute (`=3D"` or `=3D'`, as in `href=3D"…"`), which prose never
/// holds.
pub(crate) fn looks_quoted_printable(text: &[u8]) -> bool {
    let encoded = |i: usize| matches!(text.get(i + 1..i + 3), Some(h) if h.eq_ignore_ascii_case(b"3D") || h.eq_ignore_ascii_case(b"20"));
    let attribute = memchr::memchr_iter(b'=', text)
        .any(|i| encoded(i) && matches!(text.get(i + 3), Some(b'"' | b'\'')));
    if attribute {
        return true;
    }
    let soft = memchr::memmem::find(text, b"=\n").is_some()
        || memchr::memmem::find(text, b"=\r\n").is_some();
    soft && memchr::memchr_iter(b'=', text).any(encoded)
}

/// Base64 followed by other text, as a mailing list leaves it when it appends a footer to a
/// base64 part: the leading lines of base64 decoded, and the text after them. `None` when the
/// body does not start with base64 or has nothing after it.
pub(crate) fn base64_then_text(body: &[u8]) -> Option<(Vec<u8>, &[u8])> {
    let is_b64 = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=');
    let mut encoded = Vec::new();
    let mut at = 0;
    let mut padded = false;
    while at < body.len() && !padded {
        let end = memchr::memchr(b'\n', &body[at..]).map_or(body.len(), |p| at + p + 1);
        let line = body[at..end].trim_ascii();
        if !line.is_empty() {
            if !line.iter().all(is_b64) {
                break;
            }
            padded = line.ends_with(b"=");
            encoded.extend_from_slice(line);
        }
        at = end;
    }
    let rest = &body[at..];
    if encoded.is_empty() || rest.trim_ascii().is_empty() {
        return None;
    }
    let decoded = data_encoding::BASE64_MIME_PERMISSIVE
        .decode(&encoded)
        .ok()?;
    Some((decoded, rest))
}

/// Undo quoted-printable: soft line breaks go, `=XX` becomes its octet; anything else (a lone
/// `=`) is kept as it is.
pub(crate) fn quoted_printable(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if b != b'=' {
            out.push(b);
            i += 1;
            continue;
        }
        let rest = &text[i + 1..];
        if rest.starts_with(b"\r\n") {
            i += 3;
        } else if rest.starts_with(b"\n") {
            i += 2;
        } else if let Some(&[h, l]) = rest.get(..2)
            && h.is_ascii_hexdigit()
            && l.is_ascii_hexdigit()
        {
            out.push(hex(h) << 4 | hex(l));
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    out
}

fn hex(c: u8) -> u8 {
    (c as char).to_digit(16).unwrap_or(0) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flowed_lines_join_within_a_quote_depth() {
        let t = b"See https://example.org/a/very/ \r\nlong/path and\r\n> quoted \r\n> more\r\n-- \r\nsig";
        assert_eq!(
            String::from_utf8(unflow(t, false)).unwrap(),
            "See https://example.org/a/very/ long/path and\n> quoted more\n-- \nsig"
        );
        assert_eq!(
            String::from_utf8(unflow(b"https://x.org/a/ \nb/c\n", true)).unwrap(),
            "https://x.org/a/b/c\n"
        );
    }

    #[test]
    fn quoted_printable_in_raw_text() {
        let t = b"https://shop.example/?order=3D42&t=3Da=\nb and a = sign";
        assert!(looks_quoted_printable(t));
        assert_eq!(
            quoted_printable(t),
            b"https://shop.example/?order=42&t=ab and a = sign"
        );
        assert!(!looks_quoted_printable(b"a=\nb with no encoded octet"));
    }

    #[test]
    fn encoded_attributes_are_quoted_printable() {
        assert!(looks_quoted_printable(b"<a href=3D\"mailto:a@b.example\">"));
        assert!(!looks_quoted_printable(b"x=3D and y"));
    }

    #[test]
    fn base64_with_a_footer() {
        let body = b"aHR0cDovL2EuZXhhbXBsZS8=\n\n___\nList: https://list.example/\n";
        let (d, rest) = base64_then_text(body).unwrap();
        assert_eq!(d, b"http://a.example/");
        assert_eq!(rest, b"\n___\nList: https://list.example/\n");
        assert!(base64_then_text(b"aGk=\n").is_none());
        assert!(base64_then_text(b"not base64 at all\n").is_none());
    }

    #[test]
    fn html_declares_its_charset() {
        let h = b"<html><head><meta charset=\"windows-1251\"></head>";
        assert_eq!(html_charset(h).as_deref(), Some("windows-1251"));
        let h = b"<meta http-equiv=Content-Type content='text/html; charset=KOI8-R'>";
        assert_eq!(html_charset(h).as_deref(), Some("koi8-r"));
        assert_eq!(html_charset(b"<p>no declaration</p>"), None);
    }

    #[test]
    fn charsets() {
        let Charset::Decoded(d) = charset(vec![0xcf, 0xf0, 0xe8], "windows-1251") else {
            panic!("windows-1251 is known")
        };
        assert_eq!(String::from_utf8(d.into_owned()).unwrap(), "При");
        assert!(matches!(
            charset(b"x".to_vec(), "x-no-such"),
            Charset::Unknown(_)
        ));
        assert!(matches!(
            charset(vec![0xff, 0xfe, 0x41], "shift_jis"),
            Charset::Malformed(_)
        ));
        let Charset::Decoded(d) = charset(vec![b'a', 0xff], "utf-8") else {
            panic!()
        };
        assert_eq!(*d, [b'a', 0xff]);
    }
}
