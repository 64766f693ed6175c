//! The options object of the JavaScript API (`{base, pdfState, profile}`), read from its JSON.

use serde::Deserialize;
use urlscope_core::{Options, PdfState, Profile};
use wasm_bindgen::JsError;

#[derive(Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Given {
    base: Option<String>,
    pdf_state: Option<String>,
    profile: Option<String>,
}

fn given(json: &str) -> Result<Given, JsError> {
    if json.trim().is_empty() {
        return Ok(Given::default());
    }
    serde_json::from_str(json).map_err(|e| {
        JsError::new(&format!(
            "options: {e} (the options are base, pdfState and profile)"
        ))
    })
}

/// The profile named `name` (`rfc3986`, `whatwg`, …), or an error that lists them all.
pub(crate) fn parse_profile(name: &str) -> Result<Profile, JsError> {
    Profile::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
        JsError::new(&format!(
            "unknown profile '{name}' (one of: {})",
            names.join(", ")
        ))
    })
}

/// The core's options from the options object's JSON (`""` or `{}`: the defaults).
pub(crate) fn parse_options(json: &str) -> Result<Options, JsError> {
    let g = given(json)?;
    let pdf_state = match g.pdf_state.as_deref() {
        None => PdfState::default(),
        Some(name) => PdfState::from_name(name).ok_or_else(|| {
            JsError::new(&format!(
                "unknown pdfState '{name}' (one of: {})",
                PdfState::ALL.map(PdfState::name).join(", ")
            ))
        })?,
    };
    Ok(Options {
        base: g.base.filter(|b| !b.is_empty()).map(String::into_bytes),
        pdf_state,
        ..Options::default()
    })
}

/// The profile of `same`'s verdict: the options' `profile`, else the CLI's default (RFC 3986).
pub(crate) fn chosen_profile(json: &str) -> Result<Profile, JsError> {
    match given(json)?.profile {
        Some(name) => parse_profile(&name),
        None => Ok(Profile::Rfc3986),
    }
}
