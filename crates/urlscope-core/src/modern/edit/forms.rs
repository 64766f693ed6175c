//! The forms a URL is copied as (the copy-as menu and `get {as:FORM}`): the text as
//! typed, the active profile's result, the WHATWG href, ASCII, readable, and the URL wrapped
//! for Markdown, HTML, a `curl` command line and JSON, and defanged for a ticket. Each wrapping form carries the profile
//! result made safe to paste: invalid UTF-8, controls and spaces as triplets.

use crate::modern::host::{spoof, suffix};
use crate::url::syntax::parser_text::parser_text;
use crate::url::{octets, tokenize};

/// One copy form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormId {
    /// `typed`.
    Typed,
    /// `profile`.
    Profile,
    /// `href`.
    Href,
    /// `ascii`.
    Ascii,
    /// `readable`.
    Readable,
    /// `markdown`.
    Markdown,
    /// `html`.
    Html,
    /// `curl`.
    Curl,
    /// `json`.
    Json,
    /// `defang`.
    Defang,
}

impl FormId {
    /// Every form, in menu order.
    pub const ALL: [FormId; 10] = [
        FormId::Typed,
        FormId::Profile,
        FormId::Href,
        FormId::Ascii,
        FormId::Readable,
        FormId::Markdown,
        FormId::Html,
        FormId::Curl,
        FormId::Json,
        FormId::Defang,
    ];

    /// The name `get {as:NAME}` takes.
    pub fn name(self) -> &'static str {
        match self {
            FormId::Typed => "typed",
            FormId::Profile => "profile",
            FormId::Href => "href",
            FormId::Ascii => "ascii",
            FormId::Readable => "readable",
            FormId::Markdown => "markdown",
            FormId::Html => "html",
            FormId::Curl => "curl",
            FormId::Json => "json",
            FormId::Defang => "defang",
        }
    }

    /// What a menu shows for it.
    pub fn title(self) -> &'static str {
        match self {
            FormId::Typed => "the text as typed",
            FormId::Profile => "the active profile's result",
            FormId::Href => "the WHATWG href",
            FormId::Ascii => "ASCII (A-label host, everything else percent-encoded)",
            FormId::Readable => "readable (Unicode host and text where that changes no meaning)",
            FormId::Markdown => "a Markdown link",
            FormId::Html => "an HTML link",
            FormId::Curl => "a curl command line",
            FormId::Json => "a JSON string",
            FormId::Defang => "defanged for a ticket",
        }
    }

    /// The form with this name (`FormId::name`), if any.
    pub fn from_name(s: &str) -> Option<FormId> {
        FormId::ALL.into_iter().find(|f| f.name() == s)
    }

    /// Every form's name, comma-separated (for an unknown form's error).
    pub fn names() -> String {
        FormId::ALL.map(FormId::name).join(", ")
    }
}

/// One form, given the typed text and the profile's result.
pub fn form(id: FormId, typed: &[u8], result: &[u8]) -> Option<Vec<u8>> {
    Some(match id {
        FormId::Typed => typed.to_vec(),
        FormId::Profile => result.to_vec(),
        FormId::Href => href(result)?.into_bytes(),
        FormId::Ascii => ascii(result),
        FormId::Readable => readable(result),
        FormId::Markdown => markdown(result),
        FormId::Html => html(result),
        FormId::Curl => curl(result),
        FormId::Json => json(result),
        FormId::Defang => crate::modern::defang::defang(result),
    })
}

/// The WHATWG href, if that parser accepts the URL.
pub(crate) fn href(x: &[u8]) -> Option<String> {
    url::Url::parse(&parser_text(x).text)
        .ok()
        .map(|u| u.as_str().to_string())
}

/// `x` with every octet that cannot be pasted raw as a triplet: invalid UTF-8, C0 controls,
/// DEL, C1 controls (as UTF-8), space. The text is then valid UTF-8.
pub(crate) fn pasteable(x: &[u8]) -> String {
    let mut out = Vec::with_capacity(x.len());
    for chunk in x.utf8_chunks() {
        for c in chunk.valid().chars() {
            let mut buf = [0; 4];
            let enc = c.encode_utf8(&mut buf).as_bytes();
            if c.is_control() || c == ' ' {
                enc.iter().for_each(|&b| octets::push_encoded(&mut out, b));
            } else {
                out.extend_from_slice(enc);
            }
        }
        chunk
            .invalid()
            .iter()
            .for_each(|&b| octets::push_encoded(&mut out, b));
    }
    String::from_utf8(out).expect("only valid UTF-8 and ASCII triplets were written")
}

