//! Defanged links, the form security tickets and threat reports write so that nobody opens a
//! link by accident: `hxxps://evil[.]example/login`. [`defang`] writes it; [`refang`] reads it
//! back (`hxxp`, `hxxps`, `fxp`, `[.]`, `(.)`, `{.}`, `[:]`, `[://]`, `[@]`, `[dot]`, `[at]`), so
//! that a defanged link is accepted wherever a link is.
//!
//! A text is taken for defanged only when its front says so: a defanged scheme (`hxxp:`,
//! `https[:]`, `http[://]`), or a mark in its host (`evil[.]example`, before the first `/`, `?`
//! or `#` of the authority). A `(.)` or `[:]` further on, in a path or a query, is left alone.
//!
//! Even then the text is read back only when that helps: when the text as given is no URL
//! ([`is_url`]: the URL Standard's parser rejects it, its scheme is a defanged one, or its host
//! or mail domain is no DNS name) and the text read back is one. So `http://[:]`, an IPv6
//! literal the parser rejects, stays as it is rather than becoming `http://:`; and an IPv6
//! literal (`[::1]`) is never read as marks.
//!
//! The defanged form changes the scheme (`http` → `hxxp`, `https` → `hxxps`, `ftp` → `fxp`, the
//! `x`s in the case of the first letter: `HTTP` → `HXXP`) and every dot of the host (`[.]`); the
//! rest of the link is kept as it is, so refanging gives the link back octet for octet. A scheme
//! in a case the `x`s cannot carry (`hTTp`) is kept, and its colon marked (`hTTp[:]//`).

/// The defanged form of `url`.
pub fn defang(url: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(url.len() + 8);
    let colon = scheme_end(url);
    let mut rest = url;
    if let Some(c) = colon {
        let scheme = &url[..c];
        match fake_scheme_for(scheme) {
            Some(fake) => {
                out.extend_from_slice(&fake);
                rest = &url[c..];
            }
            // A scheme defanging renames, in a case its `x`s cannot carry (`hTTp`): kept as
            // written, its colon marked instead.
            None if SCHEMES
                .iter()
                .any(|(_, real)| scheme.eq_ignore_ascii_case(real)) =>
            {
                out.extend_from_slice(scheme);
                out.extend_from_slice(b"[:]");
                rest = &url[c + 1..];
            }
            None => {
                out.extend_from_slice(scheme);
                rest = &url[c..];
            }
        }
    }
    let (host_start, host_end) = host_span(rest);
    out.extend_from_slice(&rest[..host_start]);
    for &b in &rest[host_start..host_end] {
        if b == b'.' {
            out.extend_from_slice(b"[.]");
        } else {
            out.push(b);
        }
    }
    out.extend_from_slice(&rest[host_end..]);
    out
}

/// Where the host is in `rest` (the link from its scheme's `:` on, or the whole link when it has
/// no scheme): after `//` and any userinfo, up to the port, path, query or fragment; for a link
/// without `//` (`mailto:`), the part after the last `@` up to `?`.
fn host_span(rest: &[u8]) -> (usize, usize) {
    let after = rest.strip_prefix(b":").map_or(0, |_| 1);
    let body = &rest[after..];
    if let Some(auth) = body.strip_prefix(b"//") {
        let start = after + 2;
        let end = auth
            .iter()
            .position(|b| matches!(b, b'/' | b'?' | b'#' | b'\\'))
            .unwrap_or(auth.len());
        let at = auth[..end]
            .iter()
            .rposition(|&b| b == b'@')
            .map_or(0, |p| p + 1);
        let host = &auth[at..end];
        let port = if host.starts_with(b"[") {
            host.iter()
                .position(|&b| b == b']')
                .map_or(host.len(), |p| p + 1)
        } else {
            host.iter().position(|&b| b == b':').unwrap_or(host.len())
        };
        return (start + at, start + at + port);
    }
    if after == 1 {
        let end = body.iter().position(|&b| b == b'?').unwrap_or(body.len());
        if let Some(at) = body[..end].iter().rposition(|&b| b == b'@') {
            return (after + at + 1, after + end);
        }
        return (rest.len(), rest.len());
    }
    // No scheme (`www.example.com/x`): the host runs to the first `/`, `?` or `#`.
    let end = body
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#' | b':'))
        .unwrap_or(body.len());
    (0, end)
}

