//! The config file's reader on any text: no panic; an error points inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = urlscope::config::from_text(Path::new("fuzz.toml"), text) {
        let shown = e.to_string();
        assert!(!shown.is_empty(), "an error says something");
    }
});
