//! urlscope's URL core in WebAssembly: the JavaScript API of docs/web.md.
//!
//! Each function answers what the command line answers for the same question, byte for byte:
//! the text it prints, or its `--json` text, which `www/urlscope.js` parses into objects. The
//! answers are computed by `urlscope-core`; nothing here decides anything about a URL. Inputs
//! are JavaScript strings, so always UTF-8; an output that is not UTF-8 is written in the
//! notation the inspector shows (`\xNN`).

#![warn(missing_docs)]

mod learn;
mod options;

use std::borrow::Cow;

use urlscope_core::input::record;
use urlscope_core::modern::{FormId, TrackingList, form, refang};
use urlscope_core::url::notation;
use urlscope_core::url::unit_infos;
use urlscope_core::{Kind, Limits, Profile, inspect_host, normalize as run_profile, tokenize};
use wasm_bindgen::prelude::*;

pub use learn::{check_answer, check_exercise_file, exercise_sets, lessons, open_exercises};
use options::{parse_options, parse_profile};

/// The version of urlscope, as `urlscope --version` prints it after the name.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The 16 profiles in the CLI's order: `[{id, label, group}]` as JSON.
#[wasm_bindgen]
pub fn profiles() -> String {
    let all: Vec<serde_json::Value> = Profile::ALL
        .iter()
        .map(|p| {
            serde_json::json!({
                "id": p.name(),
                "label": p.label(),
                "group": p.group().label(),
            })
        })
        .collect();
    serde_json::Value::Array(all).to_string()
}

/// `x` as the command line reads a URL: a defanged link (`hxxps://evil[.]example/`) read back.
fn read(x: &str) -> Cow<'_, [u8]> {
    match refang(x.as_bytes()) {
        Some(r) => Cow::Owned(r),
        None => Cow::Borrowed(x.as_bytes()),
    }
}

/// A question about `url` under a profile: the profile, its options and the URL as read.
fn question<'a>(
    url: &'a str,
    profile: &str,
    options: &str,
) -> Result<(Profile, urlscope_core::Options, Cow<'a, [u8]>), JsError> {
    Ok((parse_profile(profile)?, parse_options(options)?, read(url)))
}

/// Octets as a JavaScript string: themselves when UTF-8, else their visible notation.
fn text(octets: Vec<u8>) -> String {
    String::from_utf8(octets).unwrap_or_else(|e| notation::visible(e.as_bytes()))
}

/// `urlscope normalize -p PROFILE URL`'s line, without its newline. `options` is the JSON of
/// `{base, pdfState}`.
#[wasm_bindgen]
pub fn normalize(url: &str, profile: &str, options: &str) -> Result<String, JsError> {
    let profile = parse_profile(profile)?;
    let opts = parse_options(options)?;
    Ok(text(run_profile(&read(url), profile, &opts).output))
}

/// `urlscope explain --json -p PROFILE URL`'s text, without its newline.
#[wasm_bindgen(js_name = explainJson)]
pub fn explain_json(url: &str, profile: &str, options: &str) -> Result<String, JsError> {
    explain_in(url, profile, options, None)
}

/// [`explain_json`] with only the records of the input octets `from..to` (the core's
/// `Report::keep_window`): what a view of a long URL shows, at the cost of what it shows.
#[wasm_bindgen(js_name = explainWindowJson)]
pub fn explain_window_json(
    url: &str,
    profile: &str,
    options: &str,
    from: usize,
    to: usize,
) -> Result<String, JsError> {
    explain_in(url, profile, options, Some(from..to.max(from)))
}

/// What a view needs on every keystroke (the core's `modern::glance`): the profile's result,
/// the components' places, and the spans and unit records of the input octets `from..to`, at
/// the cost of what the window holds. JSON.
#[wasm_bindgen(js_name = glanceJson)]
pub fn glance_json(
    url: &str,
    profile: &str,
    options: &str,
    from: usize,
    to: usize,
) -> Result<String, JsError> {
    let (profile, opts, x) = question(url, profile, options)?;
    let parsed = tokenize(&x);
    let mut output = Vec::new();
    let g = urlscope_core::modern::glance(&x, &parsed, profile, &opts, from..to, &mut output);
    serde_json::to_string(&g).map_err(|e| JsError::new(&e.to_string()))
}

