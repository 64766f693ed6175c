//! Defanged input (`hxxps://evil[.]example/`) read back wherever a URL is read: the core's
//! refanger ([`urlscope_core::modern::refang`]) and the one note that says it happened.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether inputs are refanged at all (`--no-refang` says no).
static ENABLED: AtomicBool = AtomicBool::new(true);

/// Set by the command line for the subcommand it runs.
pub fn set_enabled(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

/// Whether inputs are refanged (no `--no-refang`).
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// `x` as the URL it stands for — refanged when it is defanged — and, when it was, the note
/// for stderr (`refanged: read as https://evil.example/`; the caller escapes it as it says it).
pub fn read(x: &[u8]) -> (Cow<'_, [u8]>, Option<String>) {
    if !enabled() {
        return (Cow::Borrowed(x), None);
    }
    match urlscope_core::modern::refang(x) {
        Some(r) => {
            let note = note(&r);
            (Cow::Owned(r), Some(note))
        }
        None => (Cow::Borrowed(x), None),
    }
}

/// The note for a text read as `refanged`.
pub fn note(refanged: &[u8]) -> String {
    format!("refanged: read as {}", String::from_utf8_lossy(refanged))
}

/// [`read`], the note said on stderr at once.
pub fn read_saying(x: &[u8]) -> Cow<'_, [u8]> {
    let (url, note) = read(x);
    if let Some(n) = note {
        super::say(&n);
    }
    url
}
