//! Proofpoint URL Defense v1 and v2: `https://urldefense.proofpoint.com/v1/url?u=<link>&k=…` and
//! `…/v2/url?u=<mangled>&d=…&c=…&r=…&m=…&s=…&e=`. In v2 the link is percent-encoded with `-` in
//! place of `%` and `_` in place of `/`.

use super::{Kind, Source, Step, host_is, param, parse};
use crate::url::syntax::octets;
use crate::url::syntax::parser_text::parser_text;

/// The URL Defense hosts seen in the wild and in the test vectors.
pub(crate) const HOSTS: &[&str] = &[
    "urldefense.proofpoint.com",
    "urldefense.com",
    "urldefense.us",
];

/// The v2 mangling undone: `-` → `%`, `_` → `/`, then the triplets decoded once.
pub(crate) fn decode_v2(mangled: &str) -> Vec<u8> {
    let swapped: Vec<u8> = mangled
        .bytes()
        .map(|b| match b {
            b'-' => b'%',
            b'_' => b'/',
            b => b,
        })
        .collect();
    octets::units(&swapped).map(|u| u.value).collect()
}

pub(crate) fn step(text: &str) -> Option<Step> {
    let u = parse(text)?;
    let host = u.host_str()?;
    if !HOSTS.iter().any(|h| host_is(host, h)) {
        return None;
    }
    let (kind, text_out, r, explanation) = match u.path() {
        "/v1/url" => {
            let (v, r) = param(text, "u")?;
            (
                Kind::ProofpointV1,
                v,
                r,
                "Proofpoint URL Defense v1: the real link is the `u` parameter, form-decoded once; \
                 `k`, `r`, `m` and `s` identify and sign the click",
            )
        }
        "/v2/url" => {
            let (_, r) = param(text, "u")?;
            let raw = &text[r.clone()];
            let decoded = parser_text(&decode_v2(raw)).text.into_owned();
            (
                Kind::ProofpointV2,
                decoded,
                r,
                "Proofpoint URL Defense v2: the `u` parameter with `-` read as `%` and `_` as `/`, \
                 then percent-decoded once; `d`, `c`, `r`, `m`, `s` and `e` sign the click",
            )
        }
        _ => return None,
    };
    (!text_out.is_empty()).then(|| Step {
        kind,
        text: text_out,
        source: Source {
            what: "query parameter `u`".into(),
            start: r.start,
            end: r.end,
        },
        explanation: explanation.into(),
    })
}
