//! The inspector's pictures in the docs are generated: README.md's screen capture and the inspector
//! section of docs/guide.md (its captures from TestBackend, its key table from `keymap::BINDINGS`),
//! so neither can drift. `URLSCOPE_WRITE_README=1` rewrites them; otherwise the tests fail when one
//! is out of date.

use crate::support;
use support::tui::{act, app_with, buffer, row};

use urlscope::tui::LaunchOptions;
use urlscope::tui::keys::bindings::Scope;
use urlscope::tui::keys::keymap::BINDINGS;
use urlscope::tui::keys::names::{command_name, scope_name};
use urlscope::tui::msg::command::Command;
use urlscope::tui::msg::{Msg, Overlay};

fn capture(w: u16, h: u16, actions: Vec<Msg>) -> String {
    let mut app = app_with(&LaunchOptions::default(), w, h);
    for a in actions {
        act(&mut app, a);
    }
    let b = buffer(&app, w, h);
    (0..h)
        .map(|y| row(&b, y).trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

fn keys_table() -> String {
    let mut out =
        String::from("| Key | Where | Command (config) | What it does |\n|---|---|---|---|\n");
    for scope in Scope::ALL {
        for b in BINDINGS.iter().filter(|b| b.scope == scope) {
            let label = b.label.replace('|', "\\|");
            out.push_str(&format!(
                "| `{label}` | {} | `{}.{}` | {} |\n",
                scope.describe(),
                scope_name(scope),
                command_name(b.cmd),
                b.help
            ));
        }
    }
    out
}

/// The README's one picture: the main screen on the built-in example.
fn readme_capture() -> String {
    format!("```text\n{}\n```\n", capture(100, 30, vec![]))
}

/// docs/guide.md's generated section: the main screen, the views, the resolve view, the key table.
fn guide_section() -> String {
    format!(
        "## The inspector\n\n\
`urlscope [URL]` opens the interactive inspector; with no URL it opens on a built-in example. \
The main screen at 100×30 (a TestBackend capture of the built-in example):\n\n\
```text\n{}\n```\n\n\
F1 (or `?` when no input has focus) lists every key; the bottom line shows the most used ones. \
Ctrl+Y copies the active profile's result octets; in the components pane ↑↓ (Home/End) select \
a row and `Y` (Alt+Y) copies that component, segment, param or query pair as raw octets. On X11 \
and Wayland the copy goes to the clipboard and the primary selection and stays there after \
urlscope quits: like xclip or wl-copy, a small background urlscope process serves it until \
another program takes both selections. Over SSH the copy is sent to the terminal as OSC 52. The \
status line says which happened, or why nothing was copied. Ctrl+V (`v` outside the inputs) \
pastes the clipboard's text into the URL line. `--theme NAME|PATH` picks a theme (`default`, \
`light`, `high-contrast`, `mono`, or a file; a theme of the same name in \
`~/.config/urlscope/themes/` overrides a built-in one); NO_COLOR or `--color never` select \
`mono`. Every built-in theme reaches WCAG contrast 4.5:1 (xterm's palette, on the background \
the theme names with `background = \"dark\"|\"light\"`), the default theme's class colours \
stay apart under simulated protanopia and deuteranopia, and without colour the character strip \
marks each class with a small letter (ˢ safe, ʳ reserved, ᵘ unsafe, …). The end of the F1 list \
is a legend of every colour, style and symbol, drawn and described from the theme in use.\n\n\
### Views and learner tools\n\n\
- `0`–`6` (Alt+0–Alt+6 everywhere) pick the profile: the four historical ones, then `[5] RFC 3986` \
and `[6] WHATWG`, today's canonical forms (see [lenses.md](lenses.md)).\n\
- `m` compares all seven profiles' results for the input: the units that differ from the active \
profile's result are highlighted, and the profiles with identical results are grouped.\n\
- `r` resolves the URL line against the Base line: both sets of components side by \
side, the results by RFC 1808, RFC 3986 and WHATWG with their differences marked, the rule ids \
taken in order with their explanations, and the merged path before `D` and after each dot rule.\n\
- `p` compares how four real parsers split the URL, `h` shows what the host really is, `u` \
unwraps a wrapped link layer by layer (Enter loads a layer, Backspace or Alt+← goes back), and \
`x` copies the URL without its tracking parameters (see [lenses.md](lenses.md)).\n\
- F2 lists the sources' own examples under a heading per source (the resolution examples \
S-01…S-05 of URL编码 (an RFC 2396 tutorial), RFC 1808's X-01…X-39 with base \
`http://a/b/c/d;p?q#f`, the FidoURL `%%` texts J-01…J-05, Hyvätti's `<URL:…>` and `%7e` \
URLs), and two constructed examples each for RFC 1738 §2.2 and the PDF steps; Home/End jump \
to the first/last; Enter loads one (and its base, opening the resolve view).\n\
- `c` cycles the classification the character pane uses (profile default, C-1738, C-2396, \
C-Fido, and today's C-3986 — RFC 3986 §2.1–§2.4 — and C-WHATWG — the URL Standard's \
percent-encode sets, §1.3, for the unit's component), `l` a decoded preview line, per \
component (off, then UTF-8, ISO-8859-1, windows-1252, KOI8-R, IBM866, windows-1251, GB18030, \
Big5, Shift_JIS, EUC-JP, EUC-KR, then the `chardetng` guess, labelled `guess:`; invalid \
sequences marked in place as `⟨%FF⟩`; the components pane's `⇒` column follows the same \
charset; display only; the line is labelled `input`, as it decodes the input, not the result), \
`e` the PDF encoding state; all three show in the profile bar, where `C-2396*` marks a \
classification chosen with `c` instead of the profile's own (the status line says so).\n\
- The character detail lists all five classifications (today's two with their section, and \
for C-WHATWG every percent-encode set that holds the octet), `*` on the one in use, then the \
whole why text with each source cited once; when it does not fit, Shift+↑/Shift+↓ scroll it \
without moving the unit cursor.\n\
- Ctrl+T switches the second line between the base and \"compare with\": type another URL there \
and the view says, for each profile, whether the two are equal after it and after which step; \
RFC 3986 §6.2's ladder with the first rung at which they match; the WHATWG parser with and \
without the fragment; and below, each pair of results that differ with the differing units \
marked (the same as `urlscope same`). Tab moves between the two lines; Ctrl+T or Esc gives the \
second line back to the base.\n\
- F3 opens the practice view: an exercise (a text, a component, a rule set — 33, easiest \
first), you type the encoded form, Enter checks it and marks each wrong, missing or needless \
`%XX` with the rule it breaks; ↑/↓ move between exercises; what you solved is kept for the run.\n\
- `a` edits the Hyvätti host aliases (`alias canonical` per line, applied to H6 on Esc).\n\
- The mouse selects a profile, a component, a unit or a step with a click; the wheel scrolls \
the pane under the pointer.\n\n\
The resolve view after F2, ↓, ↓, Enter (example S-03):\n\n\
```text\n{}\n```\n\n\
### Keys\n\n\
Generated from the keymap table the app itself uses (`BINDINGS` in `src/tui/keys/bindings.rs`). \
The command column is `SCOPE.COMMAND` as a config file's `[keys.SCOPE]` table names it, to give a \
command your own keys ([config.md](config.md#your-own-keys)); `urlscope keys` prints the keys in \
effect, yours included.\n\n{}",
        capture(100, 30, vec![]),
        capture(
            100,
            30,
            vec![
                Command::Show(Overlay::Examples(2)).into(),
                Command::Choose.into(),
            ]
        ),
        keys_table()
    )
}

/// Checks (or with `URLSCOPE_WRITE_README` rewrites) the text between the markers `<!-- NAME:
/// generated by tests/tui/tui_readme.rs -->` and `<!-- NAME: end -->` of a file of the repository.
fn check_generated(file: &str, name: &str, want: &str) {
    let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let begin = format!("<!-- {name}: generated by tests/tui/tui_readme.rs -->\n");
    let end = format!("<!-- {name}: end -->\n");
    let (Some(a), Some(z)) = (text.find(&begin), text.find(&end)) else {
        panic!("{file} lacks the generated {name} section markers");
    };
    let have = &text[a + begin.len()..z];
    if std::env::var_os("URLSCOPE_WRITE_README").is_some() {
        let updated = format!("{}{begin}{want}{}", &text[..a], &text[z..]);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    assert!(
        have == want,
        "{file}'s {name} section is out of date; rerun with URLSCOPE_WRITE_README=1"
    );
}

#[test]
fn readme_capture_is_current() {
    check_generated("README.md", "capture", &readme_capture());
}

#[test]
fn guide_inspector_section_is_current() {
    check_generated("docs/guide.md", "inspector", &guide_section());
}

/// The screen of an insta snapshot file: its rows, unquoted, trailing blanks cut.
fn snapshot_screen(file: &str) -> String {
    let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    // The body follows the metadata between the first two `---` lines.
    let body = text.splitn(3, "---\n").nth(2).unwrap_or("");
    body.lines()
        .map(|l| {
            // The TestBackend's rows are quoted as they are drawn (nothing escaped).
            let l = l
                .strip_prefix('"')
                .and_then(|l| l.strip_suffix('"'))
                .unwrap_or(l);
            l.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A capture in the docs that names its snapshot (`` (`tests/tui/snapshots/….snap`) `` in the
/// sentence before a `text` block) is that snapshot: when a view changes and its snapshot is
/// taken again, the docs follow (`URLSCOPE_WRITE_README=1` rewrites them).
#[test]
fn docs_captures_are_their_snapshots() {
    let write = std::env::var_os("URLSCOPE_WRITE_README").is_some();
    let mut stale = Vec::new();
    for doc in ["docs/guide.md", "docs/lenses.md"] {
        let path = format!("{}/{doc}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{doc}: {e}"));
        let mut out = String::new();
        let mut rest = text.as_str();
        let mut named = 0;
        while let Some(at) = rest.find("`tests/tui/snapshots/") {
            let from = at + 1;
            let end = from + rest[from..].find('`').expect("a closing backtick");
            let snap = rest[from..end].to_string();
            let Some(open) = rest[end..].find("```text\n").map(|o| end + o + 8) else {
                break;
            };
            let close = open + rest[open..].find("\n```").expect("a closed block");
            named += 1;
            let want = snapshot_screen(&snap);
            if rest[open..close] != want {
                stale.push(format!("{doc}: {snap}"));
            }
            out.push_str(&rest[..open]);
            out.push_str(&want);
            rest = &rest[close..];
        }
        out.push_str(rest);
        assert!(named > 0, "{doc} names no snapshot");
        if write && out != text {
            std::fs::write(&path, out).unwrap();
        }
    }
    assert!(
        write || stale.is_empty(),
        "captures out of date (rerun with URLSCOPE_WRITE_README=1):\n{}",
        stale.join("\n")
    );
}
