//! The 1 MiB inputs of the inspector's benchmarks (`benches/tui.rs`) and of
//! `examples/analysis_timing.rs`, which include this file by path.

/// 1 MiB of a URL with ~400k edits under FidoURL: `seg{i}/./a%7e b;p=1/` repeated.
#[allow(dead_code)] // each includer uses what it needs
pub fn one_mib() -> Vec<u8> {
    let mut x = b"HTTP://User@WWW.Example.COM:80/".to_vec();
    let mut i = 0u32;
    while x.len() < (1 << 20) - 16 {
        x.extend_from_slice(format!("seg{i}/./a%7e b;p=1/").as_bytes());
        i += 1;
    }
    x.truncate((1 << 20) - 16);
    x.extend_from_slice(b"?q=1&r=2#frag");
    x
}

/// 1 MiB of a URL whose path is one long run of letters (few edits for any profile).
#[allow(dead_code)]
pub fn plain_mib() -> Vec<u8> {
    let mut x = b"HTTP://User@WWW.Example.COM:80/a/./b/../%7e c".to_vec();
    x.resize((1 << 20) - 16, b'a');
    x.extend_from_slice(b"?q=1&r=2#frag");
    x
}

/// A URL of `n` octets as a person pastes one: a host, a path and one long query value (a
/// token, encoded data), then a tracking parameter and a fragment.
#[allow(dead_code)]
pub fn pasted(n: usize) -> Vec<u8> {
    let tail = b"&utm_source=mail#top";
    let mut x = b"https://www.example.com/download/file?data=".to_vec();
    let chunk = b"AbC123-_xyz%2Fq0R9";
    while x.len() + tail.len() < n {
        x.extend_from_slice(chunk);
    }
    x.truncate(n - tail.len());
    x.extend_from_slice(tail);
    x
}
