//! urlscope.tmux end to end: a tmux server loads the plugin by `run-shell` (as TPM does), a
//! client attached to it runs inside a second tmux (whose pane the test reads, popup included),
//! the key opens `pick` over the pane's scrollback in a popup, and Enter copies or pastes the
//! link, whole even where the terminal wrapped it.

use crate::support;
use support::tmux::{BIN, Tmux, have, wait};

use std::path::Path;
use std::process::Command;

/// A link longer than the inner pane is wide: the terminal wraps it over two lines.
const LINK: &str = "https://example.org/a/rather/long/path/that/wraps/in/a/narrow/pane?q=1";

/// The tmux server the plugin is loaded into (its own socket), killed on drop.
struct Inner {
    socket: String,
}

impl Inner {
    fn start(action: &str, pane_cmd: &str) -> Inner {
        let socket = format!("urlscope-plugin-{action}-{}", std::process::id());
        let plugin = Path::new(env!("CARGO_MANIFEST_DIR")).join("urlscope.tmux");
        let conf = std::env::temp_dir().join(format!("{socket}.conf"));
        std::fs::write(
            &conf,
            format!(
                "set -g @urlscope-bin '{BIN}'\nset -g @urlscope-action {action}\n\
                 set -g @urlscope-key u\nset -g status off\nrun-shell '{}'\n",
                plugin.display()
            ),
        )
        .unwrap();
        let inner = Inner { socket };
        let out = inner.tmux(&[
            "-f",
            conf.to_str().unwrap(),
            "new-session",
            "-d",
            "-s",
            "s",
            "-x",
            "40",
            "-y",
            "12",
            pane_cmd,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        inner
    }

    fn tmux(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .env("XDG_CONFIG_HOME", "/nonexistent/urlscope-tests")
            .output()
            .expect("run tmux")
    }

    fn out(&self, args: &[&str]) -> String {
        String::from_utf8_lossy(&self.tmux(args).stdout).into_owned()
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
    }
}

/// The pane prints some text with the long link, then waits (cat echoes what is pasted).
fn pane_cmd() -> String {
    format!("printf 'build done\\nsee {LINK} for the log\\n'; exec cat")
}

/// Attach a client to `inner` inside an outer tmux at 80×24; open the popup and pick.
fn pick_in_popup(inner: &Inner) -> Tmux {
    // The inner pane shows the wrapped link before the key is pressed.
    wait("the pane's text", 10, || {
        inner
            .out(&["capture-pane", "-J", "-p", "-t", "s"])
            .contains("for the log")
            .then_some(())
    });
    // The outer tmux has no prefix of its own: C-b reaches the inner client.
    let outer = Tmux::start(
        "plugin-outer",
        (80, 24),
        "set -g prefix None\nset -g status off\n",
        &[],
        &["tmux", "-L", &inner.socket, "attach", "-t", "s"],
    );
    outer.wait_text("build done", 10);
    outer.keys(&["C-b", "u"]);
    // The popup lists the link whole: one entry, though the pane wrapped it.
    outer.wait_text("urlscope pick", 10);
    outer.wait_text("narrow/pane", 10);
    outer.keys(&["Enter"]);
    outer
}

#[test]
fn the_key_copies_the_chosen_link_whole() {
    if !have("tmux", "-V") {
        return;
    }
    let inner = Inner::start("copy", &pane_cmd());
    let _outer = pick_in_popup(&inner);
    let buffer = wait("the copied link in tmux's buffer", 10, || {
        let b = inner.out(&["show-buffer"]);
        (!b.is_empty()).then_some(b)
    });
    assert_eq!(buffer, LINK);
}

#[test]
fn the_key_pastes_the_chosen_link_into_the_pane() {
    if !have("tmux", "-V") {
        return;
    }
    let inner = Inner::start("paste", &pane_cmd());
    let _outer = pick_in_popup(&inner);
    // cat echoes the pasted text: the pane's joined text now holds the link a second time.
    wait("the link pasted into the pane", 10, || {
        let text = inner.out(&["capture-pane", "-J", "-p", "-t", "s"]);
        (text.matches(LINK).count() == 2).then_some(())
    });
}
