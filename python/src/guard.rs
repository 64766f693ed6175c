//! No Rust panic crosses into Python: the work runs under `catch_unwind`, and a panic becomes a
//! `RuntimeError` (PyO3's own `PanicException` derives from `BaseException`, which a pipeline's
//! `except Exception` would not catch).

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// Run `work` with the GIL released; a panic inside it is returned as a `RuntimeError`.
pub fn detached<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(work)))
        .map_err(|payload| {
            let why = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".into());
            PyRuntimeError::new_err(format!(
                "urlscope: internal error (a bug, please report it with the input): {why}"
            ))
        })
}