fn explain_in(
    url: &str,
    profile: &str,
    options: &str,
    window: Option<std::ops::Range<usize>>,
) -> Result<String, JsError> {
    let (profile, opts, x) = question(url, profile, options)?;
    let parsed = tokenize(&x);
    let units = unit_infos(&x, &parsed);
    let outcome = run_profile(&x, profile, &opts);
    let tracking = TrackingList::default();
    let mut r =
        urlscope_core::modern::report(&x, &parsed, &units, &outcome, profile, &opts, &tracking);
    if let Some(w) = window {
        r.keep_window(w);
    }
    let mut out = Vec::new();
    urlscope_core::modern::write_report_json(&r, &mut out)
        .map_err(|e| JsError::new(&e.to_string()))?;
    Ok(text(out))
}

/// `urlscope same --json -p PROFILE A B`'s text, without its newline. `options` is the JSON of
/// `{base, pdfState, profile}`.
#[wasm_bindgen(js_name = sameJson)]
pub fn same_json(a: &str, b: &str, options: &str) -> Result<String, JsError> {
    let opts = parse_options(options)?;
    let chosen = options::chosen_profile(options)?;
    let (a, b) = (read(a), read(b));
    let s = urlscope_core::same(&a, &b, &opts);
    serde_json::to_string_pretty(&s.json(&a, &b, chosen)).map_err(|e| JsError::new(&e.to_string()))
}

/// `urlscope tokens --classes URL`'s text: the span list, then one line a unit.
#[wasm_bindgen]
pub fn tokenize_text(url: &str) -> String {
    notation::tokens_text(url.as_bytes(), true)
}

/// `urlscope host --json [--base BASE] URL`'s line, without its newline (`base` empty: none).
#[wasm_bindgen(js_name = hostJson)]
pub fn host_json(url: &str, base: &str) -> String {
    let base = (!base.is_empty()).then_some(base.as_bytes());
    let r = inspect_host(&read(url), base);
    notation::json_visible(&serde_json::to_string(&r).unwrap_or_default())
}

/// `urlscope unwrap --json URL`'s line, without its newline.
#[wasm_bindgen(js_name = unwrapJson)]
pub fn unwrap_json(url: &str) -> String {
    let x = url.as_bytes();
    serde_json::to_string(&urlscope_core::unwrap(x).json(x)).unwrap_or_default()
}

/// `urlscope extract --json [--as KIND] FILE`'s lines, each with its newline (`kind`
/// empty: guessed from the text, as the CLI guesses it).
#[wasm_bindgen(js_name = extractJson)]
pub fn extract_json(input: &str, kind: &str) -> Result<String, JsError> {
    let kind = match kind {
        "" => None,
        "mail" => Some(Kind::Mail),
        "html" => Some(Kind::Html),
        "text" => Some(Kind::Text),
        other => {
            return Err(JsError::new(&format!(
                "unknown kind '{other}' (one of: mail, html, text)"
            )));
        }
    };
    let found = urlscope_core::links(input.as_bytes(), kind, &Limits::default());
    let mut out = String::new();
    for link in &found.links {
        out.push_str(&serde_json::to_string(&record(link)).unwrap_or_default());
        out.push('\n');
    }
    Ok(out)
}

/// The copy-as forms of `url` under `profile`: `[{id, label, text}]` as JSON, each what
/// `urlscope get -p PROFILE '{as:ID}' URL` prints (which takes no base: with `options`' base,
/// the profile's result is the one the page shows); a form the URL has none of is left out.
#[wasm_bindgen(js_name = copyForms)]
pub fn copy_forms(url: &str, profile: &str, options: &str) -> Result<String, JsError> {
    let profile = parse_profile(profile)?;
    let opts = parse_options(options)?;
    let x = read(url);
    let result = if profile == Profile::None {
        x.to_vec()
    } else {
        run_profile(&x, profile, &opts).output
    };
    let all: Vec<serde_json::Value> = FormId::ALL
        .into_iter()
        .filter_map(|id| {
            let text = form(id, &x, &result)?;
            Some(
                serde_json::json!({"id": id.name(), "label": id.title(), "text": self::text(text)}),
            )
        })
        .collect();
    Ok(serde_json::Value::Array(all).to_string())
}
