//! urlcanon's steps (`canon.py`), one function each, over the parsed fields.

use super::parse::{UcUrl, default_port, is_special};
use crate::canon::Failure;
use crate::canon::idna_host::uc_idna;
use crate::canon::ip;
use crate::canon::pct::{self, Set};

pub(crate) type StepResult = Result<(), Failure>;

fn strip_tabnl(f: &mut Vec<u8>) {
    f.retain(|&b| !matches!(b, b'\t' | b'\n' | b'\r'));
}

pub(crate) fn strip_junk(u: &mut UcUrl) -> StepResult {
    u.leading_junk.clear();
    u.trailing_junk.clear();
    Ok(())
}

pub(crate) fn default_http(u: &mut UcUrl) -> StepResult {
    if u.scheme.is_empty() {
        u.scheme = b"http".to_vec();
        u.colon_after_scheme = b":".to_vec();
        if !u.path.is_empty() {
            let path = std::mem::take(&mut u.path);
            u.parse_pathish(&path);
        }
    }
    Ok(())
}

pub(crate) fn strip_tabs_newlines(u: &mut UcUrl) -> StepResult {
    for f in u.fields_mut() {
        strip_tabnl(f);
    }
    Ok(())
}

pub(crate) fn lower_scheme(u: &mut UcUrl) -> StepResult {
    u.scheme.make_ascii_lowercase();
    Ok(())
}

pub(crate) fn elide_port(u: &mut UcUrl) -> StepResult {
    if let Some(Some(port)) = default_port(&u.scheme)
        && u.port == port
    {
        u.colon_before_port.clear();
        u.port.clear();
    }
    Ok(())
}

pub(crate) fn userinfo_tidy(u: &mut UcUrl) -> StepResult {
    if u.password.is_empty() {
        u.colon_before_password.clear();
        if u.username.is_empty() {
            u.at_sign.clear();
        }
    }
    Ok(())
}

pub(crate) fn two_slashes(u: &mut UcUrl) -> StepResult {
    if !u.slashes.is_empty() || u.has_authority() || u.scheme == b"file" {
        u.slashes = b"//".to_vec();
    }
    Ok(())
}

pub(crate) fn host_dec1(u: &mut UcUrl) -> StepResult {
    if !u.host.is_empty() && is_special(&u.scheme) {
        pct::dec1_in_place(&mut u.host);
    }
    Ok(())
}

pub(crate) fn reparse_ip(u: &mut UcUrl) -> StepResult {
    u.reparse_ip();
    Ok(())
}

pub(crate) fn ip_normalize(u: &mut UcUrl) -> StepResult {
    if let Some(v) = u.ip4 {
        let v = u32::try_from(v).map_err(|_| Failure::NegativeIpv4)?;
        u.host = ip::dotted(v);
    } else if let Some(v) = u.ip6 {
        u.host = format!("[{}]", ip::ipv6_text(v)).into_bytes();
    }
    Ok(())
}

pub(crate) fn idna(u: &mut UcUrl) -> StepResult {
    if !u.host.is_empty()
        && is_special(&u.scheme)
        && let Some(h) = uc_idna(&u.host)
    {
        u.host = h;
    }
    Ok(())
}

pub(crate) fn host_enc(u: &mut UcUrl) -> StepResult {
    pct::enc_in_place(&mut u.host, &pct::HOST);
    Ok(())
}

pub(crate) fn backslash(u: &mut UcUrl) -> StepResult {
    if is_special(&u.scheme) {
        u.slashes.fill(b'/');
        for b in u.path.iter_mut() {
            if *b == b'\\' {
                *b = b'/';
            }
        }
    }
    Ok(())
}

pub(crate) fn path_enc(u: &mut UcUrl) -> StepResult {
    let set = if u.path.first() == Some(&b'/') || is_special(&u.scheme) {
        &pct::PATH
    } else {
        &pct::C0
    };
    pct::enc_in_place(&mut u.path, set);
    Ok(())
}

pub(crate) fn leading_slash(u: &mut UcUrl) -> StepResult {
    if is_special(&u.scheme) && u.path.first() != Some(&b'/') {
        u.path.insert(0, b'/');
    }
    Ok(())
}

pub(crate) fn path_dots(u: &mut UcUrl) -> StepResult {
    let special = is_special(&u.scheme);
    if let Some(p) = resolve_path_dots(&u.path, special) {
        u.path = p;
    }
    Ok(())
}

