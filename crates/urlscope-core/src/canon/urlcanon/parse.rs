//! urlcanon's lossless parser (`parse.py`): every field keeps its exact
//! octets, so writing the fields back gives the input.

use crate::canon::ip;

/// urlcanon's `ParsedUrl`: the fields in serialization order, plus the host's numeric reading.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct UcUrl {
    pub leading_junk: Vec<u8>,
    pub scheme: Vec<u8>,
    pub colon_after_scheme: Vec<u8>,
    pub slashes: Vec<u8>,
    pub username: Vec<u8>,
    pub colon_before_password: Vec<u8>,
    pub password: Vec<u8>,
    pub at_sign: Vec<u8>,
    pub host: Vec<u8>,
    pub colon_before_port: Vec<u8>,
    pub port: Vec<u8>,
    pub path: Vec<u8>,
    pub question_mark: Vec<u8>,
    pub query: Vec<u8>,
    pub hash_sign: Vec<u8>,
    pub fragment: Vec<u8>,
    pub trailing_junk: Vec<u8>,
    pub ip4: Option<i128>,
    pub ip6: Option<u128>,
    /// Set by a form step (SSURT): what the model writes from then on.
    pub key: Option<Vec<u8>>,
}

/// urlcanon's `SPECIAL_SCHEMES` with their default ports (`file` has none).
pub(crate) fn default_port(scheme: &[u8]) -> Option<Option<&'static [u8]>> {
    Some(match scheme {
        b"ftp" => Some(b"21"),
        b"gopher" => Some(b"70"),
        b"http" | b"ws" => Some(b"80"),
        b"https" | b"wss" => Some(b"443"),
        b"file" => None,
        _ => return None,
    })
}

pub(crate) fn is_special(scheme: &[u8]) -> bool {
    default_port(scheme).is_some()
}

fn is_junk(b: u8) -> bool {
    b <= 0x20
}

