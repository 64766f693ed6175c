//! The inspector under a random user: the octets decode (with `arbitrary`) to a
//! sequence of steps — bindings in their contexts, typing, hostile and 1 MiB pastes, resizes,
//! clicks and the wheel, clipboard answers, analyses delivered late, twice or out of order —
//! sent to `App::update`; after every message a frame is drawn at the current size and the
//! invariants of `tests/common/tui_model` (shared with `tests/tui/tui_model.rs`) are checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    urlscope_fuzz::check_tui_model(data);
});
