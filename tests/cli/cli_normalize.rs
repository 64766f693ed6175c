//! `urlscope normalize`, `tokens` and `resolve` through the real binary.

use crate::support;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::Stdio;
use support::*;

#[test]
fn issue_2_hyvatti_example() {
    let o = run(
        &[
            b"normalize",
            b"-p",
            b"hyvatti",
            b"HTTP://WWW.IKI.FI:80/%7ehyvatti/#x",
        ],
        b"",
    );
    assert_eq!(o.stdout, b"http://www.iki.fi/~hyvatti/\n");
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stderr.is_empty());
}

#[test]
fn default_profile_is_rfc1738_and_one_record_per_argument() {
    let o = run(&[b"normalize", b"-p", b"none", b"--", b"-x", b"--y"], b"");
    assert_eq!(o.stdout, b"-x\n--y\n");
    let o = run(
        &[b"normalize", b"http://a/%7e b", b"", b"HTTP://X/%41"],
        b"ignored\n",
    );
    assert_eq!(o.stdout, b"http://a/%7E%20b\n\nHTTP://X/A\n");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn tokens_prints_the_vector_notation() {
    let cases: [(&[u8], &str); 4] = [
        (
            b"http://user:p@ss@Host:80/a;x/b;p1;p2?k=v&k2=v2;k3#frag#x",
            r##"scheme"http" scheme-colon":" authority-marker"//" user"user" userinfo-colon":" password"p@ss" userinfo-at"@" host"Host" port-colon":" port"80" path-slash"/" path-segment"a" segment-param-semicolon";" segment-param"x" path-slash"/" path-segment"b" params-semicolon";" param"p1" param-separator";" param"p2" query-mark"?" query-key"k" pair-equals"=" query-value"v" pair-separator"&" query-key"k2" pair-equals"=" query-value"v2" pair-separator";" query-key"k3" fragment-mark"#" fragment"frag#x""##,
        ),
        (
            b"\"<URL:http://a/>\"",
            r#"frame""<URL:" scheme"http" scheme-colon":" authority-marker"//" host"a" path-slash"/" frame">"""#,
        ),
        (
            b" http://a/b c\t",
            r#"path-segment"\x20http:" path-slash"/" path-slash"/" path-segment"a" path-slash"/" path-segment"b\x20c\x09""#,
        ),
        (b"", "(no spans)"),
    ];
    for (input, want) in cases {
        let o = run(&[b"tokens", input], b"");
        assert_eq!(String::from_utf8(o.stdout).unwrap(), format!("{want}\n"));
        assert_eq!(o.status.code(), Some(0));
    }
    let o = run(&[b"tokens", b"http://a/\xC3\xA4\x01"], b"");
    assert_eq!(
        o.stdout,
        br#"scheme"http" scheme-colon":" authority-marker"//" host"a" path-slash"/" path-segment"\xC3\xA4\x01""#
            .iter()
            .copied()
            .chain(*b"\n")
            .collect::<Vec<u8>>()
    );
}

#[test]
fn stdin_lines_crlf_blank_and_last_line_without_lf() {
    let o = run(&[b"normalize", b"-p", b"none"], b"a\r\n\nb\r\r\n c \nlast");
    assert_eq!(o.stdout, b"a\n\nb\r\n c \nlast\n");
    let o = run(&[b"normalize"], b"");
    assert_eq!(o.stdout, b"");
    assert_eq!(o.status.code(), Some(0));
    let o = run(
        &[b"normalize", b"-p", b"hyvatti"],
        b"HTTP://A:80/%7e\r\nHTTP://B/\n",
    );
    assert_eq!(o.stdout, b"http://a/~\nhttp://b/\n");
}

#[test]
fn nul_records_keep_line_breaks() {
    let text = b"MtW>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%%\nMtW>> %%Soft+Ru.FIPS/ is often used.";
    let mut input = text.to_vec();
    input.push(0);
    input.extend_from_slice(b"fecho://p%%\r\n%%ntlist/a---b.zip\0last\r\n");
    let o = run(&[b"normalize", b"-0", b"-p", b"fido"], &input);
    assert_eq!(
        o.stdout,
        b"area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/\0fecho://pntlist/a--%2Db.zip\0last%0D%0A\0"
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Identity keeps every octet of the records, line breaks included.
    let o = run(&[b"normalize", b"-0", b"-p", b"none"], b"a\nb\r\n\0\0c");
    assert_eq!(o.stdout, b"a\nb\r\n\0\0c\0");
}

#[test]
fn non_utf8_octets_round_trip() {
    let input: Vec<u8> = (0u8..=255).filter(|&b| b != b'\n').collect();
    let mut stdin = input.clone();
    stdin.push(b'\n');
    let o = run(&[b"normalize", b"-p", b"none"], &stdin);
    assert_eq!(o.stdout, stdin);
    let o = run(&[b"normalize", b"-p", b"none", b"\xFF\xFE\x80"], b"");
    assert_eq!(o.stdout, b"\xFF\xFE\x80\n");
    let o = run(&[b"normalize", b"-p", b"rfc1738", b"http://h/\xE4"], b"");
    assert_eq!(o.stdout, b"http://h/%E4\n");
}

#[test]
fn errors_go_to_stderr_with_the_record_number_and_exit_1() {
    let o = run(
        &[b"normalize", b"-p", b"fido"],
        b"area://ok/\nfecho://p%%\nfecho://q%%\n",
    );
    assert_eq!(o.stdout, b"area://ok/\nfecho://p\nfecho://q\n");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("record 2: E-fido-pause-without-line-break: "),
        "{err}"
    );
    assert!(
        lines[1].starts_with("record 3: E-fido-pause-without-line-break: "),
        "{err}"
    );
    assert!(lines[0].len() > "record 2: E-fido-pause-without-line-break: ".len());
    // The PDF profile with a relative base.
    let o = run(&[b"normalize", b"-p", b"pdf", b"--base", b"a/b", b"c"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("record 1: E-base-not-absolute: "));
}

#[test]
fn warnings_only_when_asked() {
    let o = run(&[b"normalize", b"www.example.com/x"], b"");
    assert!(o.stderr.is_empty());
    let o = run(&[b"normalize", b"--warnings", b"www.example.com/x"], b"");
    assert!(
        stderr(&o).starts_with("record 1: W-no-scheme: "),
        "{}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn usage_errors_are_one_line_and_exit_2() {
    for args in [
        &[&b"normalize"[..], b"-p", b"bogus", b"x"][..],
        &[b"normalize", b"--pdf-state", b"thrice", b"x"],
        &[b"normalize", b"--no-such-flag"],
        &[b"resolve", b"only-one"],
        &[b"tokens"],
        &[b"tokens", b"a", b"b"],
        &[b"explain", b"--color", b"sometimes", b"x"],
        &[
            b"normalize",
            b"--host-aliases",
            b"/nonexistent/aliases",
            b"x",
        ],
        &[b"--hex", b"zz"],
    ] {
        let o = run(args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("urlscope: "), "{err}");
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn host_alias_file() {
    let dir = std::env::temp_dir().join(format!("urlscope-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("aliases");
    std::fs::write(&good, "# robots' view of the world\nwww.iki.fi iki.fi  # canonical\n\n  FOO.example   foo.example\n").unwrap();
    let o = run(
        &[
            b"normalize",
            b"-p",
            b"hyvatti",
            b"--host-aliases",
            good.as_os_str().as_encoded_bytes(),
            b"HTTP://WWW.IKI.FI/x",
            b"http://foo.EXAMPLE/",
        ],
        b"",
    );
    assert_eq!(
        o.stdout,
        b"http://iki.fi/x\nhttp://foo.example/\n",
        "{}",
        stderr(&o)
    );
    let bad = dir.join("bad");
    std::fs::write(&bad, "a b\nonly-one-field\n").unwrap();
    let o = run(
        &[
            b"normalize",
            b"-p",
            b"hyvatti",
            b"--host-aliases",
            bad.as_os_str().as_encoded_bytes(),
            b"x",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains(&format!("{}:2:", bad.display())), "{err}");
    assert_eq!(err.lines().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn json_lines_are_lossless_and_complete() {
    let records: [&[u8]; 4] = [
        b"HTTP://WWW.IKI.FI:80/%7ehyvatti/#x",
        b"http://h/\xFF\xC3\x28\x00\x1B[0m",
        b"",
        "http://ä/\u{FFFD}".as_bytes(),
    ];
    let mut stdin = Vec::new();
    for r in records {
        stdin.extend_from_slice(r);
        stdin.push(b'\n');
    }
    for profile in ["none", "rfc1738", "hyvatti", "pdf", "fido"] {
        let o = run(
            &[b"normalize", b"--json", b"-p", profile.as_bytes()],
            &stdin,
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let text = String::from_utf8(o.stdout).expect("JSON Lines are UTF-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), records.len());
        for (i, (line, want)) in lines.iter().zip(records).enumerate() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["record"], i + 1);
            assert_eq!(v["profile"], profile);
            assert_eq!(octets(&v["input"]), want, "input of record {}", i + 1);
            // The output equals what the plain mode prints.
            let plain = run(
                &[b"normalize", b"-p", profile.as_bytes()],
                &[want, b"\n"].concat(),
            );
            let mut out = octets(&v["output"]);
            out.push(b'\n');
            assert_eq!(out, plain.stdout);
            // Every step: applying its edits to `before` gives `after`.
            for step in v["steps"].as_array().unwrap() {
                let before = octets(&step["before"]);
                let mut rebuilt = Vec::new();
                let mut pos = 0;
                for e in step["edits"].as_array().unwrap() {
                    let (s, t) = (
                        e["start"].as_u64().unwrap() as usize,
                        e["end"].as_u64().unwrap() as usize,
                    );
                    rebuilt.extend_from_slice(&before[pos..s]);
                    rebuilt.extend_from_slice(&octets(&e["replacement"]));
                    assert!(e["rule"].is_string());
                    pos = t;
                }
                rebuilt.extend_from_slice(&before[pos..]);
                assert_eq!(rebuilt, octets(&step["after"]));
                assert!(
                    ["changed", "no-change", "not-applicable", "error"]
                        .contains(&step["status"].as_str().unwrap())
                );
            }
            assert!(v["warnings"].is_array() && v["errors"].is_array());
        }
        // The non-UTF-8 record is written as hex, never with U+FFFD.
        let v: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
        assert_eq!(v["input"]["hex"], "687474703A2F2F682FFFC328001B5B306D");
    }
}

#[test]
fn json_reports_errors_and_exit_1() {
    let o = run(
        &[b"normalize", b"--json", b"-p", b"fido", b"fecho://p%%"],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["errors"][0], "E-fido-pause-without-line-break");
    assert_eq!(v["steps"][0]["status"], "error");
    assert_eq!(v["steps"][0]["reason"], "E-fido-pause-without-line-break");
}

#[test]
fn streaming_large_input_in_order() {
    let mut stdin = Vec::new();
    for i in 0..200_000 {
        stdin.extend_from_slice(format!("HTTP://H{i}/%7e{i}\n").as_bytes());
    }
    let o = run(&[b"normalize", b"-p", b"hyvatti"], &stdin);
    assert_eq!(o.status.code(), Some(0));
    let mut n = 0;
    for (i, line) in o.stdout.split(|&b| b == b'\n').enumerate().take(200_000) {
        assert_eq!(line, format!("http://h{i}/~{i}").as_bytes());
        n += 1;
    }
    assert_eq!(n, 200_000);
    assert_eq!(o.stdout.last(), Some(&b'\n'));
}

#[test]
fn output_is_delivered_while_input_is_still_open() {
    let mut child = urlscope()
        .args(["normalize", "-p", "hyvatti"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"HTTP://A:80/\n").unwrap();
    input.flush().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert_eq!(line, "http://a/\n");
    drop(input);
    assert!(child.wait().unwrap().success());
}

#[test]
fn closed_stdout_ends_quietly() {
    for args in [
        &["normalize", "-p", "rfc1738"][..],
        &["normalize", "--json", "-p", "fido"],
        &["normalize", "-0", "-p", "hyvatti"],
        &["extract"],
    ] {
        let mut child = urlscope()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let line = b"see http://example.com/a%7eb c\n".repeat(2000);
            for _ in 0..100 {
                if input.write_all(&line).is_err() {
                    break;
                }
            }
        });
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
        writer.join().unwrap();
        assert_eq!(status.code(), Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
}

#[test]
fn resolve_prints_the_result_and_the_trace() {
    let o = run(&[b"resolve", b"http://a/b/c/d;p?q", b"g;x?y#s"], b"");
    assert_eq!(o.stdout, b"http://a/b/c/g;x?y#s\n");
    assert_eq!(o.status.code(), Some(0));
    let o = run(
        &[b"resolve", b"--trace", b"http://a/b/c/d;p?q", b"../g"],
        b"",
    );
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "http://a/b/g");
    assert_eq!(
        lines[1],
        "rules: resolve-inherit-authority resolve-merge-paths dot-remove-segment-dotdot resolve-recombine"
    );
    assert_eq!(lines[2], "merged-path: /b/c/../g");
    assert_eq!(lines[5], "dot-remove-segment-dotdot: /b/g");
    assert_eq!(lines.len(), 7);
    let o = run(&[b"resolve", b"--trace", b"http://a/b", b"//g/x"], b"");
    assert_eq!(
        o.stdout,
        b"http://g/x\nrules: resolve-network-path resolve-recombine\n"
    );
}

#[test]
fn resolve_with_a_relative_base_is_exit_1() {
    let o = run(&[b"resolve", b"a/b", b"c"], b"");
    assert_eq!(o.stdout, b"c\n");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.starts_with("urlscope: E-base-not-absolute: "), "{err}");
    assert_eq!(err.lines().count(), 1);
}