/// `resolve_path_dots`: `None` when the path does not start with a separator.
pub(crate) fn resolve_path_dots(path: &[u8], special: bool) -> Option<Vec<u8>> {
    let sep = |b: u8| b == b'/' || (special && b == b'\\');
    if !path.first().is_some_and(|&b| sep(b)) {
        return None;
    }
    // Alternating separators and segments: sep, seg, sep, seg, …, seg.
    let mut tokens: Vec<&[u8]> = Vec::new();
    let mut start = 0;
    for (i, &b) in path.iter().enumerate() {
        if sep(b) {
            if i > 0 {
                tokens.push(&path[start..i]);
            }
            tokens.push(&path[i..i + 1]);
            start = i + 1;
        }
    }
    tokens.push(&path[start..]);
    let dots = |t: &[u8]| -> usize {
        let one = |s: &[u8]| s == b"." || s.eq_ignore_ascii_case(b"%2e");
        if one(t) {
            1
        } else if (1..t.len()).any(|k| one(&t[..k]) && one(&t[k..])) {
            2
        } else {
            0
        }
    };
    let mut out: Vec<&[u8]> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        // Separators sit at even positions; only segments can be dots.
        let d = if i % 2 == 1 { dots(tokens[i]) } else { 0 };
        if d > 0 {
            if d == 2 {
                if out.len() > 1 {
                    out.pop();
                }
                if out.len() > 1 {
                    out.pop();
                }
            }
            i += 1;
        } else {
            out.push(tokens[i]);
        }
        i += 1;
    }
    Some(out.concat())
}

pub(crate) fn empty_path(u: &mut UcUrl) -> StepResult {
    if u.path.is_empty() && u.has_authority() && is_special(&u.scheme) {
        u.path = b"/".to_vec();
    }
    Ok(())
}

pub(crate) fn userinfo_enc(u: &mut UcUrl) -> StepResult {
    pct::enc_in_place(&mut u.username, &pct::USERINFO);
    pct::enc_in_place(&mut u.password, &pct::USERINFO);
    Ok(())
}

/// `pct_encode_query`: each `&` piece, split at its first `=`, encoded token by token (the
/// delimiters are never in the set, so this is one pass over the whole query).
fn query_enc_with(u: &mut UcUrl, set: &Set) {
    pct::enc_in_place(&mut u.query, set);
}

pub(crate) fn query_enc(u: &mut UcUrl) -> StepResult {
    query_enc_with(u, &pct::QUERY);
    Ok(())
}

pub(crate) fn frag_enc(u: &mut UcUrl) -> StepResult {
    pct::enc_in_place(&mut u.fragment, &pct::C0);
    Ok(())
}

pub(crate) fn drop_fragment(u: &mut UcUrl) -> StepResult {
    u.hash_sign.clear();
    u.fragment.clear();
    Ok(())
}

fn decr_fields(u: &mut UcUrl, query: bool) {
    for f in [
        &mut u.scheme,
        &mut u.username,
        &mut u.password,
        &mut u.host,
        &mut u.port,
        &mut u.path,
        &mut u.fragment,
    ] {
        pct::decr_in_place(f);
    }
    if query {
        pct::decr_in_place(&mut u.query);
    }
}

pub(crate) fn decr_all(u: &mut UcUrl) -> StepResult {
    decr_fields(u, true);
    Ok(())
}

pub(crate) fn decr_nonquery(u: &mut UcUrl) -> StepResult {
    decr_fields(u, false);
    Ok(())
}

pub(crate) fn host_dots(u: &mut UcUrl) -> StepResult {
    if u.host.is_empty() {
        return Ok(());
    }
    let h = &u.host;
    let a = h.iter().position(|&b| b != b'.').unwrap_or(h.len());
    let z = h.iter().rposition(|&b| b != b'.').map_or(a, |i| i + 1);
    let mut out = Vec::with_capacity(z - a);
    for &b in &h[a..z] {
        if !(b == b'.' && out.last() == Some(&b'.')) {
            out.push(b);
        }
    }
    u.host = out;
    Ok(())
}

pub(crate) fn collapse_slashes(u: &mut UcUrl) -> StepResult {
    if is_special(&u.scheme) {
        u.path.dedup_by(|b, a| *a == b'/' && *b == b'/');
    }
    Ok(())
}

pub(crate) fn google_enc(u: &mut UcUrl) -> StepResult {
    for f in [
        &mut u.scheme,
        &mut u.username,
        &mut u.password,
        &mut u.host,
        &mut u.port,
        &mut u.path,
        &mut u.fragment,
    ] {
        pct::enc_in_place(f, &pct::GOOGLE);
    }
    query_enc_with(u, &pct::GOOGLE);
    Ok(())
}

