//! What `values` may be, and the answer in the same shape: a str or bytes gives a str or bytes;
//! anything with `__arrow_c_array__` (a pyarrow Array, …) a pyarrow Array; anything with
//! `__arrow_c_stream__` (a pyarrow ChunkedArray, a Polars Series, …) a pyarrow ChunkedArray; a
//! list or tuple of str, bytes and None a pyarrow Array. Arrow input is read in place.

use std::sync::Arc;

use arrow_array::builder::{BinaryBuilder, StringBuilder};
use arrow_array::{Array, ArrayRef};
use arrow_schema::{Field, FieldRef};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};
use pyo3::{IntoPyObjectExt, intern};
use pyo3_arrow::{PyArray, PyChunkedArray};

use crate::column::{self, ACCEPTED, Problem};
use crate::guard::detached;

/// The values a function was given.
pub enum Values {
    Str(String),
    Bytes(Vec<u8>),
    /// One Arrow array (from `__arrow_c_array__`, or built from a list).
    Array(ArrayRef),
    /// The chunks of an Arrow stream (`__arrow_c_stream__`).
    Chunked(Vec<ArrayRef>, FieldRef),
}

impl Values {
    pub fn from_py(v: &Bound<'_, PyAny>) -> PyResult<Values> {
        let py = v.py();
        if let Ok(s) = v.cast::<PyString>() {
            return Ok(Values::Str(s.to_str()?.to_owned()));
        }
        if let Ok(b) = v.cast::<PyBytes>() {
            return Ok(Values::Bytes(b.as_bytes().to_vec()));
        }
        if v.hasattr(intern!(py, "__arrow_c_array__"))? {
            let (array, _field) = v.extract::<PyArray>()?.into_inner();
            return Ok(Values::Array(array));
        }
        if v.hasattr(intern!(py, "__arrow_c_stream__"))? {
            let (chunks, field) = v.extract::<PyChunkedArray>()?.into_inner();
            return Ok(Values::Chunked(chunks, field));
        }
        if let Ok(l) = v.cast::<PyList>() {
            return list(l.iter()).map(Values::Array);
        }
        if let Ok(t) = v.cast::<PyTuple>() {
            return list(t.iter()).map(Values::Array);
        }
        Err(PyTypeError::new_err(format!(
            "values must be a str, bytes, a list of str or bytes, or an Arrow array or stream \
             (__arrow_c_array__ / __arrow_c_stream__: pyarrow, Polars, DuckDB, …), not {}",
            v.get_type().name()?
        )))
    }

    /// The number of values (1 for a str or bytes).
    pub fn len(&self) -> usize {
        match self {
            Values::Str(_) | Values::Bytes(_) => 1,
            Values::Array(a) => a.len(),
            Values::Chunked(c, _) => c.iter().map(|a| a.len()).sum(),
        }
    }

    /// The Arrow arrays holding the values (a str or bytes as a one-row array).
    pub fn arrays(&self) -> Vec<ArrayRef> {
        match self {
            Values::Str(s) => vec![Arc::new(arrow_array::StringArray::from(vec![s.as_str()]))],
            Values::Bytes(b) => vec![Arc::new(arrow_array::BinaryArray::from(vec![b.as_slice()]))],
            Values::Array(a) => vec![a.clone()],
            Values::Chunked(c, _) => c.clone(),
        }
    }

    /// Check the values' type before any work (a stream of no chunks included).
    pub fn check_type(&self) -> PyResult<()> {
        let dt = match self {
            Values::Str(_) | Values::Bytes(_) => return Ok(()),
            Values::Array(a) => a.data_type().clone(),
            Values::Chunked(_, f) => f.data_type().clone(),
        };
        column::answer_type(&dt).map(|_| ()).map_err(problem)
    }