/// The length of the scheme when `url` starts with one (`letter *(alnum / + / - / .) ":"`).
fn scheme_end(url: &[u8]) -> Option<usize> {
    let c = url.iter().position(|&b| b == b':')?;
    (c > 0
        && url[0].is_ascii_alphabetic()
        && url[..c]
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
    .then_some(c)
}

/// The defanged forms read back, in words (for the messages that say a link was refanged).
pub(crate) const FORMS: &str = "`hxxp`, `hxxps`, `fxp` → `http`, `https`, `ftp`; `[.]`, `(.)`, `{.}`, \
                         `[dot]` → `.`; `[:]` → `:`; `[://]` → `://`; `[@]`, `[at]` → `@`";

/// The marks a defanged link uses, and what each stands for (matched ASCII case-insensitively).
const MARKS: [(&[u8], &[u8]); 8] = [
    (b"[://]", b"://"),
    (b"[.]", b"."),
    (b"(.)", b"."),
    (b"{.}", b"."),
    (b"[dot]", b"."),
    (b"[:]", b":"),
    (b"[@]", b"@"),
    (b"[at]", b"@"),
];

/// The schemes a defanged link writes, and the real ones.
const SCHEMES: [(&[u8], &[u8]); 3] = [(b"hxxps", b"https"), (b"hxxp", b"http"), (b"fxp", b"ftp")];

/// The real scheme of a defanged one as written (`fake` is one of [`SCHEMES`]' in any case): its
/// letters as written, each `x` a `t` in the case of the first letter — `hXXps` is `https`, as
/// threat reports mean it, and `HXXPS` is `HTTPS`.
fn real_scheme(fake: &[u8]) -> Vec<u8> {
    let upper = fake.first().is_some_and(u8::is_ascii_uppercase);
    fake.iter()
        .map(|&b| match b {
            b'x' | b'X' if upper => b'T',
            b'x' | b'X' => b't',
            _ => b,
        })
        .collect()
}

/// The defanged form of `scheme` when defanging renames it and [`real_scheme`] gives it back
/// octet for octet: its `t`s become `x`s in the case of its first letter (`httPs` → `hxxPs`).
fn fake_scheme_for(scheme: &[u8]) -> Option<Vec<u8>> {
    let (fake, _) = SCHEMES
        .iter()
        .find(|(_, real)| scheme.eq_ignore_ascii_case(real))?;
    let upper = scheme.first().is_some_and(u8::is_ascii_uppercase);
    let written: Vec<u8> = scheme
        .iter()
        .zip(fake.iter())
        .map(|(&s, &f)| match f {
            b'x' if upper => b'X',
            b'x' => b'x',
            _ => s,
        })
        .collect();
    (real_scheme(&written) == scheme).then_some(written)
}

/// The octets that open every mark (`[.]`, `(.)`, `{.}`, …): a text without one of them is
/// defanged only by its scheme.
pub const MARK_OPENERS: [u8; 3] = [b'[', b'(', b'{'];

/// The link a defanged text stands for, or `None` when `text` is not defanged (then it is read
/// as it is; see the module docs for when it is).
pub fn refang(text: &[u8]) -> Option<Vec<u8>> {
    let [a, b, c] = MARK_OPENERS;
    refang_scanned(text, memchr::memchr3(a, b, c, text).is_some())
}

/// [`refang`] for a caller that has already looked for [`MARK_OPENERS`] in `text` (a batch scans
/// a whole block of records for them at once): `has_opener` says whether `text` holds one.
#[inline]
pub fn refang_scanned(text: &[u8], has_opener: bool) -> Option<Vec<u8>> {
    if !may_be_defanged(text, has_opener) {
        return None;
    }
    refang_marked(text)
}

/// Can `text`, which holds a mark opener when `has_opener` says so, be defanged? No settles it
/// ([`refang_scanned`] gives `None`); yes asks the whole test.
#[inline]
pub fn may_be_defanged(text: &[u8], has_opener: bool) -> bool {
    // Without an opener, a look at the front settles the link (normalize asks this of every
    // record, and the host test allocates).
    has_opener || fake_scheme(text)
}

/// The rest of [`refang`], for a text that holds an opener or a defanged scheme.
#[inline(never)]
fn refang_marked(text: &[u8]) -> Option<Vec<u8>> {
    if !looks_defanged(text) {
        return None;
    }
    let read = refang_marks(text)?;
    (!is_url(text) && is_url(&read)).then_some(read)
}

/// Is `text` a URL as it is written: does the URL Standard's parser (the `url` crate) accept
/// it — with `http://` in front when it has no scheme, as a link in prose is read — under a
/// scheme that is not a defanged one, with a host (or a `mailto:` domain) that is a DNS name
/// (letters, digits, `-`, `_` and dots once IDNA has made it ASCII; RFC 1123 §2.1), and a path
/// without `[` or `]` (RFC 3986 §3.3: no path character)?
pub(crate) fn is_url(text: &[u8]) -> bool {
    let text = String::from_utf8_lossy(text);
    let parsed = if scheme_end(text.as_bytes()).is_some() {
        url::Url::parse(&text)
    } else {
        url::Url::parse(&format!("http://{text}"))
    };
    let Ok(u) = parsed else {
        return false;
    };
    let dns_name = |d: &str| {
        !d.is_empty()
            && d.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
    };
    let fake = SCHEMES
        .iter()
        .any(|(fake, _)| u.scheme().as_bytes().eq_ignore_ascii_case(fake));
    let host_ok = match u.host() {
        Some(url::Host::Domain(d)) => dns_name(d),
        _ => true,
    };
    let path = u.path();
    let mail_ok = u.scheme() != "mailto"
        || path
            .rsplit_once('@')
            .is_none_or(|(_, domain)| dns_name(domain));
    !fake && host_ok && mail_ok && !path.contains(['[', ']'])
}

/// The length of the IPv6 (or IPvFuture) literal at the start of `rest`, brackets included,
/// when there is one (RFC 3986 §3.2.2): it is copied as it is, never read as marks.
fn ip_literal(rest: &[u8]) -> Option<usize> {
    let close = rest.iter().position(|&b| b == b']')?;
    let inner = std::str::from_utf8(&rest[1..close]).ok()?;
    let future = inner.starts_with(['v', 'V']) && inner.contains('.');
    (future || inner.parse::<std::net::Ipv6Addr>().is_ok()).then_some(close + 1)
}

/// Does `text` start with a defanged scheme (`hxxp:`, `hxxps[`, `fxp:`)?
#[inline]
fn fake_scheme(text: &[u8]) -> bool {
    // All three write an `x` second: one look settles nearly every link.
    if text.get(1).is_none_or(|b| !b.eq_ignore_ascii_case(&b'x')) {
        return false;
    }
    fake_scheme_named(text)
}

/// [`fake_scheme`] past its first look.
#[inline(never)]
fn fake_scheme_named(text: &[u8]) -> bool {
    SCHEMES.iter().any(|(fake, _)| {
        text.len() > fake.len()
            && text[..fake.len()].eq_ignore_ascii_case(fake)
            && matches!(text[fake.len()], b':' | b'[')
    })
}

/// Does the front of `text` say it is defanged: a defanged scheme, or a mark in the host?
fn looks_defanged(text: &[u8]) -> bool {
    let fake_scheme = fake_scheme(text);
    let colon_mark = text.iter().position(|&b| b == b'[').is_some_and(|i| {
        i > 0
            && scheme_end(&[&text[..i], b":"].concat()) == Some(i)
            && (text[i..].starts_with(b"[:]") || text[i..].starts_with(b"[://]"))
    });
    if fake_scheme || colon_mark {
        return true;
    }
    // The host: after `://` (or from the start), up to the first `/`, `?` or `#`.
    let start = memchr::memmem::find(text, b"://").map_or(0, |p| p + 3);
    let end = text[start..]
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .map_or(text.len(), |p| start + p);
    let host = text[start..end].to_ascii_lowercase();
    MARKS
        .iter()
        .any(|(mark, real)| *real != b"://" && memchr::memmem::find(&host, mark).is_some())
}

/// Every mark of `text` read back, and a defanged scheme in front; `None` when nothing changed.
fn refang_marks(text: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    let mut changed = false;
    let mut i = 0;
    for (fake, _) in SCHEMES {
        let tail = text.get(fake.len()..).unwrap_or_default();
        if text.len() > fake.len()
            && text[..fake.len()].eq_ignore_ascii_case(fake)
            && (tail.starts_with(b":") || tail.starts_with(b"[:") || tail.starts_with(b"[://"))
        {
            out.extend_from_slice(&real_scheme(&text[..fake.len()]));
            i = fake.len();
            changed = true;
            break;
        }
    }
    'scan: while i < text.len() {
        // A defanged link inside the link (`?u=hxxps://…`, a wrapper's target) is read back
        // too: a defanged scheme after a byte that cannot end a scheme name.
        if i > 0
            && !text[i - 1].is_ascii_alphanumeric()
            && let Some(len) = nested_scheme(&text[i..])
        {
            out.extend_from_slice(&real_scheme(&text[i..i + len]));
            i += len;
            changed = true;
            continue;
        }
        // An IP literal where a host starts (after `//` or the userinfo's `@`) is the host.
        if text[i] == b'['
            && (text[..i].ends_with(b"//") || text[..i].ends_with(b"@"))
            && let Some(n) = ip_literal(&text[i..])
        {
            out.extend_from_slice(&text[i..i + n]);
            i += n;
            continue;
        }
        if matches!(text[i], b'[' | b'(' | b'{') {
            for (mark, real) in MARKS {
                if text[i..]
                    .get(..mark.len())
                    .is_some_and(|m| m.eq_ignore_ascii_case(mark))
                {
                    out.extend_from_slice(real);
                    i += mark.len();
                    changed = true;
                    continue 'scan;
                }
            }
        }
        out.push(text[i]);
        i += 1;
    }
    changed.then_some(out)
}

