//! The components pane shows the core's decoded view (docs/rules.md, "The tokenizer"): triplets decoded once, and
//! under FidoURL a raw `+` as a space only in the scheme-specific part — the scheme `svn+ssh`
//! keeps its `+`.

use crate::support;

use support::tui::{act, app, buffer, text};
use urlscope::tui::msg::command::Command;
use urlscope_core::Profile;

fn row<'a>(screen: &'a str, name: &str) -> &'a str {
    screen
        .lines()
        .find(|l| l.trim_start_matches('│').starts_with(name))
        .unwrap_or_else(|| panic!("no {name} row in\n{screen}"))
}

#[test]
fn plus_is_a_space_only_in_the_fido_ssp() {
    let mut a = app(b"svn+ssh://h/a+b%2541", 120, 40);
    act(&mut a, Command::Profile(Profile::Fido));
    let screen = text(&buffer(&a, 120, 40));
    let scheme = row(&screen, "scheme");
    assert!(scheme.contains("svn+ssh"), "{scheme}");
    assert!(
        !scheme.contains('⇒'),
        "the scheme's '+' is not data: {scheme}"
    );
    let path = row(&screen, "path");
    assert!(path.contains("/a+b%2541 ⇒ /a b%41"), "{path}");
    // Under another profile the '+' stays a '+'; the triplet is still decoded once.
    act(&mut a, Command::Profile(Profile::Rfc1738));
    let screen = text(&buffer(&a, 120, 40));
    let path = row(&screen, "path");
    assert!(path.contains("/a+b%2541 ⇒ /a+b%41"), "{path}");
}