/// The host range of `x` and its ASCII (A-label) form, when it is a Unicode domain name of a
/// special scheme (only those hosts go through UTS #46 in the URL Standard).
fn host_a_label(x: &[u8]) -> Option<(std::ops::Range<usize>, String)> {
    let p = tokenize(x);
    let scheme = std::str::from_utf8(&x[p.scheme.clone()?])
        .ok()?
        .to_ascii_lowercase();
    let host = p.host.clone()?;
    let raw = &x[host.clone()];
    if !crate::modern::host::locate::is_special(&scheme) || raw.starts_with(b"[") {
        return None;
    }
    let decoded: Vec<u8> = octets::units_in(x, host.clone()).map(|u| u.value).collect();
    if decoded.is_ascii() {
        return None;
    }
    let text = std::str::from_utf8(&decoded).ok()?;
    let a = idna::domain_to_ascii(text).ok()?;
    Some((host, a))
}

/// ASCII: A-label host; every octet outside RFC 3986's characters (non-ASCII, controls, space,
/// `"` `<` `>` `` ` `` `{` `}` `|` `^`) percent-encoded. What goes into an HTTP request line.
pub(crate) fn ascii(x: &[u8]) -> Vec<u8> {
    let host = host_a_label(x);
    let mut out = Vec::with_capacity(x.len() + 16);
    let mut i = 0;
    while i < x.len() {
        if let Some((r, a)) = &host
            && r.start == i
        {
            out.extend_from_slice(a.as_bytes());
            i = r.end;
            continue;
        }
        let b = x[i];
        let keep = b.is_ascii_graphic() && !b"\"<>`{}|^".contains(&b);
        if keep {
            out.push(b);
        } else {
            octets::push_encoded(&mut out, b);
        }
        i += 1;
    }
    out
}

/// Characters a readable form never shows decoded: controls, whitespace, bidi controls and
/// the invisible (default-ignorable) ones.
fn hidden(c: char) -> bool {
    c.is_control()
        || c.is_whitespace()
        || matches!(c as u32,
            0x00AD | 0x034F | 0x061C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
            | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
            | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFB | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF)
}

/// The Unicode (U-label) form of the host, unless it is confusable with a much-spoofed domain
/// or holds a hidden character: then the A-label form stays, as the marker.
fn host_u_label(x: &[u8]) -> Option<(std::ops::Range<usize>, String)> {
    let p = tokenize(x);
    let scheme = std::str::from_utf8(&x[p.scheme.clone()?])
        .ok()?
        .to_ascii_lowercase();
    let host = p.host.clone()?;
    let raw = std::str::from_utf8(&x[host.clone()]).ok()?;
    // Only a special scheme's host is a domain name to the URL Standard.
    if !crate::modern::host::locate::is_special(&scheme)
        || !raw.to_ascii_lowercase().contains("xn--")
    {
        return None;
    }
    let (unicode, res) = idna::domain_to_unicode(raw);
    res.ok()?;
    if unicode.chars().any(hidden) {
        return None;
    }
    let ascii = raw.to_ascii_lowercase();
    if let Some(reg) = suffix::registrable(&ascii, &unicode)
        && let (Some(du), Some(da)) = (&reg.domain_unicode, &reg.domain)
        && spoof::confusable(du, da).is_some()
    {
        return None;
    }
    Some((host, unicode))
}

