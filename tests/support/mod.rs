//! Running the real `urlscope` binary from integration tests: raw-octet arguments, a stdin fed
//! from a thread (so a large input cannot deadlock against a full stdout pipe), no NO_COLOR
//! inherited from the environment.

// Each test crate uses a different subset of these helpers.
#![allow(dead_code)]

pub mod sources;
pub mod terminal;
pub mod tmux;
pub mod tui;

use std::ffi::OsString;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary under test, with NO_COLOR removed, backtraces off, and no config file of the
/// person running the tests (a test that wants one names it).
pub fn urlscope() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_urlscope"));
    c.env_remove("NO_COLOR")
        .env_remove("URLSCOPE_CONFIG")
        .env("XDG_CONFIG_HOME", "/nonexistent/urlscope-tests")
        .env("RUST_BACKTRACE", "0");
    c
}

/// Run with byte-string arguments, `stdin` and extra environment variables.
pub fn run_env(args: &[&[u8]], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    let mut c = urlscope();
    for (k, v) in env {
        c.env(k, v);
    }
    let mut child = c
        .args(args.iter().map(|a| arg(a)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn urlscope");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for urlscope");
    writer.join().expect("stdin writer");
    out
}

/// An argument's octets as the platform passes them: any bytes on Unix; on Windows an argument
/// is text, so octets that are not UTF-8 arrive as U+FFFD (docs/platforms.md lists the tests
/// that then fail there).
pub fn arg(a: &[u8]) -> OsString {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        std::ffi::OsStr::from_bytes(a).to_os_string()
    }
    #[cfg(not(unix))]
    {
        OsString::from(String::from_utf8_lossy(a).into_owned())
    }
}

/// Run with byte-string arguments and `stdin`.
pub fn run(args: &[&[u8]], stdin: &[u8]) -> Output {
    run_env(args, stdin, &[])
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The octets of a JSON octet string as the CLI writes it: a plain string, or `{"hex": "…"}`
/// for octets that are not UTF-8.
pub fn octets(v: &serde_json::Value) -> Vec<u8> {
    match v {
        serde_json::Value::String(s) => s.as_bytes().to_vec(),
        serde_json::Value::Object(m) => {
            let hex = m["hex"].as_str().expect("hex field");
            (0..hex.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex digits"))
                .collect()
        }
        other => panic!("not an octet string: {other}"),
    }
}
