//! Every slot a theme file can set is drawn: its `Theme` field is read by the inspector's
//! drawing code (the views, the legend, the key list, or the span and class lookups), so no key
//! of the format is a style nobody sees.

use crate::support;
use support::sources::rust_files;

use std::fs;
use std::path::Path;

use urlscope::theme::Slot;

#[test]
fn every_slot_of_the_format_is_drawn() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut src: String = rust_files(&root.join("tui"))
        .iter()
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    // The lookups read `self.host`: count them as `theme.host`.
    src += &fs::read_to_string(root.join("theme/lookup.rs"))
        .unwrap()
        .replace("self.", "theme.");
    let unused: Vec<String> = Slot::ALL
        .iter()
        .filter(|s| {
            let f = s.field();
            // `theme.host`, `t.host`, `self.host` (the lookups), not `host_summary`.
            ![".", "theme."].iter().any(|pre| {
                src.match_indices(&format!("{pre}{f}")).any(|(i, m)| {
                    let next = src[i + m.len()..].chars().next();
                    !next.is_some_and(|c| c.is_alphanumeric() || c == '_')
                })
            })
        })
        .map(|s| format!("{}.{} (field {})", s.key().0, s.key().1, s.field()))
        .collect();
    assert!(unused.is_empty(), "slots nothing draws: {unused:?}");
}