/// Readable: U-label host (see `host_u_label`); each run of triplets that decodes to UTF-8
/// non-ASCII characters is shown decoded unless a character is `hidden`. ASCII triplets
/// (`%20`, `%25`, the delimiters) and raw octets stay as they are.
pub(crate) fn readable(x: &[u8]) -> Vec<u8> {
    let host = host_u_label(x);
    let mut out = Vec::with_capacity(x.len());
    let mut i = 0;
    while i < x.len() {
        if let Some((r, u)) = &host
            && r.start == i
        {
            out.extend_from_slice(u.as_bytes());
            i = r.end;
            continue;
        }
        // A run of non-ASCII triplets.
        let mut j = i;
        let mut dec = Vec::new();
        while j + 2 < x.len()
            && x[j] == b'%'
            && octets::is_hex(x[j + 1])
            && octets::is_hex(x[j + 2])
        {
            let v = octets::hex_value(x[j + 1]) << 4 | octets::hex_value(x[j + 2]);
            if v < 0x80 {
                break;
            }
            dec.push(v);
            j += 3;
        }
        if dec.is_empty() {
            out.push(x[i]);
            i += 1;
            continue;
        }
        // Decode the valid characters that show; everything else stays as written.
        let mut k = i;
        for chunk in dec.utf8_chunks() {
            for c in chunk.valid().chars() {
                let n = c.len_utf8();
                if hidden(c) {
                    out.extend_from_slice(&x[k..k + 3 * n]);
                } else {
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                k += 3 * n;
            }
            let n = chunk.invalid().len();
            out.extend_from_slice(&x[k..k + 3 * n]);
            k += 3 * n;
        }
        i = j;
    }
    out
}

/// A Markdown link `[text](url)`: the destination with `(` `)` `<` `>` and spaces encoded and
/// `\` escaped; the text is the readable form with Markdown's active characters escaped.
pub(crate) fn markdown(x: &[u8]) -> Vec<u8> {
    let dest = pasteable(x);
    let mut d = String::with_capacity(dest.len() + 8);
    for c in dest.chars() {
        match c {
            '(' => d.push_str("%28"),
            ')' => d.push_str("%29"),
            '<' => d.push_str("%3C"),
            '>' => d.push_str("%3E"),
            '\\' => d.push_str("\\\\"),
            c => d.push(c),
        }
    }
    let text = pasteable(&readable(x));
    let mut t = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if "\\[]`*_<>&!".contains(c) {
            t.push('\\');
        }
        t.push(c);
    }
    format!("[{t}]({d})").into_bytes()
}

fn html_escape(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
}

/// An HTML link `<a href="…">…</a>` with `&` `"` `<` (and `>`) escaped.
pub(crate) fn html(x: &[u8]) -> Vec<u8> {
    let mut s = String::from("<a href=\"");
    html_escape(&pasteable(x), &mut s);
    s.push_str("\">");
    html_escape(&pasteable(&readable(x)), &mut s);
    s.push_str("</a>");
    s.into_bytes()
}

/// `curl 'URL'`, POSIX single-quoted (a `'` closes the quote, is escaped, and reopens it).
pub(crate) fn curl(x: &[u8]) -> Vec<u8> {
    let mut s = String::from("curl '");
    s.push_str(&pasteable(x).replace('\'', "'\\''"));
    s.push('\'');
    s.into_bytes()
}

/// A JSON string.
pub(crate) fn json(x: &[u8]) -> Vec<u8> {
    serde_json::to_vec(&pasteable(x)).expect("a string serializes")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(g: fn(&[u8]) -> Vec<u8>, x: &str) -> String {
        String::from_utf8(g(x.as_bytes())).unwrap()
    }

    #[test]
    fn wrapping_forms() {
        let x = "http://h/a b(c)?q='x'&<y>";
        assert_eq!(f(curl, x), "curl 'http://h/a%20b(c)?q='\\''x'\\''&<y>'");
        assert_eq!(f(json, x), "\"http://h/a%20b(c)?q='x'&<y>\"");
        assert_eq!(
            f(html, "http://h/?a=1&b=\"<"),
            "<a href=\"http://h/?a=1&amp;b=&quot;&lt;\">http://h/?a=1&amp;b=&quot;&lt;</a>"
        );
        assert_eq!(
            f(markdown, "http://h/(x)"),
            "[http://h/(x)](http://h/%28x%29)"
        );
    }

    #[test]
    fn ascii_and_readable() {
        assert_eq!(
            f(ascii, "https://räksmörgås.se/ä ö"),
            "https://xn--rksmrgs-5wao1o.se/%C3%A4%20%C3%B6"
        );
        assert_eq!(
            f(readable, "https://xn--rksmrgs-5wao1o.se/%C3%A4%20%c3%b6%2F"),
            "https://räksmörgås.se/ä%20ö%2F"
        );
        // An invisible character and an invalid sequence stay encoded.
        assert_eq!(
            f(readable, "http://h/%E2%80%8Bx%C3"),
            "http://h/%E2%80%8Bx%C3"
        );
        // A confusable host keeps its A-label form.
        let spoof = "https://xn--pple-43d.com/";
        assert_eq!(f(readable, spoof), spoof);
    }
}
