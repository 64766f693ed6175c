//! The URL record (URL Standard §4.1 "URL representation"), the URL serializer (§4.5) and the
//! getters of the URL class (§6.1) that read it.

use std::fmt::Write as _;

use super::host::Host;

/// A URL's path: an opaque path (one string) or a list of segments.
///
/// A list is kept as its own serialization, "/" followed by each segment: the standard's list
/// « "a", "b" » is the text `/a/b`, the empty list is the empty text. A segment never holds a
/// `/` (the path state ends a segment there), so the text splits back into the list exactly,
/// and shortening the path is one truncation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path {
    pub(crate) text: String,
    pub(crate) opaque: bool,
}

impl Path {
    /// An empty list of segments.
    pub fn new_list() -> Path {
        Path::default()
    }

    /// An opaque path holding `text`.
    pub fn opaque(text: &str) -> Path {
        Path {
            text: text.to_owned(),
            opaque: true,
        }
    }

    /// Whether this is an opaque path (§4.2 "has an opaque path").
    pub fn is_opaque(&self) -> bool {
        self.opaque
    }

    /// The URL path serializer's output (§4.5): the opaque path itself, or "/" followed by
    /// each segment.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The segments of a list (an opaque path yields nothing).
    pub fn segments(&self) -> impl Iterator<Item = &str> {
        let list = if self.opaque || self.text.is_empty() {
            ""
        } else {
            &self.text[1..]
        };
        list.split('/').take(self.len())
    }

    /// The number of segments of a list (0 for an opaque path).
    pub fn len(&self) -> usize {
        if self.opaque {
            0
        } else {
            self.text.bytes().filter(|&b| b == b'/').count()
        }
    }

    /// Whether a list path has no segment (an opaque path counts as not empty).
    pub fn is_empty(&self) -> bool {
        !self.opaque && self.text.is_empty()
    }

    /// The first segment of a list, if any.
    pub fn first(&self) -> Option<&str> {
        if self.opaque || self.text.is_empty() {
            return None;
        }
        let rest = &self.text[1..];
        Some(rest.split('/').next().unwrap_or(rest))
    }

    /// Appends a segment to a list.
    pub(crate) fn push(&mut self, segment: &str) {
        self.text.push('/');
        self.text.push_str(segment);
    }

    /// Removes the last segment of a list, if any.
    pub(crate) fn pop(&mut self) {
        if let Some(i) = self.text.rfind('/') {
            self.text.truncate(i);
        }
    }

    /// Empties the path as a list.
    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.opaque = false;
    }
}

/// The special schemes and their default ports (§4.2 "URL miscellaneous").
pub(super) fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

/// Whether `scheme` is a special scheme.
pub(super) fn is_special_scheme(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// A URL record. Fields are read through the accessors; the parser and the setters write them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Url {
    pub(crate) scheme: String,
    pub(crate) username: String,
    pub(crate) password: String,
    pub(crate) host: Option<Host>,
    pub(crate) port: Option<u16>,
    pub(crate) path: Path,
    pub(crate) query: Option<String>,
    pub(crate) fragment: Option<String>,
}

impl Url {
    /// The scheme, lowercase, without the `:`.
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// The host record (null is `None`).
    pub fn host_record(&self) -> Option<&Host> {
        self.host.as_ref()
    }

    /// The port record (null, or the scheme's default port, is `None`).
    pub fn port_number(&self) -> Option<u16> {
        self.port
    }

    /// The path record.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The query record, without the `?` (null is `None`).
    pub fn query(&self) -> Option<&str> {
        self.query.as_deref()
    }

    /// The fragment record, without the `#` (null is `None`).
    pub fn fragment(&self) -> Option<&str> {
        self.fragment.as_deref()
    }

    /// Whether the scheme is special.
    pub fn is_special(&self) -> bool {
        is_special_scheme(&self.scheme)
    }

    /// Whether the username or password is not empty (§4.2 "includes credentials").
    pub fn includes_credentials(&self) -> bool {
        !self.username.is_empty() || !self.password.is_empty()
    }

