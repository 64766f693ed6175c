//! The two parts libcurl's URL API has and the URL Standard has not: an IPv6 address's zone id
//! (`[fe80::1%eth0]`, RFC 6874, `CURLUPART_ZONEID`) and the login options of an IMAP, POP3 or
//! SMTP URL (`imap://user:secret;AUTH=*@host`, RFC 5092 §3.2, `CURLUPART_OPTIONS`). The WHATWG
//! parser rejects the first and encodes the second's `;`, so `urlscope trurl` takes both out
//! before the URL is read and puts them back where libcurl writes them.

use urlscope_core::tokenize;

/// The schemes whose userinfo libcurl reads login options from (its protocols with
/// `PROTOPT_URLOPTIONS`).
const WITH_OPTIONS: [&[u8]; 6] = [b"imap", b"imaps", b"pop3", b"pop3s", b"smtp", b"smtps"];

/// A URL's zone id and login options, as written (triplets kept).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extra {
    pub zone: Option<Vec<u8>>,
    pub options: Option<Vec<u8>>,
}

/// `x` without its zone id and login options, and those.
pub fn take(x: &[u8]) -> (Vec<u8>, Extra) {
    let mut out = x.to_vec();
    let mut extra = Extra::default();
    let p = tokenize(x);
    // The later part first, so the earlier one's offsets still hold.
    if let Some(h) = p.host.clone()
        && x[h.clone()].starts_with(b"[")
        && x[h.clone()].ends_with(b"]")
        && let Some(pct) = memchr::memchr(b'%', &x[h.clone()])
    {
        let (from, to) = (h.start + pct, h.end - 1);
        let zone = &x[from + 1..to];
        // `%25` is the zone's delimiter written as RFC 6874 asks; libcurl also takes a bare `%`.
        let zone = zone
            .strip_prefix(b"25")
            .filter(|z| !z.is_empty())
            .unwrap_or(zone);
        if !zone.is_empty() {
            extra.zone = Some(zone.to_vec());
            out.drain(from..to);
        }
    }
    let scheme = p.scheme.map(|s| x[s].to_ascii_lowercase());
    if let (Some(s), Some(user)) = (scheme, p.user.clone())
        && WITH_OPTIONS.contains(&s.as_slice())
    {
        let end = p.password.clone().map_or(user.end, |pw| pw.end);
        let info = &x[user.start..end];
        if let Some(semi) = memchr::memchr(b';', info) {
            // `user;options:password` or `user:password;options`.
            let colon = memchr::memchr(b':', info).filter(|&c| c > semi);
            let stop = colon.unwrap_or(info.len());
            extra.options = Some(info[semi + 1..stop].to_vec());
            out.drain(user.start + semi..user.start + stop);
        }
    }
    (out, extra)
}

/// `url` (serialized, without them) with `extra` put back as libcurl writes them: `;options`
/// at the end of the userinfo, `%25zone` before the address's `]`.
pub fn put(url: Vec<u8>, extra: &Extra) -> Vec<u8> {
    let mut out = url;
    if let Some(zone) = &extra.zone {
        let p = tokenize(&out);
        if let Some(h) = p.host.filter(|h| out[h.clone()].ends_with(b"]")) {
            let at = h.end - 1;
            out.splice(at..at, [b"%25".as_slice(), zone].concat());
        }
    }
    if let Some(options) = &extra.options {
        let p = tokenize(&out);
        if let Some(user) = p.user {
            let at = p.password.map_or(user.end, |pw| pw.end);
            out.splice(at..at, [b";".as_slice(), options].concat());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_and_options_out_and_back() {
        let x = b"imap://user:password;crazy@[ff00::1234%hello]:1234/p";
        let (bare, extra) = take(x);
        assert_eq!(bare, b"imap://user:password@[ff00::1234]:1234/p");
        assert_eq!(extra.zone.as_deref(), Some(&b"hello"[..]));
        assert_eq!(extra.options.as_deref(), Some(&b"crazy"[..]));
        assert_eq!(
            put(bare, &extra),
            b"imap://user:password;crazy@[ff00::1234%25hello]:1234/p"
        );
        let (bare, extra) = take(b"https://[fe80::1%25eth0]:8080/");
        assert_eq!(bare, b"https://[fe80::1]:8080/");
        assert_eq!(extra.zone.as_deref(), Some(&b"eth0"[..]));
        // Options before the password; none outside the mail schemes.
        let (bare, extra) = take(b"imap://u;AUTH=*:pw@h/");
        assert_eq!(
            (bare.as_slice(), extra.options.as_deref()),
            (&b"imap://u:pw@h/"[..], Some(&b"AUTH=*"[..]))
        );
        assert_eq!(take(b"sftp://u:p;x@h/").1, Extra::default());
    }
}