    /// Apply `f` to every non-null value with the GIL released; the answer has the shape of the
    /// values. `f` appends a value's answer and says whether there is one: a value without one
    /// answers null (None for a str or bytes).
    pub fn map<F>(self, py: Python<'_>, mut f: F) -> PyResult<Py<PyAny>>
    where
        F: FnMut(&[u8], &mut Vec<u8>) -> bool + Send,
    {
        self.check_type()?;
        match self {
            Values::Str(s) => {
                let Some(out) = detached(py, || one(&mut f, s.as_bytes()))? else {
                    return Ok(py.None());
                };
                let text = String::from_utf8(out).map_err(|_| problem(Problem::NotUtf8(0)))?;
                text.into_py_any(py)
            }
            Values::Bytes(b) => match detached(py, || one(&mut f, &b))? {
                Some(out) => PyBytes::new(py, &out).into_py_any(py),
                None => Ok(py.None()),
            },
            Values::Array(a) => {
                let out = detached(py, || column::map(a.as_ref(), &mut f))?.map_err(problem)?;
                Ok(PyArray::from_array_ref(out).to_pyarrow(py)?.unbind())
            }
            Values::Chunked(chunks, field) => {
                let dt = column::answer_type(field.data_type()).map_err(problem)?;
                let out = detached(py, || -> Result<Vec<ArrayRef>, Problem> {
                    let mut offset = 0;
                    let mut out = Vec::with_capacity(chunks.len());
                    for c in &chunks {
                        out.push(column::map(c.as_ref(), &mut f).map_err(|p| shift(p, offset))?);
                        offset += c.len();
                    }
                    Ok(out)
                })?
                .map_err(problem)?;
                let field = Arc::new(Field::new(field.name(), dt, true));
                Ok(PyChunkedArray::try_new(out, field)?
                    .into_pyarrow(py)?
                    .unbind())
            }
        }
    }
}

/// One value's answer, if it has one.
fn one(f: &mut impl FnMut(&[u8], &mut Vec<u8>) -> bool, x: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    f(x, &mut out).then_some(out)
}

/// A row number in a chunk made a row number in the whole stream.
fn shift(p: Problem, offset: usize) -> Problem {
    match p {
        Problem::NotUtf8(row) => Problem::NotUtf8(row + offset),
        other => other,
    }
}

/// A list of str (a string array), or of bytes (a binary array); None is a null.
fn list<'py>(items: impl Iterator<Item = Bound<'py, PyAny>>) -> PyResult<ArrayRef> {
    let items: Vec<Bound<'py, PyAny>> = items.collect();
    let any_bytes = items.iter().any(|i| i.is_instance_of::<PyBytes>());
    let any_str = items.iter().any(|i| i.is_instance_of::<PyString>());
    if any_bytes && any_str {
        return Err(PyTypeError::new_err(
            "values mixes str and bytes: give one kind (bytes answer with bytes, str with str)",
        ));
    }
    let bad = |i: usize, item: &Bound<'py, PyAny>| -> PyResult<PyErr> {
        Ok(PyTypeError::new_err(format!(
            "values[{i}] must be str, bytes or None, not {}",
            item.get_type().name()?
        )))
    };
    if any_bytes {
        let mut b = BinaryBuilder::new();
        for (i, item) in items.iter().enumerate() {
            if item.is_none() {
                b.append_null();
            } else if let Ok(x) = item.cast::<PyBytes>() {
                b.append_value(x.as_bytes());
            } else {
                return Err(bad(i, item)?);
            }
        }
        Ok(Arc::new(b.finish()))
    } else {
        let mut b = StringBuilder::new();
        for (i, item) in items.iter().enumerate() {
            if item.is_none() {
                b.append_null();
            } else if let Ok(x) = item.cast::<PyString>() {
                b.append_value(x.to_str()?);
            } else {
                return Err(bad(i, item)?);
            }
        }
        Ok(Arc::new(b.finish()))
    }
}

/// A column problem as the Python exception it is.
pub fn problem(p: Problem) -> PyErr {
    match p {
        Problem::Type(t) => PyTypeError::new_err(format!(
            "values must be of type {ACCEPTED}, not {t}; cast it first (pyarrow.compute.cast)"
        )),
        Problem::NotUtf8(row) => PyValueError::new_err(format!(
            "row {row}: the answer is not UTF-8 text, so a string column cannot hold it; pass \
             the values as binary (pyarrow.binary() or bytes) to get its octets"
        )),
        Problem::TooLarge => PyValueError::new_err(
            "the answers exceed 2 GiB, more than a string or binary array holds; pass \
             large_string or large_binary values",
        ),
        Problem::Lengths(a, b) => PyValueError::new_err(format!(
            "a has {a} values and b has {b}: they must have the same length"
        )),
    }
}
