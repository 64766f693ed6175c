//! `urlscope explain --json` (and the step records `normalize --json` shares): the report parses
//! as JSON, re-serializes to the same octets, and every octet string in it decodes back to the
//! octets it stands for (`{"hex": …}` for non-UTF-8). The text renderer, with and without
//! colour, lets no control, C1 or bidi character of the input reach the terminal.
//! The first octet picks the profile and the PDF options.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, x)) = data.split_first() else {
        return;
    };
    urlscope_fuzz::check_explain(sel, x);
});
