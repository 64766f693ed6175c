//! `urlscope explain`: the non-interactive teaching view (docs/cli.md).
//!
//! One [`modern::Report`] is computed by the core ([`report`]) and either serialized (`--json`,
//! the core's [`modern::write_report_json`]) or rendered as text ([`text`]). Every octet string
//! taken from the input is kept as octets in the report; the text renderer escapes it, the JSON
//! writer encodes it losslessly.

pub mod text;

use urlscope_core::modern;
pub use urlscope_core::modern::{decoding, diff_and_actions, report, unit_json};

use super::args::ExplainArgs;
use super::{Result, use_color};
use std::io::Write as _;
#[cfg(unix)]
use std::os::fd::AsFd as _;
#[cfg(windows)]
use std::os::windows::io::AsHandle as _;
use urlscope_core::modern::Charset;
use urlscope_core::url::unit_infos;
use urlscope_core::{Options, Profile, normalize, tokenize};

/// Render the explanation of `x` (text or JSON) into a byte buffer.
pub fn render(x: &[u8], profile: Profile, opts: &Options, json: bool, color: bool) -> Vec<u8> {
    let mut out = Vec::new();
    render_to(x, profile, opts, json, color, &mut out).expect("writing to a Vec cannot fail");
    out
}

/// Write the explanation of `x` (text or JSON) to `w`.
pub fn render_to(
    x: &[u8],
    profile: Profile,
    opts: &Options,
    json: bool,
    color: bool,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    render_decoded_to(x, profile, opts, json, color, None, w)
}

/// [`render_to`] with `--decode CHARSET`'s section.
pub fn render_decoded_to(
    x: &[u8],
    profile: Profile,
    opts: &Options,
    json: bool,
    color: bool,
    decode: Option<Charset>,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let parsed = tokenize(x);
    let units = unit_infos(x, &parsed);
    let outcome = normalize(x, profile, opts);
    let tracking = crate::config::current().tracking_list();
    let mut r = report(x, &parsed, &units, &outcome, profile, opts, &tracking);
    r.decoding = decode.map(|cs| decoding(x, &parsed, cs));
    if json {
        modern::write_report_json(&r, w)?;
        w.write_all(b"\n")
    } else {
        text::render_to(&r, x, &outcome.output, color, w)
    }
}

pub fn run(a: ExplainArgs) -> Result<i32> {
    let decode = match a.decode.as_deref() {
        None => None,
        Some(name) => Some(Charset::from_name(name).ok_or_else(|| {
            super::Fail::Usage(format!(
                "--decode: unknown charset '{name}' (one of: {})",
                Charset::ALL.map(Charset::name).join(", ")
            ))
        })?),
    };
    let opts = a.opts.options()?;
    let x = super::read_input(&a.input)?;
    let x = super::refang::read_saying(&x);
    let color = !a.json && use_color(a.color);
    // The report arrives in blocks of 64 KiB: written to a handle of its own on standard
    // output, since `Stdout` is line-buffered and would search every block for a line break.
    #[cfg(unix)]
    let handle = std::io::stdout().as_fd().try_clone_to_owned()?;
    #[cfg(windows)]
    let handle = std::io::stdout().as_handle().try_clone_to_owned()?;
    let mut out = std::fs::File::from(handle);
    render_decoded_to(&x, a.profile, &opts, a.json, color, decode, &mut out)?;
    out.flush()?;
    Ok(0)
}