pub(crate) fn drop_userinfo(u: &mut UcUrl) -> StepResult {
    u.username.clear();
    u.colon_before_password.clear();
    u.password.clear();
    u.at_sign.clear();
    Ok(())
}

pub(crate) fn ld_enc(u: &mut UcUrl) -> StepResult {
    for f in [&mut u.scheme, &mut u.host, &mut u.port, &mut u.fragment] {
        pct::enc_in_place(f, &pct::GOOGLE);
    }
    pct::enc_in_place(&mut u.username, &pct::LD_USER);
    pct::enc_in_place(&mut u.password, &pct::LD_USER);
    pct::enc_in_place(&mut u.path, &pct::LD_PATH);
    Ok(())
}

pub(crate) fn ld_query(u: &mut UcUrl) -> StepResult {
    if u.query.is_empty() {
        return Ok(());
    }
    let mut out = Vec::with_capacity(u.query.len());
    for (k, piece) in u.query.split(|&b| b == b'&').enumerate() {
        if k > 0 {
            out.push(b'&');
        }
        let (key, value) = match piece.iter().position(|&b| b == b'=') {
            Some(e) => (&piece[..e], Some(&piece[e + 1..])),
            None => (piece, None),
        };
        out.extend(pct::enc(&pct::decr(key), &pct::LD_QUERY));
        if let Some(v) = value {
            out.push(b'=');
            out.extend(pct::enc(&pct::decr(v), &pct::LD_QUERY));
        }
    }
    u.query = out;
    Ok(())
}

pub(crate) fn sort_query(u: &mut UcUrl) -> StepResult {
    // One piece is sorted already.
    if u.query.contains(&b'&') {
        let mut pieces: Vec<&[u8]> = u.query.split(|&b| b == b'&').collect();
        pieces.sort();
        u.query = pieces.join(&b'&');
    }
    Ok(())
}

pub(crate) fn https_to_http(u: &mut UcUrl) -> StepResult {
    if u.scheme == b"https" {
        u.scheme.truncate(4);
    }
    Ok(())
}

/// `^www[0-9]*\.`, case-sensitive: its length if the host starts with it.
pub(crate) fn www_prefix(h: &[u8]) -> Option<usize> {
    let rest = h.strip_prefix(b"www")?;
    let d = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    (rest.get(d) == Some(&b'.')).then_some(3 + d + 1)
}

pub(crate) fn strip_www(u: &mut UcUrl) -> StepResult {
    if let Some(n) = www_prefix(&u.host) {
        u.host.drain(..n);
    }
    Ok(())
}

pub(crate) fn lower_path(u: &mut UcUrl) -> StepResult {
    u.path.make_ascii_lowercase();
    Ok(())
}

pub(crate) fn lower_query(u: &mut UcUrl) -> StepResult {
    u.query.make_ascii_lowercase();
    Ok(())
}

fn alnum_lower(b: u8) -> bool {
    b.is_ascii_digit() || b.is_ascii_alphabetic()
}

/// The length of one session-id name at `s[i..]` (case-insensitive), if one starts there.
fn query_session_id(s: &[u8], i: usize) -> Option<usize> {
    let t = &s[i..];
    let lower = |p: &[u8]| t.len() >= p.len() && t[..p.len()].eq_ignore_ascii_case(p);
    let run =
        |from: usize, ok: &dyn Fn(u8) -> bool| t[from..].iter().take_while(|&&b| ok(b)).count();
    // Regex alternation tries each name in order; the value runs are greedy, and the match
    // must end at '&' or the end, so a run that stops elsewhere fails.
    let ends = |n: usize| n == t.len() || t[n] == b'&';
    if lower(b"jsessionid=") {
        let n = run(11, &|b| alnum_lower(b) || b == b'$');
        if n >= 10 && ends(11 + n) {
            return Some(11 + n);
        }
    }
    for name in [&b"sessionid="[..], b"phpsessid=", b"sid="] {
        if lower(name) {
            let n = run(name.len(), &alnum_lower);
            if n >= 16 && ends(name.len() + n) {
                return Some(name.len() + n);
            }
        }
    }
    if lower(b"aspsessionid")
        && t.len() >= 21
        && t[12..20].iter().all(u8::is_ascii_alphabetic)
        && t[20] == b'='
    {
        let n = run(21, &alnum_lower);
        if n >= 16 && ends(21 + n) {
            return Some(21 + n);
        }
    }
    if lower(b"cfid=") {
        let d = run(5, &|b| b.is_ascii_digit());
        let k = 5 + d;
        if d > 0 && t[k..].len() >= 9 && t[k..k + 9].eq_ignore_ascii_case(b"&cftoken=") {
            let n = run(k + 9, &|b| alnum_lower(b) || b == b'-');
            if n > 0 && ends(k + 9 + n) {
                return Some(k + 9 + n);
            }
        }
    }
    None
}

