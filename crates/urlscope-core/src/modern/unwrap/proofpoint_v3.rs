//! Proofpoint URL Defense v3: `https://urldefense.com/v3/__<link>__;<payload>!<org>!<token>$`.
//! The link is written as it is, except that some bytes are replaced by `*` (one byte) or by
//! `**X` (a run of N bytes, N = the index of X in `A–Z a–z 0–9 - _` plus 2, so 2 … 65); the
//! replaced bytes are the payload, base64url without padding. The counts are bytes, and the
//! result is read as UTF-8 at the end (the cardi/proofpoint-url-decoder test vectors need this).

use super::{Kind, Source, Step, proofpoint::HOSTS};
use crate::url::syntax::parser_text::parser_text;

const B64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn b64_index(c: u8) -> Option<u8> {
    B64URL.iter().position(|&x| x == c).map(|i| i as u8)
}

/// base64url decoding (`=` padding tolerated, `+` `/` accepted as the standard alphabet's).
pub(crate) fn base64url(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for c in s.bytes().filter(|&c| c != b'=') {
        let v = match c {
            b'+' => 62,
            b'/' => 63,
            c => b64_index(c)?,
        };
        acc = acc << 6 | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// The parts of a v3 link: the byte ranges of the encoded link and of the payload in `text`.
fn split(text: &str) -> Option<(std::ops::Range<usize>, std::ops::Range<usize>)> {
    let at = text.find("/v3/__")?;
    let before = &text[..at];
    let lower = before.to_ascii_lowercase();
    let host = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or(&lower);
    if !HOSTS.contains(&host) {
        return None;
    }
    let link_start = at + "/v3/__".len();
    let end = link_start + text[link_start..].find("__;")?;
    let payload_start = end + 3;
    let payload_end = text[payload_start..]
        .find(['!', '$'])
        .map_or(text.len(), |i| payload_start + i);
    Some((link_start..end, payload_start..payload_end))
}

/// Fill the `*` of `link` from `payload`. `Err` says why it could not be done.
pub(crate) fn decode(link: &str, payload: &[u8]) -> Result<Vec<u8>, String> {
    let b = link.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut next = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'*' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        let n = if b.get(i + 1) == Some(&b'*') {
            let x = *b.get(i + 2).ok_or("a `**` run without its length letter")?;
            i += 3;
            usize::from(b64_index(x).ok_or("a `**` run with an unknown length letter")?) + 2
        } else {
            i += 1;
            1
        };
        let bytes = payload
            .get(next..next + n)
            .ok_or("the replacement bytes ran out")?;
        out.extend_from_slice(bytes);
        next += n;
    }
    Ok(out)
}

pub(crate) fn step(text: &str, notes: &mut Vec<String>) -> Option<Step> {
    let (link, payload) = split(text)?;
    let decoded = base64url(&text[payload.clone()])
        .ok_or_else(|| "its replacement bytes are not base64url".to_string())
        .and_then(|p| decode(&text[link.clone()], &p));
    match decoded {
        Ok(out) => Some(Step {
            kind: Kind::ProofpointV3,
            text: parser_text(&out).text.into_owned(),
            source: Source {
                what: "the link in `__…__;` and the payload after it".into(),
                start: link.start,
                end: payload.end,
            },
            explanation: "Proofpoint URL Defense v3: the link as written between `__` and `__;`, \
                          each `*` (one byte) and `**X` (a run) replaced by the next bytes of the \
                          base64url payload after `;`; `!…!…$` sign the click"
                .into(),
        }),
        Err(why) => {
            let note = format!("a Proofpoint URL Defense v3 link was found but not decoded: {why}");
            if !notes.contains(&note) {
                notes.push(note);
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_decodes() {
        assert_eq!(base64url("Kw").unwrap(), b"+");
        assert_eq!(base64url("w60j").unwrap(), "í#".as_bytes());
        assert!(base64url("a!").is_none());
    }

    #[test]
    fn runs_count_bytes() {
        assert_eq!(
            decode("/**Aa*", "í#".as_bytes()).unwrap(),
            "/ía#".as_bytes()
        );
        assert!(decode("/**", b"").is_err());
        assert!(decode("/*", b"").is_err());
    }
}
