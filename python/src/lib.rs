//! The `urlscope` Python module: values in, the core's functions, an Arrow array out. Nothing is
//! computed here that the core does not compute for the command line too.

mod column;
mod guard;
mod options;
mod values;

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::borrow::Cow;
use urlscope_core::{Kind, Limits, input};

use urlscope_core::Parsed;
use urlscope_core::modern;
use urlscope_core::modern::Template;
use urlscope_core::modern::TrackingList;
use urlscope_core::url::Normalizer;
use urlscope_core::url::{Detail, tokenize_into};

use crate::column::Problem;
use crate::guard::detached;
use crate::values::{Values, problem};

/// `x` as the URL it stands for when it is defanged (`hxxps://evil[.]example/`), as the command
/// line reads every URL (without its note on stderr: a pipeline has no one to tell).
fn refanged(x: &[u8]) -> Cow<'_, [u8]> {
    modern::refang(x).map_or(Cow::Borrowed(x), Cow::Owned)
}

/// Normalize each value under a profile, as ``urlscope normalize -p PROFILE`` does.
///
/// ``values`` is a str or bytes (the answer is one str or bytes), an Arrow array or stream
/// (pyarrow Array/ChunkedArray, Polars Series, anything with ``__arrow_c_array__`` or
/// ``__arrow_c_stream__``) of string or binary type, or a list of str or bytes. An Arrow
/// answer has the same length, nulls where the values are null, string for string and binary
/// for binary. ``options``: ``base``, ``pdf_state``, ``host_aliases`` (the command line's
/// ``--base``, ``--pdf-state``, ``--host-aliases``).
///
/// >>> urlscope.normalize("HTTP://Example.COM:80/a/./b", "rfc3986")
/// 'http://example.com/a/b'
/// >>> urlscope.normalize(pa.array(["HTTP://A.com/%7e", None]), "whatwg").to_pylist()
/// ['http://a.com/%7e', None]
#[pyfunction]
#[pyo3(signature = (values, profile, **options))]
fn normalize(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    profile: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let profile = options::profile(profile)?;
    let opts = options::options(options)?;
    let values = Values::from_py(values)?;
    let mut norm = Normalizer::new(profile, opts);
    values.map(py, move |x, out| {
        norm.normalize_into(&refanged(x), out);
        true
    })
}

/// The key two values share exactly when :func:`same` calls them the same under the profile:
/// the profile's answer, for joins and deduplication (``GROUP BY key(url, 'whatwg')``).
///
/// >>> urlscope.key(["http://a.com:80/", "HTTP://A.COM/"], "rfc3986").to_pylist()
/// ['http://a.com/', 'http://a.com/']
#[pyfunction]
#[pyo3(signature = (values, profile, **options))]
fn key(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    profile: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    normalize(py, values, profile, options)
}

/// Whether ``a[i]`` and ``b[i]`` are the same URL under the profile (their answers are equal
/// octet for octet), as ``urlscope same -p PROFILE`` decides. Two str or bytes give a bool;
/// otherwise a pyarrow boolean Array, null where either value is null.
///
/// >>> urlscope.same("http://a.com/%7euser", "http://A.com/~user", "rfc3986")
/// True
#[pyfunction]
#[pyo3(signature = (a, b, profile, **options))]
fn same(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    profile: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let profile = options::profile(profile)?;
    let opts = options::options(options)?;
    let (a, b) = (Values::from_py(a)?, Values::from_py(b)?);
    a.check_type()?;
    b.check_type()?;
    if a.len() != b.len() {
        return Err(problem(Problem::Lengths(a.len(), b.len())));
    }
    let scalar = matches!(a, Values::Str(_) | Values::Bytes(_))
        && matches!(b, Values::Str(_) | Values::Bytes(_));
    let (xa, xb) = (a.arrays(), b.arrays());
    let answer = detached(py, move || -> Result<_, Problem> {
        let mut norm = Normalizer::new(profile, opts);
        let (mut ka, mut kb) = (Vec::new(), Vec::new());
        let mut rows_a = Vec::new();
        for c in &xa {
            rows_a.push(column::rows(c.as_ref())?);
        }
        let mut rows_b = Vec::new();
        for c in &xb {
            rows_b.push(column::rows(c.as_ref())?);
        }
        Ok(column::compare(
            rows_a.into_iter().flatten(),
            rows_b.into_iter().flatten(),
            &mut |x, y| {
                ka.clear();
                kb.clear();
                norm.normalize_into(&refanged(x), &mut ka);
                norm.normalize_into(&refanged(y), &mut kb);
                ka == kb
            },
        ))
    })?
    .map_err(problem)?;
    if scalar {
        return answer.value(0).into_py_any(py);
    }
    Ok(
        pyo3_arrow::PyArray::from_array_ref(std::sync::Arc::new(answer))
            .to_pyarrow(py)?
            .unbind(),
    )
}