pub(crate) fn strip_sid_query(u: &mut UcUrl) -> StepResult {
    strip_query_session_ids(&mut u.query);
    Ok(())
}

/// `strip_sid_query` of a query.
pub(crate) fn strip_query_session_ids(query: &mut Vec<u8>) {
    // re.sub of `(&|^)NAME(&|$)` by its two delimiters: left to right, non-overlapping.
    let q = &*query;
    // Allocated at the first session id only.
    let mut out = Vec::new();
    let (mut pos, mut copied, mut changed) = (0, 0, false);
    while pos < q.len() {
        let amp = q[pos] == b'&';
        let name_at = if amp {
            Some(pos + 1)
        } else {
            (pos == 0).then_some(0)
        };
        if let Some(s) = name_at
            && let Some(n) = query_session_id(q, s)
        {
            out.extend_from_slice(&q[copied..pos]);
            if amp {
                out.push(b'&');
            }
            let mut end = s + n;
            if end < q.len() {
                out.push(b'&');
                end += 1;
            }
            copied = end;
            pos = end;
            changed = true;
            continue;
        }
        pos += 1;
    }
    if changed {
        out.extend_from_slice(&q[copied..]);
        *query = out;
    }
}

fn is_24(s: &[u8]) -> bool {
    s.len() == 24 && s.iter().all(|&b| alnum_lower(b))
}

/// The length of an ASP.NET path session id at `s[i..]`: `(X24)/` or `((a(X24))+)/`.
fn aspx_session_id(s: &[u8]) -> Option<usize> {
    let t = s.strip_prefix(b"(")?;
    if t.len() >= 26 && is_24(&t[..24]) && &t[24..26] == b")/" {
        return Some(27);
    }
    let mut k = 0;
    let mut groups = 0;
    while t.len() >= k + 27
        && t[k].is_ascii_alphabetic()
        && t[k + 1] == b'('
        && is_24(&t[k + 2..k + 26])
        && t[k + 26] == b')'
    {
        k += 27;
        groups += 1;
    }
    (groups > 0 && t[k..].starts_with(b")/")).then_some(1 + k + 2)
}

pub(crate) fn strip_sid_path(u: &mut UcUrl) -> StepResult {
    strip_path_session_ids(&mut u.path);
    Ok(())
}

/// `strip_sid_path` of a path.
pub(crate) fn strip_path_session_ids(path: &mut Vec<u8>) {
    if path.len() >= 5 && path.ends_with(b".aspx") {
        let p = &*path;
        let mut out = Vec::with_capacity(p.len());
        let mut i = 0;
        while i < p.len() {
            if i > 0
                && p[i - 1] == b'/'
                && let Some(n) = aspx_session_id(&p[i..])
            {
                i += n;
                continue;
            }
            out.push(p[i]);
            i += 1;
        }
        *path = out;
    }
    let p = &*path;
    if p.len() >= 44 {
        let tail = &p[p.len() - 44..];
        if tail.starts_with(b";jsessionid=")
            && tail[12..]
                .iter()
                .all(|&b| b.is_ascii_digit() || b.is_ascii_lowercase())
        {
            let n = p.len() - 44;
            path.truncate(n);
        }
    }
}

pub(crate) fn strip_trailing_slash(u: &mut UcUrl) -> StepResult {
    if u.path != b"/" && u.path.last() == Some(&b'/') {
        u.path.pop();
    }
    Ok(())
}

pub(crate) fn dedupe_amp(u: &mut UcUrl) -> StepResult {
    dedupe_amps(&mut u.query);
    Ok(())
}

/// `dedupe_amp` of a query.
pub(crate) fn dedupe_amps(q: &mut Vec<u8>) {
    let a = q.iter().position(|&b| b != b'&').unwrap_or(q.len());
    let z = q.iter().rposition(|&b| b != b'&').map_or(a, |i| i + 1);
    q.truncate(z);
    q.drain(..a);
    q.dedup_by(|b, a| *a == b'&' && *b == b'&');
}

pub(crate) fn drop_empty_qmark(u: &mut UcUrl) -> StepResult {
    if u.query.is_empty() {
        u.question_mark.clear();
    }
    Ok(())
}
