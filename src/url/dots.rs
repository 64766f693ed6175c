//! Dot-segment removal `D(path)` of SPEC §4.3 (RFC 1808 §4 step 6, seed 001 steps 8–11).

use super::resolve_rule::ResolveRule;

/// `D(path)`.
pub fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    remove_dot_segments_traced(path).0
}

/// `D(path)` and the path after each of the four rules (6a–6d, in order), for the resolve view.
pub fn remove_dot_segments_traced(path: &[u8]) -> (Vec<u8>, Vec<(ResolveRule, Vec<u8>)>) {
    let lead = path.first() == Some(&b'/');
    let q = if lead { &path[1..] } else { path };
    let mut segs: Vec<&[u8]> = q.split(|&b| b == b'/').collect();
    let join = |segs: &[&[u8]]| {
        let mut out = Vec::with_capacity(path.len());
        if lead {
            out.push(b'/');
        }
        for (i, s) in segs.iter().enumerate() {
            if i > 0 {
                out.push(b'/');
            }
            out.extend_from_slice(s);
        }
        out
    };
    let mut trace = Vec::with_capacity(4);

    // 6a: every complete "." segment followed by "/".
    let k = segs.len() - 1;
    let mut kept: Vec<&[u8]> = Vec::with_capacity(segs.len());
    for (i, s) in segs.iter().enumerate() {
        if !(i < k && *s == b".") {
            kept.push(s);
        }
    }
    segs = kept;
    trace.push((ResolveRule::DotSlash, join(&segs)));

    // 6b: a final "." becomes the empty segment.
    if let Some(last) = segs.last_mut()
        && *last == b"."
    {
        *last = b"";
    }
    trace.push((ResolveRule::TrailingDot, join(&segs)));

    // 6c: repeatedly remove the leftmost "<segment>/../" (the ".." must not be the last segment).
    // A stack gives the same result in linear time: a segment followed by ".." cancels it unless
    // it is itself "..", and the leftmost match is always the nearest pending segment.
    let last = segs.len() - 1;
    let mut stack: Vec<&[u8]> = Vec::with_capacity(segs.len());
    for (i, s) in segs.iter().enumerate() {
        if i < last && *s == b".." && stack.last().is_some_and(|t| *t != b"..") {
            stack.pop();
        } else {
            stack.push(s);
        }
    }
    segs = stack;
    trace.push((ResolveRule::SegmentDotdot, join(&segs)));

    // 6d: "<segment>/.." at the end goes up one level.
    let n = segs.len();
    if n >= 2 && segs[n - 1] == b".." && segs[n - 2] != b".." {
        segs.truncate(n - 2);
        segs.push(b"");
    }
    let out = join(&segs);
    trace.push((ResolveRule::TrailingDotdot, out.clone()));
    (out, trace)
}

/// Does `path` have a complete `.` or `..` segment (PDF P7's trigger)?
pub fn has_dot_segment(path: &[u8]) -> bool {
    let q = path.strip_prefix(b"/").unwrap_or(path);
    q.split(|&b| b == b'/').any(|s| s == b"." || s == b"..")
}