/// A defanged scheme at the start of `rest` that a `://`, `[:]//` or `[://]` follows: its
/// length.
fn nested_scheme(rest: &[u8]) -> Option<usize> {
    SCHEMES.iter().find_map(|(fake, _)| {
        let tail = rest.get(fake.len()..)?;
        (rest[..fake.len()].eq_ignore_ascii_case(fake)
            && (tail.starts_with(b"://")
                || tail.starts_with(b"[:]//")
                || tail.starts_with(b"[://]")))
        .then_some(fake.len())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(u: &str) -> String {
        String::from_utf8(defang(u.as_bytes())).unwrap()
    }

    #[test]
    fn defang_then_refang_gives_the_link_back_in_any_case() {
        // Found by fuzzing: `httPs://…` came back as `https://…`.
        for link in [
            "httPs://www.amazon.com/gp/product/0802111033?n=283155",
            "HTTP://A.EXAMPLE/",
            "Https://a.example/",
            "hTTp://a.example/",
            "HtTpS://a.example/x.y",
            "FTP://f.example/",
            "fTp://f.example/",
        ] {
            let d = defang(link.as_bytes());
            assert_eq!(
                refang(&d).as_deref(),
                Some(link.as_bytes()),
                "{link} → {}",
                String::from_utf8_lossy(&d)
            );
        }
        assert_eq!(d("HTTP://A.EXAMPLE/"), "HXXP://A[.]EXAMPLE/");
        assert_eq!(d("httPs://a.b/"), "hxxPs://a[.]b/");
        assert_eq!(d("hTTp://a.b/"), "hTTp[:]//a[.]b/");
    }

    #[test]
    fn defanged_forms() {
        assert_eq!(
            d("https://evil.example/a.php?x=1.2"),
            "hxxps://evil[.]example/a.php?x=1.2"
        );
        assert_eq!(
            d("http://user.name@www.evil.example:8080/"),
            "hxxp://user.name@www[.]evil[.]example:8080/"
        );
        assert_eq!(d("ftp://[::1]/x.y"), "fxp://[::1]/x.y");
        assert_eq!(
            d("mailto:a.b@c.example?s=x.y"),
            "mailto:a.b@c[.]example?s=x.y"
        );
        assert_eq!(d("www.example.com/x.y"), "www[.]example[.]com/x.y");
    }

    #[test]
    fn refanged_forms() {
        for (fanged, real) in [
            ("hxxps://evil[.]example/login", "https://evil.example/login"),
            ("hXXp://a(.)b{.}c[dot]d/", "http://a.b.c.d/"),
            ("hxxps[://]x[.]example", "https://x.example"),
            ("https[:]//x[.]example", "https://x.example"),
            ("fxp://f[.]example/", "ftp://f.example/"),
            ("mailto:a[@]b[.]example", "mailto:a@b.example"),
        ] {
            assert_eq!(
                refang(fanged.as_bytes()).as_deref(),
                Some(real.as_bytes()),
                "{fanged}"
            );
        }
        // A defanged link inside one (a wrapper's target) is read back too.
        assert_eq!(
            refang(b"hxxps://r[.]example/?u=hXXp[:]//b(.)example/&v=hxxp").as_deref(),
            Some(&b"https://r.example/?u=http://b.example/&v=hxxp"[..])
        );
        assert_eq!(refang(b"http://ahxxp://b"), None);
        assert_eq!(refang(b"https://plain.example/"), None);
        // Marks after the host are content, unless the front says the text is defanged.
        assert_eq!(refang(b"https://x.example/a(.)b?q=[:]"), None);
        assert_eq!(refang(b"x(.)y"), Some(b"x.y".to_vec()));
    }

    #[test]
    fn refanged_only_where_it_helps() {
        // An IPv6 literal the parser rejects is not a defanged `:`.
        assert_eq!(refang(b"http://[:]"), None);
        assert_eq!(refang(b"http://[:]/x"), None);
        // An IPv6 literal is the host, never marks; the marks after it are read.
        assert_eq!(
            refang(b"hxxp://[::1]:8080/a[.]b").as_deref(),
            Some(&b"http://[::1]:8080/a.b"[..])
        );
        assert_eq!(
            refang(b"hxxp://u[@][2001:db8::1]/").as_deref(),
            Some(&b"http://u@[2001:db8::1]/"[..])
        );
        // A URL as written stays one.
        assert_eq!(refang(b"http://[::1]/"), None);
        assert_eq!(refang(b"https://x.example/a[.]b?q=(.)"), None);
        // A host the parser takes but DNS cannot hold is defanged.
        assert_eq!(
            refang(b"https://evil(.)example/").as_deref(),
            Some(&b"https://evil.example/"[..])
        );
        // Read back, it must be a URL.
        assert_eq!(refang(b"hxxp://[:]"), None);
        assert!(is_url(b"www.example.com/x"));
        assert!(!is_url(b"www[.]example[.]com/x"));
        assert!(!is_url(b"mailto:a[@]b[.]example"));
        assert!(!is_url(b"hxxps://evil.example/"));
        assert!(is_url(b"https://x.example/?a[]=1"));
    }

    #[test]
    fn the_quick_test_agrees_with_the_whole_one() {
        // Every text `refang` settles early is one the whole test calls not defanged.
        let forms = [
            "",
            "h",
            "hx",
            "hxxp",
            "hxxp:",
            "HXXPS:x",
            "hxxps[",
            "fxp:",
            "Fxp[",
            "fxpx",
            "http:",
            "hxtp://a",
            "xhxxp://a",
            "https://a.b/c",
            "ftp://a",
            "www.x.y",
            "a(.)b",
            "{.}",
            "[:]",
            "h[.]",
            "https://a{.}b/",
            "x:y",
            "hxxp",
            "https[://]a",
            "mailto:a[at]b",
        ];
        for f in forms {
            let whole = if looks_defanged(f.as_bytes()) {
                refang_marks(f.as_bytes()).filter(|r| !is_url(f.as_bytes()) && is_url(r))
            } else {
                None
            };
            assert_eq!(refang(f.as_bytes()), whole, "{f}");
            // A caller's own scan for the openers settles the same texts.
            let has_opener = f.bytes().any(|b| MARK_OPENERS.contains(&b));
            assert_eq!(refang_scanned(f.as_bytes(), has_opener), whole, "{f}");
        }
    }

    #[test]
    fn refang_undoes_defang() {
        for u in [
            "https://evil.example/a.php",
            "http://u@a.b.c:81/x?y=z#f",
            "ftp://f.example/pub/x.tar.gz",
            "mailto:x@y.example",
        ] {
            let back = refang(&defang(u.as_bytes())).unwrap_or_else(|| u.as_bytes().to_vec());
            assert_eq!(String::from_utf8(back).unwrap(), u);
        }
    }
}
