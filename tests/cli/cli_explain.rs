//! `urlscope explain`, `extract`, the top level, `--help`, `completions` and `man` through the
//! real binary.

use crate::support;
use std::io::Write;
use std::process::{Command, Output, Stdio};
use support::*;

fn text(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

/// ESC, CSI, OSC, BEL, C1 CSI, bidi overrides, zero-width characters, a BOM, invalid UTF-8.
const HOSTILE: &[u8] = b"http://h\x1b[31m/\x1b]0;pwned\x07x\xc2\x9b2J\xe2\x80\xae\xe2\x81\xa6y\xe2\x80\x8b\xef\xbb\xbf\xff?q=\x08\x7f#\r\n";

/// Every ESC in `s` starts an SGR sequence `ESC [ digits/semicolons m`.
fn only_sgr(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        if s[i] == 0x1b {
            if s.get(i + 1) != Some(&b'[') {
                return false;
            }
            let mut j = i + 2;
            while j < s.len() && (s[j].is_ascii_digit() || s[j] == b';') {
                j += 1;
            }
            if s.get(j) != Some(&b'm') {
                return false;
            }
            i = j + 1;
        } else {
            i += 1;
        }
    }
    true
}

/// `s` without its SGR sequences.
fn strip_sgr(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == 0x1b {
            while i < s.len() && s[i] != b'm' {
                i += 1;
            }
            i += 1;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

fn no_raw_controls(s: &[u8]) -> bool {
    let t = String::from_utf8_lossy(s);
    !t.chars().any(|c| {
        let u = c as u32;
        (u < 0x20 && c != '\n')
            || u == 0x7f
            || (0x80..=0x9f).contains(&u)
            || (0x202a..=0x202e).contains(&u)
            || (0x2066..=0x2069).contains(&u)
            || (0x200b..=0x200f).contains(&u)
            || u == 0xfeff
    })
}

#[test]
fn explain_plain_shows_everything() {
    let o = run(
        &[
            b"explain",
            b"-p",
            b"hyvatti",
            b"HTTP://WWW.IKI.FI:80/%7ehyvatti/#x",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    let t = text(&o);
    for needle in [
        "Spans",
        "scheme",
        "authority-marker",
        "Components",
        "user      absent",
        "path      present \"/%7ehyvatti/\"  decoded \"/~hyvatti/\"",
        "fragment  present \"x\"",
        "Units",
        "unsafe-transport",
        "Steps (Hyvätti)",
        "hyv-char-pass — changed, 1 edit, rules: hyv-decode",
        "Hyvätti decodes this needless %XX",
        "source: ",
        "strip-port-80 — changed",
        "after   \"http://www.iki.fi/~hyvatti/\"",
        "[-%7e-]{+~+}",
        "[-#x-]",
    ] {
        assert!(t.contains(needle), "missing {needle:?} in\n{t}");
    }
    assert!(!o.stdout.contains(&0x1b));
    let t = text(&run(&[b"explain", b"http://a/%41"], b""));
    assert!(
        t.contains("hint-needless-encoding") && t.contains("Hints"),
        "{t}"
    );
}

#[test]
fn explain_components_present_absent_empty_and_decoded_once() {
    let t = text(&run(
        &[b"explain", b"-p", b"none", b"http://@:/a%2541?k=%41+b"],
        b"",
    ));
    assert!(t.contains("user      empty"), "{t}");
    assert!(t.contains("password  absent"), "{t}");
    assert!(t.contains("host      empty"), "{t}");
    assert!(t.contains("port      empty"), "{t}");
    // Decoded exactly once: %2541 shows as %41.
    assert!(t.contains("decoded \"/a%41\""), "{t}");
    // Under FidoURL a '+' in the SSP is also shown as a space.
    let t = text(&run(&[b"explain", b"-p", b"fido", b"http://h/?k=a+b"], b""));
    assert!(t.contains("value \"a+b\"  decoded \"a b\""), "{t}");
}

#[test]
fn explain_never_writes_hostile_octets_raw() {
    for args in [
        &[&b"explain"[..], b"-p", b"none"][..],
        &[b"explain", b"-p", b"rfc1738", b"--color", b"never"],
    ] {
        let mut a = args.to_vec();
        a.push(HOSTILE);
        let o = run(&a, b"");
        assert_eq!(o.status.code(), Some(0));
        assert!(!o.stdout.contains(&0x1b), "ESC in plain output");
        assert!(!o.stdout.contains(&0x07), "BEL in plain output");
        assert!(no_raw_controls(&o.stdout));
        let t = String::from_utf8(o.stdout).expect("escaped output is UTF-8");
        assert!(t.contains("\\x1B[31m"), "{t}");
        assert!(
            t.contains("⟨U+009B⟩") && t.contains("⟨U+202E⟩") && t.contains("⟨U+2066⟩"),
            "{t}"
        );
        assert!(
            t.contains("⟨U+200B⟩") && t.contains("⟨U+FEFF⟩") && t.contains("\\xFF"),
            "{t}"
        );
    }
    // NO_COLOR and a pipe: plain.
    let o = run_env(&[b"explain", HOSTILE], b"", &[("NO_COLOR", "1")]);
    assert!(!o.stdout.contains(&0x1b));
}

#[test]
fn explain_colour_is_sgr_only() {
    let o = run(
        &[
            b"explain", b"-p", b"rfc1738", b"--color", b"always", HOSTILE,
        ],
        b"",
    );
    assert!(o.stdout.contains(&0x1b), "--color always must colour");
    assert!(String::from_utf8_lossy(&o.stdout).contains("\x1b[1;95m\\x1B\x1b[0m"));
    assert!(only_sgr(&o.stdout), "an ESC that is not SGR");
    assert!(no_raw_controls(&strip_sgr(&o.stdout)));
    // `always` wins over NO_COLOR.
    let o = run_env(
        &[b"explain", b"--color", b"always", b"http://a/%7e"],
        b"",
        &[("NO_COLOR", "1")],
    );
    assert!(o.stdout.contains(&0x1b));
    // The theme colours: scheme magenta (35), host green (32), deletions red struck (31;9),
    // insertions bold green (1;32); escape tokens bold light magenta (1;95).
    let t = text(&o);
    assert!(
        t.contains("\x1b[35mhttp\x1b[0m") && t.contains("\x1b[32ma\x1b[0m"),
        "{t:?}"
    );
    assert!(
        t.contains("\x1b[31;9m%7e\x1b[0m") && t.contains("\x1b[1;32m%7E\x1b[0m"),
        "{t:?}"
    );
}

#[test]
fn explain_json_is_complete_and_lossless() {
    let o = run(&[b"explain", b"--json", b"-p", b"fido", HOSTILE], b"");
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(octets(&v["input"]), HOSTILE);
    // The spans rebuild the input.
    let rebuilt: Vec<u8> = v["spans"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| octets(&s["text"]))
        .collect();
    assert_eq!(rebuilt, HOSTILE);
    // The units rebuild the input, each with five classes.
    let units = v["units"].as_array().unwrap();
    let rebuilt: Vec<u8> = units.iter().flat_map(|u| octets(&u["text"])).collect();
    assert_eq!(rebuilt, HOSTILE);
    for u in units {
        for c in ["C-1738", "C-2396", "C-Fido", "C-3986", "C-WHATWG"] {
            assert!(u["classes"][c].is_string());
        }
        assert!(u["role"].is_string() && u["hints"].is_array());
    }
    let names: Vec<&str> = v["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "scheme", "user", "password", "host", "port", "path", "params", "query", "fragment"
        ]
    );
    // Every step has its explanation with a source.
    for s in v["steps"].as_array().unwrap() {
        assert!(s["explanation"]["text"].is_string(), "{s}");
        assert!(s["explanation"]["source"].is_string(), "{s}");
        assert!(s["edit_count"].is_u64() && s["rules"].is_array());
    }
    // The diff turns the input into the output.
    let mut after = Vec::new();
    let mut before = Vec::new();
    for d in v["diff"].as_array().unwrap() {
        let t = octets(&d["text"]);
        match d["op"].as_str().unwrap() {
            "equal" => {
                after.extend_from_slice(&t);
                before.extend_from_slice(&t);
            }
            "delete" => before.extend_from_slice(&t),
            "insert" => after.extend_from_slice(&t),
            op => panic!("op {op}"),
        }
    }
    assert_eq!(before, HOSTILE);
    assert_eq!(after, octets(&v["output"]));
    assert!(!v["warnings"].as_array().unwrap().is_empty());
}

#[test]
fn explain_json_of_the_issue_example() {
    let o = run(
        &[
            b"explain",
            b"--json",
            b"-p",
            b"hyvatti",
            b"HTTP://WWW.IKI.FI:80/%7ehyvatti/#x",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["output"], "http://www.iki.fi/~hyvatti/");
    assert_eq!(v["profile"], "hyvatti");
    assert_eq!(v["classification"], "C-1738");
    assert_eq!(v["components"][3]["raw"], "WWW.IKI.FI");
    assert_eq!(v["components"][5]["decoded"], "/~hyvatti/");
    assert_eq!(v["components"][1]["state"], "absent");
    // The unit %7e (offset 21) is decoded by hyv-char-pass; the port is stripped; 'h' is kept.
    let unit = |start: u64| {
        v["units"]
            .as_array()
            .unwrap()
            .iter()
            .find(|u| u["start"] == start)
            .unwrap()
            .clone()
    };
    assert_eq!(unit(21)["action"]["step"], "hyv-char-pass");
    assert_eq!(unit(21)["action"]["rule"], "hyv-decode");
    assert_eq!(unit(18)["action"]["rule"], "strip-port-80");
    assert!(unit(24)["action"].is_null());
}

const J01: &[u8] = b"MtW>> To track Fidonet software development in Russian,\nMtW>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%%\nMtW>> %%Soft+Ru.FIPS/ is often used.";

#[test]
fn extract_fidonet_text() {
    let o = run(&[b"extract"], J01);
    assert_eq!(o.stdout, b"area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/\n");
    assert_eq!(o.status.code(), Some(0));
    let box_j04 = b"***********************************************************\n**\x20**\n** ATTENTION! Grab the N5019 pointlist at fecho://p%% **\n** %%ntlist/pnt5019.zip **\n**\x20**\n***";
    let mut text = J01.to_vec();
    text.extend_from_slice(b"\r\n\r\n");
    text.extend_from_slice(box_j04);
    let o = run(&[b"extract", b"-p", b"fido"], &text);
    assert_eq!(
        o.stdout,
        b"area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/\nfecho://pntlist/pnt5019.zip\n"
    );
}

#[test]
fn extract_prose() {
    let text = b"Hyv\xc3\xa4tti wrote: see <URL:http://www.funet.fi/pub/doc/rfc/rfc1738.txt> or\n\
                 <URL:ftp://ftp.funet.fi/pub/\n   standards/RFC/rfc1738.txt>. Also (http://www.iki.fi/~hyvatti/),\n\
                 <http://X.FI/%7ea>; mailto:joe@example.com. Not a URL: 100% sure, foo:bar.\n";
    let o = run(&[b"extract"], text);
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "http://www.funet.fi/pub/doc/rfc/rfc1738.txt\nftp://ftp.funet.fi/pub/standards/RFC/rfc1738.txt\n\
         http://www.iki.fi/~hyvatti/\nhttp://X.FI/%7ea\nmailto:joe@example.com\n"
    );
    let o = run(
        &[b"extract", b"-p", b"hyvatti"],
        b"go to <http://X.FI:80/%7ea#top>!\n",
    );
    assert_eq!(o.stdout, b"http://x.fi/~a\n");
}

#[test]
fn extract_reports_broken_continuations() {
    let o = run(
        &[b"extract", b"-p", b"fido"],
        b"first line\nsee fecho://p%%\nand nothing more",
    );
    assert_eq!(o.stdout, b"fecho://p\n");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.starts_with("urlscope: line 2: E-fido-no-resume: "),
        "{err}"
    );
}

#[test]
fn help_has_an_example_for_every_subcommand() {
    let o = run(&[b"--help"], b"");
    assert_eq!(o.status.code(), Some(0));
    let top = text(&o);
    assert!(top.contains("Examples:"));
    for sub in [
        "normalize",
        "explain",
        "tokens",
        "resolve",
        "extract",
        "completions",
        "man",
    ] {
        assert!(top.contains(sub), "{sub} not listed");
        let o = run(&[sub.as_bytes(), b"--help"], b"");
        assert_eq!(o.status.code(), Some(0));
        let t = text(&o);
        assert!(
            t.contains("Examples:") && t.contains(&format!("urlscope {sub}")),
            "{sub}: {t}"
        );
    }
    let o = run(&[b"--version"], b"");
    assert!(text(&o).starts_with("urlscope "));
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = run(&[b"completions", shell.as_bytes()], b"");
        assert_eq!(o.status.code(), Some(0), "{shell}");
        assert!(text(&o).contains("normalize"), "{shell}");
    }
    let o = run(&[b"man"], b"");
    assert_eq!(o.status.code(), Some(0));
    let t = text(&o);
    assert!(
        t.starts_with(".ie") || t.contains(".TH urlscope"),
        "{}",
        &t[..t.len().min(200)]
    );
    let o = run(&[b"man", b"normalize"], b"");
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o).contains("urlscope-normalize"));
    let o = run(&[b"man", b"nope"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn tui_arguments_are_checked_before_the_terminal() {
    // A bad hex string or alias file is a usage error (exit 2, one line) whatever the TUI does.
    let o = run(&[b"--hex", b"6"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[b"--stdin", b"--hex"], b"zz");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr).lines().count(), 1);
    let o = run(
        &[b"--host-aliases", b"/nonexistent/file", b"http://a/"],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("urlscope: /nonexistent/file"));
}

#[test]
fn explain_and_tokens_take_stdin_and_hex() {
    let o = run(&[b"tokens", b"--stdin"], b"http://a/\x00b\n");
    assert_eq!(o.stdout, b"scheme\"http\" scheme-colon\":\" authority-marker\"//\" host\"a\" path-slash\"/\" path-segment\"\\x00b\\x0A\"\n");
    let o = run(&[b"tokens", b"--hex", b"68 74 74 70 3a 2f 2f 61"], b"");
    assert_eq!(
        o.stdout,
        b"scheme\"http\" scheme-colon\":\" authority-marker\"//\" host\"a\"\n"
    );
    let o = run(
        &[b"explain", b"--json", b"--stdin", b"--hex"],
        b"68747470 3a2f2f61 2f00ff\n",
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(octets(&v["input"]), b"http://a/\x00\xff");
    assert_eq!(v["output"], "http://a/%00%FF");
    let o = run(&[b"explain", b"--stdin", b"x"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn closed_stdout_ends_explain_quietly() {
    use std::io::Read;
    for args in [
        &["explain", "--stdin"][..],
        &["explain", "--json", "--stdin"],
        &["tokens", "--stdin"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urlscope"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        input
            .write_all(&b"http://a/%7e\x1b b".repeat(4_000))
            .unwrap();
        drop(input);
        let mut out = child.stdout.take().unwrap();
        let mut first = [0u8; 16];
        out.read_exact(&mut first).unwrap();
        drop(out);
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
}

fn explain_json(args: &[&[u8]]) -> serde_json::Value {
    let mut all: Vec<&[u8]> = vec![b"explain", b"--json"];
    all.extend_from_slice(args);
    let o = run(&all, b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    serde_json::from_slice(&o.stdout).expect("JSON")
}

#[test]
fn todays_classes_in_json_and_text_with_their_sources() {
    let v = explain_json(&[b"-p", b"whatwg", b"http://h/a{b?q='#`"]);
    assert_eq!(v["classification"], "C-WHATWG");
    let class_of = |unit: &str, c: &str| -> String {
        v["units"]
            .as_array()
            .unwrap()
            .iter()
            .find(|u| u["text"] == unit)
            .map(|u| u["classes"][c].as_str().unwrap().to_owned())
            .unwrap()
    };
    assert_eq!(class_of("{", "C-WHATWG"), "path-set-encoded");
    assert_eq!(class_of("'", "C-WHATWG"), "special-query-set-encoded");
    assert_eq!(class_of("`", "C-WHATWG"), "fragment-set-encoded");
    assert_eq!(class_of("{", "C-3986"), "not-allowed");
    assert_eq!(class_of("?", "C-3986"), "gen-delims");
    let texts = v["class_texts"].as_array().unwrap();
    let source = |c: &str, k: &str| {
        texts
            .iter()
            .find(|t| t["classification"] == c && t["class"] == k)
            .map(|t| t["explanation"]["source"].as_str().unwrap().to_owned())
    };
    assert_eq!(
        source("C-3986", "gen-delims").as_deref(),
        Some("RFC 3986 §2.2")
    );
    assert_eq!(
        source("C-3986", "unreserved").as_deref(),
        Some("RFC 3986 §2.3")
    );
    assert!(
        source("C-WHATWG", "path-set-encoded")
            .unwrap()
            .contains("URL Standard §1.3")
    );
    let o = run(&[b"explain", b"-p", b"rfc3986", b"http://h/a%zz"], b"");
    let t = text(&o);
    assert!(t.contains("C-3986             C-WHATWG"), "{t}");
    assert!(t.contains("pct-encoded-broken"), "{t}");
    assert!(t.contains("classification C-3986"), "{t}");
}

#[test]
fn decode_shows_each_component_in_the_chosen_charset() {
    use encoding_rs::{GB18030, IBM866, KOI8_R, SHIFT_JIS};
    let pct = |v: &[u8]| -> String { v.iter().map(|b| format!("%{b:02X}")).collect() };
    for (name, enc, word) in [
        ("koi8-r", KOI8_R, "Привет"),
        ("cp866", IBM866, "Фидонет"),
        ("gbk", GB18030, "统一资源"),
        ("shift_jis", SHIFT_JIS, "日本語"),
    ] {
        let (octets, _, bad) = enc.encode(word);
        assert!(!bad);
        let url = format!("http://h/{}?q={}", pct(&octets), pct(&octets));
        let v = explain_json(&[b"--decode", name.as_bytes(), url.as_bytes()]);
        let comps = v["decoding"]["components"].as_array().unwrap();
        assert_eq!(comps.len(), 2, "{name}");
        for c in comps {
            assert_eq!(c["text"], word, "{name}");
            assert_eq!(c["has_invalid"], false);
        }
    }
    // Invalid sequences are marked in place, never replaced.
    let v = explain_json(&[b"--decode", b"utf-8", b"http://h/a%FFb"]);
    assert_eq!(v["decoding"]["components"][0]["text"], "a⟨%FF⟩b");
    let o = run(
        &[b"explain", b"--decode", b"euc-kr", b"http://h/ok%E4"],
        b"",
    );
    assert!(text(&o).contains("ok⟨%E4⟩"));
    // Without --decode the report has no such field.
    let v = explain_json(&[b"http://h/%FF"]);
    assert!(v.get("decoding").is_none());
    let o = run(&[b"explain", b"--decode", b"ebcdic", b"http://h/"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown charset"));
}

#[test]
fn tokens_lists_todays_classes_per_unit_on_request() {
    let o = run(&[b"tokens", b"http://h/a{b?q=<#`"], b"");
    // Without --classes: the span list alone (the span-list notation).
    assert_eq!(text(&o).lines().count(), 1);
    let o = run(&[b"tokens", b"--classes", b"http://h/a{b?q=<#`\x1b"], b"");
    let t = text(&o);
    let line = |unit: &str| {
        t.lines()
            .skip(1)
            .find(|l| l.split_whitespace().nth(1) == Some(unit))
            .unwrap_or_else(|| panic!("{unit} in {t}"))
            .split_whitespace()
            .skip(2)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        line("{"),
        ["path-segment", "not-allowed", "path-set-encoded"]
    );
    assert_eq!(
        line("<"),
        ["query-value", "not-allowed", "special-query-set-encoded"]
    );
    assert_eq!(line("?"), ["query-mark", "gen-delims", "no-set-here"]);
    assert!(!o.stdout.contains(&0x1b), "raw ESC");
}

/// An old rule's edit that today's parsers read differently (`%2B` decoded to `+` in a query,
/// which form decoding reads as a space): the finding with both rules, in the text and the JSON,
/// at the octets the edit acts on; a modern profile has none.
#[test]
fn explain_names_an_old_rule_that_changes_todays_meaning() {
    let url: &[u8] = b"http://example.com/search?q=1%2B1";
    let at = url.windows(3).position(|w| w == b"%2B").unwrap();
    let o = run(&[b"explain", b"-p", b"rfc1738", url], b"");
    assert_eq!(o.status.code(), Some(0));
    let t = text(&o);
    assert!(t.contains("Old rules, today's meaning"), "{t}");
    assert!(
        t.contains(&format!("W-old-rule-today at {at}..{}", at + 3)),
        "{t}"
    );
    assert!(
        t.contains("RFC 1738") && t.contains("URL Standard §5.1"),
        "{t}"
    );
    let o = run(&[b"explain", b"--json", b"-p", b"rfc1738", url], b"");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let c = &v["old_rule_today"][0];
    assert_eq!(c["id"], "W-old-rule-today");
    assert_eq!(c["start"], at);
    assert_eq!(c["end"], at + 3);
    assert_eq!(c["component"], "query");
    assert_eq!(c["before"], "%2B");
    assert_eq!(c["after"], "+");
    assert!(
        c["text"]
            .as_str()
            .unwrap()
            .contains(c["old_source"].as_str().unwrap())
    );
    assert!(
        c["text"]
            .as_str()
            .unwrap()
            .contains(c["today_source"].as_str().unwrap())
    );
    let o = run(&[b"explain", b"--json", b"-p", b"whatwg", url], b"");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["old_rule_today"].as_array().unwrap().len(), 0);
    let o = run(&[b"explain", b"-p", b"whatwg", url], b"");
    assert!(!text(&o).contains("W-old-rule-today"));
}
