//! What each column means, for the CLI's notes, the JSON and the inspector's explanation lines.

use super::Parser;

/// What the column's parser is and how it reads a URL.
pub(crate) fn reads(p: Parser) -> &'static str {
    match p {
        Parser::Urlscope => {
            "urlscope's own tokenizer: the RFC 1738/1808-era split of the sources, which \
             never rejects; userinfo ends at the last `@` of the authority; with a base, RFC 1808 §4 \
             resolution first"
        }
        Parser::Rfc3986 => {
            "the fluent-uri crate: strict RFC 3986 (§3 components, Appendix A grammar); it rejects \
             any character the grammar does not allow; with a base, RFC 3986 §5.2 resolution"
        }
        Parser::Whatwg => {
            "the url crate: the WHATWG URL Standard, what browsers do (§4.4 basic URL parser); it \
             lowercases, percent-encodes, maps hosts by UTS #46 and reads IPv4 number forms; the \
             reference column"
        }
        Parser::Http => {
            "the http crate's Uri, what hyper-based clients and servers parse: RFC 3986 request \
             targets (RFC 9110 §4.2) without resolution and without the fragment"
        }
    }
}

/// What the column's effective host is.
pub(crate) fn effective_host(p: Parser) -> &'static str {
    match p {
        Parser::Urlscope => {
            "the host component as written, ASCII letters lowercased (host names are \
             case-insensitive, RFC 3986 §3.2.2); nothing decoded"
        }
        Parser::Rfc3986 => {
            "the host as fluent-uri would look it up: a registered name percent-decoded \
             (RFC 3986 §3.2.2, as the crate's socket_addrs does), ASCII lowercased; IP literals as \
             written; no IDNA"
        }
        Parser::Whatwg => {
            "host_str(): the host after WHATWG host parsing (URL Standard §3.5: percent-decoding, \
             UTS #46 to an A-label, IPv4 number forms to dotted decimal)"
        }
        Parser::Http => {
            "Uri::host() as hyper's connector hands it to the resolver, ASCII lowercased; nothing \
             decoded, no IDNA"
        }
    }
}
