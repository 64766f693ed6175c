//! The ada baseline of `benches/whatwg-vs-url.sh`: the ada URL parser (through the `ada-url`
//! crate) parsing and serializing one URL per line, with the same streaming structure as
//! `examples/url_baseline.rs` and `urlscope normalize` (BufReader line loop, LF and one CR
//! stripped, one output line per input line). A line ada rejects is written unchanged.

use std::io::{self, BufRead, BufReader, BufWriter, Write};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut reader = BufReader::with_capacity(64 * 1024, stdin.lock());
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let mut rec: &[u8] = &line;
        rec = rec.strip_suffix(b"\n").unwrap_or(rec);
        rec = rec.strip_suffix(b"\r").unwrap_or(rec);
        match std::str::from_utf8(rec)
            .ok()
            .and_then(|s| ada_url::Url::parse(s, None).ok())
        {
            Some(u) => out.write_all(u.href().as_bytes())?,
            None => out.write_all(rec)?,
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}
