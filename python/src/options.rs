//! The profile and its options from Python arguments, with errors that name the valid choices.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use urlscope_core::url::aliases;
use urlscope_core::{Options, PdfState, Profile};

/// The registry's profile names, in its order.
pub fn profile_names() -> Vec<&'static str> {
    Profile::ALL.iter().map(|p| p.name()).collect()
}

pub fn profile(name: &str) -> PyResult<Profile> {
    Profile::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown profile {name:?}; the profiles are: {}",
            profile_names().join(", ")
        ))
    })
}

/// The keyword options every profile takes (the command line's `--base`, `--pdf-state`,
/// `--host-aliases`).
pub const OPTION_NAMES: [&str; 3] = ["base", "pdf_state", "host_aliases"];

/// A str (UTF-8) or bytes argument as octets.
pub fn octets(v: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    if let Ok(s) = v.cast::<PyString>() {
        Ok(s.to_str()?.as_bytes().to_vec())
    } else if let Ok(b) = v.cast::<PyBytes>() {
        Ok(b.as_bytes().to_vec())
    } else {
        Err(PyTypeError::new_err(format!(
            "{what} must be str or bytes, not {}",
            v.get_type().name()?
        )))
    }
}

/// `host_aliases`: a mapping of alias to canonical host, or the text of an alias file
/// (`alias canonical` a line, `#` comments), as the command line's `--host-aliases FILE` reads.
fn host_aliases(v: &Bound<'_, PyAny>) -> PyResult<aliases::Aliases> {
    if let Ok(d) = v.cast::<PyDict>() {
        let mut text = Vec::new();
        for (k, val) in d.iter() {
            text.extend(octets(&k, "a host_aliases key")?);
            text.push(b' ');
            text.extend(octets(&val, "a host_aliases value")?);
            text.push(b'\n');
        }
        return parse_aliases(&text);
    }
    match octets(v, "host_aliases") {
        Ok(text) => parse_aliases(&text),
        Err(_) => Err(PyTypeError::new_err(format!(
            "host_aliases must be a dict {{alias: canonical}} or the text of an alias file \
             (str or bytes), not {}",
            v.get_type().name()?
        ))),
    }
}

fn parse_aliases(text: &[u8]) -> PyResult<aliases::Aliases> {
    aliases::parse(text)
        .map_err(|(line, msg)| PyValueError::new_err(format!("host_aliases line {line}: {msg}")))
}

/// `Options` from the keyword arguments; an unknown keyword names the valid ones.
pub fn options(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let mut opts = Options::default();
    let Some(kwargs) = kwargs else {
        return Ok(opts);
    };
    for (k, v) in kwargs.iter() {
        let key: String = k.extract()?;
        if v.is_none() {
            continue;
        }
        match key.as_str() {
            "base" => opts.base = Some(octets(&v, "base")?),
            "pdf_state" => {
                let name: String = v.extract()?;
                opts.pdf_state = PdfState::from_name(&name).ok_or_else(|| {
                    let valid: Vec<&str> = PdfState::ALL.iter().map(|s| s.name()).collect();
                    PyValueError::new_err(format!(
                        "unknown pdf_state {name:?}; the states are: {}",
                        valid.join(", ")
                    ))
                })?;
            }
            "host_aliases" => opts.host_aliases = host_aliases(&v)?,
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "unknown option {key:?}; the options are: {}",
                    OPTION_NAMES.join(", ")
                )));
            }
        }
    }
    Ok(opts)
}