    /// §4.2 "cannot have a username/password/port": a null or empty host, or scheme "file".
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host, None | Some(Host::Empty)) || self.scheme == "file"
    }

    /// Whether the URL serializer writes `/.` before the path (§4.5 step 3): no host, a list
    /// path of more than one segment whose first is empty. Without it `web+demo:/.//p` would
    /// serialize as `web+demo://p`, whose `p` reads back as a host.
    pub fn needs_path_dot(&self) -> bool {
        self.host.is_none()
            && !self.path.opaque
            && self.path.text.starts_with("//")
            && self.path.len() > 1
    }

    /// The URL serializer (§4.5), appending to `out`; `exclude_fragment` as the standard's.
    pub fn serialize_into(&self, out: &mut String, exclude_fragment: bool) {
        out.push_str(&self.scheme);
        out.push(':');
        if let Some(host) = &self.host {
            out.push_str("//");
            if self.includes_credentials() {
                out.push_str(&self.username);
                if !self.password.is_empty() {
                    out.push(':');
                    out.push_str(&self.password);
                }
                out.push('@');
            }
            host.serialize(out);
            if let Some(port) = self.port {
                let _ = write!(out, ":{port}");
            }
        }
        if self.needs_path_dot() {
            out.push_str("/.");
        }
        out.push_str(&self.path.text);
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        if !exclude_fragment && let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
    }

    /// The `href` getter: the URL serializer's output.
    pub fn href(&self) -> String {
        let mut out = String::with_capacity(self.estimated_len());
        self.serialize_into(&mut out, false);
        out
    }

    fn estimated_len(&self) -> usize {
        self.scheme.len()
            + self.username.len()
            + self.password.len()
            + self.path.text.len()
            + self.query.as_ref().map_or(0, |q| q.len() + 1)
            + self.fragment.as_ref().map_or(0, |f| f.len() + 1)
            + 32
    }

    /// The `protocol` getter: the scheme followed by `:`.
    pub fn protocol(&self) -> String {
        format!("{}:", self.scheme)
    }

    /// The `username` getter.
    pub fn username(&self) -> &str {
        &self.username
    }

    /// The `password` getter.
    pub fn password(&self) -> &str {
        &self.password
    }

    /// The `host` getter: the serialized host and, when the port is not null, `:` and the port.
    pub fn host(&self) -> String {
        let mut out = String::new();
        if let Some(host) = &self.host {
            host.serialize(&mut out);
            if let Some(port) = self.port {
                let _ = write!(out, ":{port}");
            }
        }
        out
    }

    /// The `hostname` getter: the serialized host, or the empty string for a null host.
    pub fn hostname(&self) -> String {
        let mut out = String::new();
        if let Some(host) = &self.host {
            host.serialize(&mut out);
        }
        out
    }

    /// The `port` getter: the port in decimal, or the empty string for a null port.
    pub fn port(&self) -> String {
        self.port.map_or_else(String::new, |p| p.to_string())
    }

    /// The `pathname` getter: the URL path serializer's output.
    pub fn pathname(&self) -> &str {
        &self.path.text
    }

    /// The `search` getter: `?` and the query, or the empty string for a null or empty query.
    pub fn search(&self) -> String {
        match self.query.as_deref() {
            None | Some("") => String::new(),
            Some(q) => format!("?{q}"),
        }
    }

    /// The `hash` getter: `#` and the fragment, or the empty string for a null or empty one.
    pub fn hash(&self) -> String {
        match self.fragment.as_deref() {
            None | Some("") => String::new(),
            Some(f) => format!("#{f}"),
        }
    }

    /// The `origin` getter: the serialization of the URL's origin (§4.7 "origin", with the
    /// HTML Standard's serialization of an origin): `scheme://host[:port]` for a tuple origin,
    /// `null` for an opaque one. A `blob:` URL's origin is its path's, when that parses as an
    /// http(s) or file URL (a blob URL entry is never present here); a `file:` URL's is opaque,
    /// as the standard suggests "when in doubt".
    pub fn origin(&self) -> String {
        match self.scheme.as_str() {
            "http" | "https" | "ws" | "wss" | "ftp" => {
                let mut out = format!("{}://", self.scheme);
                if let Some(host) = &self.host {
                    host.serialize(&mut out);
                }
                if let Some(port) = self.port {
                    let _ = write!(out, ":{port}");
                }
                out
            }
            "blob" => match super::parser::parse(self.pathname(), None) {
                Ok(inner) if matches!(inner.scheme.as_str(), "http" | "https") => inner.origin(),
                _ => "null".to_owned(),
            },
            _ => "null".to_owned(),
        }
    }
}

impl std::fmt::Display for Url {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.href())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(segments: &[&str]) -> Path {
        let mut p = Path::new_list();
        for s in segments {
            p.push(s);
        }
        p
    }

    #[test]
    fn a_list_path_splits_back_into_its_segments() {
        let p = list(&["a", "", "b"]);
        assert_eq!(p.as_str(), "/a//b");
        assert_eq!(p.len(), 3);
        assert_eq!(p.segments().collect::<Vec<_>>(), ["a", "", "b"]);
        assert_eq!(p.first(), Some("a"));
        let single_empty = list(&[""]);
        assert_eq!(single_empty.len(), 1);
        assert_eq!(single_empty.segments().collect::<Vec<_>>(), [""]);
        assert_eq!(Path::new_list().segments().count(), 0);
    }

    #[test]
    fn pop_removes_the_last_segment_only() {
        let mut p = list(&["a", "b"]);
        p.pop();
        assert_eq!(p.as_str(), "/a");
        p.pop();
        assert!(p.is_empty());
        p.pop();
        assert!(p.is_empty());
    }

    #[test]
    fn the_serializer_writes_a_dot_before_a_path_that_would_read_as_a_host() {
        let url = Url {
            scheme: "web+demo".into(),
            path: list(&["", "not-a-host", ""]),
            ..Url::default()
        };
        assert_eq!(url.href(), "web+demo:/.//not-a-host/");
        let one = Url {
            scheme: "web+demo".into(),
            path: list(&[""]),
            ..Url::default()
        };
        assert_eq!(one.href(), "web+demo:/");
    }

    #[test]
    fn getters_of_an_opaque_url() {
        let url = Url {
            scheme: "mailto".into(),
            path: Path::opaque("a@b"),
            query: Some(String::new()),
            fragment: Some("f".into()),
            ..Url::default()
        };
        assert_eq!(url.href(), "mailto:a@b?#f");
        assert_eq!(url.search(), "");
        assert_eq!(url.hash(), "#f");
        assert_eq!(url.origin(), "null");
        assert_eq!(url.host(), "");
        assert_eq!(url.pathname(), "a@b");
    }
}
