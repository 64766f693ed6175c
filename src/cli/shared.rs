//! What every command shares: the failure type and result, the octets of an argument, the
//! input of an `InputArgs` (with `--hex`), writing stdout, a one-line message on stderr and the
//! colour choice. A leaf below `cli/mod.rs`, so the commands use it without importing the
//! dispatcher that runs them.

use std::ffi::OsStr;
use std::io::{self, IsTerminal, Read, Write};

use super::args::{self, ColorChoice};
use super::escape;
use urlscope_core::url::octets;

/// What ends a subcommand early.
#[derive(Debug)]
pub enum Fail {
    /// A usage error: printed as `urlscope: <msg>`, exit 2.
    Usage(String),
    /// An I/O error; a broken pipe on stdout is a quiet success.
    Io(io::Error),
}

impl From<io::Error> for Fail {
    fn from(e: io::Error) -> Fail {
        Fail::Io(e)
    }
}

pub type Result<T> = std::result::Result<T, Fail>;

/// The octets of an argument: on Unix the bytes themselves; on Windows the UTF-8 of the
/// argument's text (WTF-8 for the unpaired surrogates a Windows argument may hold).
pub fn bytes(s: &OsStr) -> &[u8] {
    s.as_encoded_bytes()
}

/// Does NO_COLOR ask for no colour (set and non-empty, as no-color.org says)?
pub fn no_color_env() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// Resolve `--color` for output written to stdout.
pub fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => !no_color_env() && io::stdout().is_terminal(),
    }
}

/// Print a one-line diagnostic on stderr (errors writing to stderr are ignored). Messages can
/// quote what the user typed (a file or theme name), so they are escaped like any input.
pub fn say(msg: &str) {
    let safe = escape::escape_bytes(msg.as_bytes());
    let _ = writeln!(io::stderr().lock(), "urlscope: {safe}");
}

/// Write all of `data` to stdout and flush.
pub fn write_stdout(data: &[u8]) -> Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(data)?;
    out.flush()?;
    Ok(())
}

/// The octets of an `InputArgs`: the argument or standard input, hex-decoded with `--hex`.
pub fn read_input(a: &args::InputArgs) -> Result<Vec<u8>> {
    let raw = if a.stdin {
        let mut buf = Vec::new();
        io::stdin().lock().read_to_end(&mut buf)?;
        buf
    } else {
        a.url
            .as_deref()
            .map(|u| bytes(u).to_vec())
            .unwrap_or_default()
    };
    if a.hex {
        decode_hex(&raw).map_err(Fail::Usage)
    } else {
        Ok(raw)
    }
}

/// Decode `--hex` input: hex digit pairs, ASCII whitespace between pairs ignored.
pub fn decode_hex(s: &[u8]) -> std::result::Result<Vec<u8>, String> {
    let digits: Vec<u8> = s
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    if !digits.len().is_multiple_of(2) {
        return Err("--hex: odd number of hex digits".into());
    }
    digits
        .chunks(2)
        .map(|p| {
            let h = |c: u8| octets::is_hex(c).then(|| octets::hex_value(c));
            match (h(p[0]), h(p[1])) {
                (Some(a), Some(b)) => Ok(a << 4 | b),
                _ => Err(format!(
                    "--hex: not a hex pair: {}",
                    escape::escape_bytes(p)
                )),
            }
        })
        .collect()
}
