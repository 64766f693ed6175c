//! The nine components of the URL编码 tutorial's template in their order, and the decoded view (docs/rules.md, "The tokenizer"): the one
//! list `explain`, the components pane, the resolve view and the copy key read.

use std::ops::Range;

use crate::url::profiles::Profile;
use crate::url::syntax::octets;
use crate::url::syntax::span::SpanKind;
use crate::url::syntax::tokenize::Parsed;

/// One of the nine components.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// `scheme`.
    Scheme,
    /// `user`.
    User,
    /// `password`.
    Password,
    /// `host`.
    Host,
    /// `port`.
    Port,
    /// `path`.
    Path,
    /// `params`.
    Params,
    /// `query`.
    Query,
    /// `fragment`.
    Fragment,
}

impl Component {
    /// The nine, in the order of the URL编码 tutorial's template (and of `explain --json`'s `components`).
    pub const ALL: [Component; 9] = [
        Component::Scheme,
        Component::User,
        Component::Password,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Params,
        Component::Query,
        Component::Fragment,
    ];

    /// The component's name as output writes it.
    pub fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::User => "user",
            Component::Password => "password",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Params => "params",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// The span kind of the component's text (the path's is its segments', the query's its
    /// values'), whose style the views give it.
    pub fn span_kind(self) -> SpanKind {
        match self {
            Component::Scheme => SpanKind::Scheme,
            Component::User => SpanKind::User,
            Component::Password => SpanKind::Password,
            Component::Host => SpanKind::Host,
            Component::Port => SpanKind::Port,
            Component::Path => SpanKind::PathSegment,
            Component::Params => SpanKind::Param,
            Component::Query => SpanKind::QueryValue,
            Component::Fragment => SpanKind::Fragment,
        }
    }
}

impl Parsed {
    /// The range of component `c` (`None`: absent; the path is always present, maybe empty).
    pub fn component(&self, c: Component) -> Option<Range<usize>> {
        match c {
            Component::Scheme => self.scheme.clone(),
            Component::User => self.user.clone(),
            Component::Password => self.password.clone(),
            Component::Host => self.host.clone(),
            Component::Port => self.port.clone(),
            Component::Path => Some(self.path.clone()),
            Component::Params => self.params.clone(),
            Component::Query => self.query.clone(),
            Component::Fragment => self.fragment.clone(),
        }
    }

    /// The nine components with their ranges, in order.
    pub fn components(&self) -> [(Component, Option<Range<usize>>); 9] {
        Component::ALL.map(|c| (c, self.component(c)))
    }

    /// The decoded view of `x[range]` (`x` is the text this parse is of): every
    /// triplet decoded exactly once; under the FidoURL profile a raw `+` in the
    /// scheme-specific part also shows as a space (FidoURL §5.2.2.4). One octet per unit, so
    /// a caller may take only as many as it can show.
    pub fn decoded<'a>(
        &'a self,
        x: &'a [u8],
        range: Range<usize>,
        profile: Profile,
    ) -> impl Iterator<Item = u8> + 'a {
        let ssp = (profile == Profile::Fido).then_some(&self.ssp);
        octets::units_in(x, range).map(move |u| {
            if !u.encoded && u.value == b'+' && ssp.is_some_and(|s| s.contains(&u.start)) {
                b' '
            } else {
                u.value
            }
        })
    }
}

/// The items of a params component or of a segment's params, `x[r]` split on `;` (an empty
/// range gives one empty item).
pub fn param_items(x: &[u8], r: Range<usize>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = r.start;
    for (i, &b) in x[r.clone()].iter().enumerate() {
        if b == b';' {
            out.push(start..r.start + i);
            start = r.start + i + 1;
        }
    }
    out.push(start..r.end);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::syntax::tokenize::tokenize;

    #[test]
    fn nine_in_order() {
        let x = b"http://u:p@h:8/a;b?q#f";
        let p = tokenize(x);
        let got: Vec<(&str, Option<&[u8]>)> = p
            .components()
            .into_iter()
            .map(|(c, r)| (c.name(), r.map(|r| &x[r])))
            .collect();
        let want: [(&str, Option<&[u8]>); 9] = [
            ("scheme", Some(b"http")),
            ("user", Some(b"u")),
            ("password", Some(b"p")),
            ("host", Some(b"h")),
            ("port", Some(b"8")),
            ("path", Some(b"/a")),
            ("params", Some(b"b")),
            ("query", Some(b"q")),
            ("fragment", Some(b"f")),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn params_split_on_semicolons() {
        assert_eq!(param_items(b"/a;b;;c", 3..7), [3..4, 5..5, 6..7]);
        assert_eq!(param_items(b"x", 1..1), vec![Range { start: 1, end: 1 }]);
    }

    #[test]
    fn decoded_once_and_plus_only_in_the_fido_ssp() {
        let x = b"svn+ssh://h/a+b%2B%2541";
        let p = tokenize(x);
        let all = 0..x.len();
        let fido: Vec<u8> = p.decoded(x, all.clone(), Profile::Fido).collect();
        assert_eq!(fido, b"svn+ssh://h/a b+%41");
        let other: Vec<u8> = p.decoded(x, all, Profile::Rfc1738).collect();
        assert_eq!(other, b"svn+ssh://h/a+b+%41");
    }
}