/// Fill a template for each value, as ``urlscope get TEMPLATE -p PROFILE`` does: trurl's
/// placeholders (``{scheme}``, ``{host}``, ``{port}``, ``{path}``, ``{query:NAME}``,
/// ``{query-all:NAME}``, ``{fragment}``, ``{url}``; ``{:NAME}`` as written, ``{default:port}``,
/// ``{puny:host}``, ``{idn:host}``, ``{must:NAME}``) and urlscope's (``{registrable}``,
/// ``{suffix}``, ``{target}``, ``{profile:NAME}``, ``{as:FORM}``, the form of ``profile``'s
/// answer). An absent part is empty; a ``{must:…}`` placeholder the URL has no part for makes
/// that value's answer null (None for a str or bytes), where the command line skips the
/// record with a message. Values are taken and answered as by :func:`normalize`.
///
/// >>> urlscope.get("https://a.example.co.uk:8080/p?k=v", "{host} {port} {registrable} {query:k}")
/// 'a.example.co.uk 8080 example.co.uk v'
/// >>> urlscope.get(pa.array(["http://h/", "http://h:81/", None]), "{must:port}").to_pylist()
/// [None, '81', None]
#[pyfunction]
#[pyo3(signature = (values, template, profile = "none"))]
fn get(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    template: &str,
    profile: &str,
) -> PyResult<Py<PyAny>> {
    let profile = options::profile(profile)?;
    let template = Template::parse(template).map_err(PyValueError::new_err)?;
    let values = Values::from_py(values)?;
    let mut parsed = Parsed::default();
    values.map(py, move |x, out| {
        let x = refanged(x);
        tokenize_into(&mut parsed, &x, true, Detail::Structure);
        template
            .render(&x, &parsed, profile, out, &mut |_, _, _, _| {})
            .is_ok()
    })
}

/// The profiles' names, in the registry's order (the ``-p`` names of the command line).
///
/// >>> urlscope.profiles()[:3]
/// ['none', 'rfc1738', 'hyvatti']
#[pyfunction]
fn profiles() -> Vec<&'static str> {
    options::profile_names()
}

/// Every link in an e-mail message (or mbox), an HTML page or text: one dict per link, the
/// objects ``urlscope extract --json`` writes (``url``, ``line``, ``source``, ``text``,
/// ``target``, ``host``, ``registrable``, ``registrable_ascii``, ``findings``, ``repairs``,
/// ``may_continue``). ``kind`` is ``"mail"``, ``"html"``,
/// ``"text"`` or None (detected). A URL that is not UTF-8 is ``{"hex": "…"}``.
///
/// >>> [l["url"] for l in urlscope.extract("see <https://a.com/x> and www.b.org.")]
/// ['https://a.com/x', 'www.b.org']
#[pyfunction]
#[pyo3(signature = (text, kind=None))]
fn extract(py: Python<'_>, text: &Bound<'_, PyAny>, kind: Option<&str>) -> PyResult<Py<PyAny>> {
    let kind = match kind {
        None => None,
        Some(k) => Some(
            [Kind::Mail, Kind::Html, Kind::Text]
                .into_iter()
                .find(|c| c.name() == k)
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "unknown kind {k:?}; the kinds are: mail, html, text (or None to detect)"
                    ))
                })?,
        ),
    };
    let text = options::octets(text, "text")?;
    let json = detached(py, move || {
        let found = urlscope_core::links(&text, kind, &Limits::default());
        let records: Vec<_> = found.links.iter().map(input::record).collect();
        serde_json::to_string(&records).expect("JSON values serialize")
    })?;
    let loads = py.import("json")?.getattr("loads")?;
    Ok(loads.call1((json,))?.unbind())
}

/// The explanation of one URL under a profile: the document ``urlscope explain --json -p
/// PROFILE`` writes, as Python objects (its schema is the command line's, docs/cli.md): the
/// components, every octet's unit with its classes, the query table, the profile's steps with
/// their edits and texts, warnings, errors, the output and the diff. An octet string that is not
/// UTF-8 is ``{"hex": "…"}``. The query table's tracking parameters are the built-in list (the
/// command line adds a user's configured ones). ``options`` as for :func:`normalize`.
///
/// >>> d = urlscope.explain("HTTP://Example.COM/%7e", "rfc3986")
/// >>> d["output"], [s["id"] for s in d["steps"] if s["edits"]]
/// ('http://example.com/~', ['uppercase-hex', 'decode-unreserved', 'lowercase-scheme-host'])
#[pyfunction]
#[pyo3(signature = (url, profile = "rfc1738", **options))]
fn explain(
    py: Python<'_>,
    url: &Bound<'_, PyAny>,
    profile: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let profile = options::profile(profile)?;
    let opts = options::options(options)?;
    let x = options::octets(url, "url")?;
    let json = detached(py, move || {
        modern::explain_json(&refanged(&x), profile, &opts, &TrackingList::default())
    })?;
    let loads = py.import("json")?.getattr("loads")?;
    Ok(loads.call1((PyBytes::new(py, &json),))?.unbind())
}

/// Panics on purpose, under the same guard as every function: the tests check that a Rust
/// panic arrives as a ``RuntimeError``.
#[pyfunction]
fn _panic(py: Python<'_>) -> PyResult<()> {
    detached(py, || panic!("a panic on purpose"))
}

#[pymodule]
fn urlscope(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(key, m)?)?;
    m.add_function(wrap_pyfunction!(same, m)?)?;
    m.add_function(wrap_pyfunction!(get, m)?)?;
    m.add_function(wrap_pyfunction!(profiles, m)?)?;
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(_panic, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