fn is_tabnl(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

impl UcUrl {
    #[cfg(test)]
    pub(crate) fn parse(x: &[u8]) -> UcUrl {
        let mut u = UcUrl::default();
        u.parse_into(x);
        u
    }

    /// `parse_url`, reusing the fields' buffers.
    pub(crate) fn parse_into(&mut self, x: &[u8]) {
        for f in self.fields_mut() {
            f.clear();
        }
        self.ip4 = None;
        self.ip6 = None;
        self.key = None;
        let a = x.iter().position(|&b| !is_junk(b)).unwrap_or(x.len());
        let z = x
            .iter()
            .rposition(|&b| !is_junk(b))
            .map_or(a, |i| i + 1)
            .max(a);
        self.leading_junk.extend_from_slice(&x[..a]);
        self.trailing_junk.extend_from_slice(&x[z..]);
        let mut s = &x[a..z];
        // The scheme: a letter, then anything up to the first ':'.
        if s.first().is_some_and(u8::is_ascii_alphabetic)
            && let Some(c) = s.iter().position(|&b| b == b':')
        {
            self.scheme.extend_from_slice(&s[..c]);
            self.colon_after_scheme.push(b':');
            s = &s[c + 1..];
        }
        let p = s
            .iter()
            .position(|&b| b == b'?' || b == b'#')
            .unwrap_or(s.len());
        let (pathish, rest) = s.split_at(p);
        if let Some(after) = rest.strip_prefix(b"?") {
            self.question_mark.push(b'?');
            let q = after.iter().position(|&b| b == b'#').unwrap_or(after.len());
            self.query.extend_from_slice(&after[..q]);
            if q < after.len() {
                self.hash_sign.push(b'#');
                self.fragment.extend_from_slice(&after[q + 1..]);
            }
        } else if let Some(after) = rest.strip_prefix(b"#") {
            self.hash_sign.push(b'#');
            self.fragment.extend_from_slice(after);
        }
        if !pathish.is_empty() {
            let pathish = pathish.to_vec();
            self.parse_pathish(&pathish);
        }
    }

    /// `parse_pathish`: the part after the scheme, split as the scheme's kind wants.
    pub(crate) fn parse_pathish(&mut self, pathish: &[u8]) {
        let clean: Vec<u8> = self
            .scheme
            .iter()
            .filter(|&&b| !is_tabnl(b))
            .map(u8::to_ascii_lowercase)
            .collect();
        let slash_or_back = |b: u8| b == b'/' || b == b'\\';
        if clean == b"file" {
            match two_slashes(pathish, true) {
                Some(n) => {
                    let rest = &pathish[n..];
                    let h = rest
                        .iter()
                        .position(|&b| slash_or_back(b))
                        .unwrap_or(rest.len());
                    self.slashes = pathish[..n].to_vec();
                    self.host = rest[..h].to_vec();
                    self.path = rest[h..].to_vec();
                }
                None => self.path = pathish.to_vec(),
            }
            return;
        }
        let (n, auth_end_at) = if is_special(&clean) {
            let n = pathish
                .iter()
                .position(|&b| !(slash_or_back(b) || is_tabnl(b)))
                .unwrap_or(pathish.len());
            (n, slash_or_back as fn(u8) -> bool)
        } else {
            match two_slashes(pathish, false) {
                Some(n) => (n, (|b| b == b'/') as fn(u8) -> bool),
                None => {
                    self.path = pathish.to_vec();
                    return;
                }
            }
        };
        let rest = &pathish[n..];
        let e = rest
            .iter()
            .position(|&b| auth_end_at(b))
            .unwrap_or(rest.len());
        // A re-split (`default_scheme_http`) overwrites every authority field.
        for f in [
            &mut self.username,
            &mut self.colon_before_password,
            &mut self.password,
            &mut self.at_sign,
            &mut self.colon_before_port,
            &mut self.port,
        ] {
            f.clear();
        }
        self.slashes = pathish[..n].to_vec();
        self.path = rest[e..].to_vec();
        self.parse_authority(&rest[..e]);
    }

    /// `AUTHORITY_REGEX`: userinfo to the last '@' (user and password split at its first ':'),
    /// a bracketed host followed by ':' or the end, else a host up to the first ':'.
    fn parse_authority(&mut self, auth: &[u8]) {
        let hostport = match auth.iter().rposition(|&b| b == b'@') {
            Some(at) => {
                let userinfo = &auth[..at];
                match userinfo.iter().position(|&b| b == b':') {
                    Some(c) => {
                        self.username = userinfo[..c].to_vec();
                        self.colon_before_password = b":".to_vec();
                        self.password = userinfo[c + 1..].to_vec();
                    }
                    None => self.username = userinfo.to_vec(),
                }
                self.at_sign = b"@".to_vec();
                &auth[at + 1..]
            }
            None => auth,
        };
        let bracketed = if hostport.first() == Some(&b'[') {
            hostport
                .iter()
                .position(|&b| b == b']')
                .map(|i| i + 1)
                .filter(|&e| e == hostport.len() || hostport[e] == b':')
        } else {
            None
        };
        let h = bracketed.unwrap_or_else(|| {
            hostport
                .iter()
                .position(|&b| b == b':')
                .unwrap_or(hostport.len())
        });
        self.host = hostport[..h].to_vec();
        if h < hostport.len() {
            self.colon_before_port = b":".to_vec();
            self.port = hostport[h + 1..].to_vec();
        }
        self.reparse_ip();
    }

    /// `parse_ipv4or6` of the host.
    pub(crate) fn reparse_ip(&mut self) {
        let h = &self.host;
        if h.len() >= 2 && h[0] == b'[' && h[h.len() - 1] == b']' {
            self.ip4 = None;
            self.ip6 = ip::py_ipv6(&h[1..h.len() - 1]);
        } else {
            self.ip4 = ip::uc_ipv4(h);
            self.ip6 = None;
        }
    }

    pub(crate) fn fields_mut(&mut self) -> [&mut Vec<u8>; 17] {
        [
            &mut self.leading_junk,
            &mut self.scheme,
            &mut self.colon_after_scheme,
            &mut self.slashes,
            &mut self.username,
            &mut self.colon_before_password,
            &mut self.password,
            &mut self.at_sign,
            &mut self.host,
            &mut self.colon_before_port,
            &mut self.port,
            &mut self.path,
            &mut self.question_mark,
            &mut self.query,
            &mut self.hash_sign,
            &mut self.fragment,
            &mut self.trailing_junk,
        ]
    }

    pub(crate) fn fields(&self) -> [&[u8]; 17] {
        [
            &self.leading_junk,
            &self.scheme,
            &self.colon_after_scheme,
            &self.slashes,
            &self.username,
            &self.colon_before_password,
            &self.password,
            &self.at_sign,
            &self.host,
            &self.colon_before_port,
            &self.port,
            &self.path,
            &self.question_mark,
            &self.query,
            &self.hash_sign,
            &self.fragment,
            &self.trailing_junk,
        ]
    }

    /// `bytes(parsed)`.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        for f in self.fields() {
            out.extend_from_slice(f);
        }
    }

    #[cfg(test)]
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut v = Vec::new();
        self.write(&mut v);
        v
    }

    /// The authority is non-empty (`url.authority` is truthy).
    pub(crate) fn has_authority(&self) -> bool {
        !(self.username.is_empty()
            && self.colon_before_password.is_empty()
            && self.password.is_empty()
            && self.at_sign.is_empty()
            && self.host.is_empty()
            && self.colon_before_port.is_empty()
            && self.port.is_empty())
    }
}

/// The length of a run of exactly two slashes (`\` too if `back`), tabs and newlines allowed
/// around them, at the start of `s`.
fn two_slashes(s: &[u8], back: bool) -> Option<usize> {
    let mut i = 0;
    let skip = |i: &mut usize| {
        while *i < s.len() && is_tabnl(s[*i]) {
            *i += 1;
        }
    };
    skip(&mut i);
    for _ in 0..2 {
        let b = *s.get(i)?;
        if !(b == b'/' || (back && b == b'\\')) {
            return None;
        }
        i += 1;
        skip(&mut i);
    }
    Some(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing_is_lossless() {
        for x in [
            &b" http://u:p@a.com:80/p?q#f "[..],
            b"www.a.com/p?x=http://y",
            b"//a.com/p",
            b"file:\\\\h\\p",
            b"http://[::1]x:8/",
            b"",
            b"\x00",
        ] {
            assert_eq!(UcUrl::parse(x).to_bytes(), x);
        }
    }

    #[test]
    fn colon_rule() {
        let u = UcUrl::parse(b"www.a.com/p?x=http://y");
        assert_eq!(u.scheme, b"www.a.com/p?x=http");
        assert_eq!(u.host, b"y");
    }
}
