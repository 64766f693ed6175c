//! `urlscope normalize --jobs N`: whatever N, the same stdout, stderr and exit status as one
//! thread — on the real URL lists under every profile, with `-0`, `--json` and `--warnings`, and
//! on records with errors spread over many blocks.

mod support;
use support::*;

use urlscope::url::Profile;

const LISTS: [&str; 2] = ["tests/data/urls-web.txt", "tests/data/urls-files.txt"];

fn with_jobs(jobs: &str, args: &[&str], stdin: &[u8]) -> std::process::Output {
    let mut all: Vec<&[u8]> = vec![b"normalize", b"-j", jobs.as_bytes()];
    all.extend(args.iter().map(|a| a.as_bytes()));
    run(&all, stdin)
}

fn assert_same_as_one_thread(args: &[&str], stdin: &[u8]) {
    let one = with_jobs("1", args, stdin);
    for jobs in ["2", "3", "8"] {
        let many = with_jobs(jobs, args, stdin);
        assert!(
            many.stdout == one.stdout,
            "-j {jobs} {args:?}: stdout differs"
        );
        assert_eq!(stderr(&many), stderr(&one), "-j {jobs} {args:?}");
        assert_eq!(many.status.code(), one.status.code(), "-j {jobs} {args:?}");
    }
}

#[test]
fn every_profile_on_the_real_lists_is_answered_as_by_one_thread() {
    for list in LISTS {
        let urls = std::fs::read(list).unwrap();
        for p in Profile::ALL {
            assert_same_as_one_thread(&["-p", p.name()], &urls);
        }
    }
}

#[test]
fn nul_records_json_and_warnings_are_unchanged() {
    let urls = std::fs::read(LISTS[0]).unwrap();
    let nul: Vec<u8> = urls
        .iter()
        .map(|&b| if b == b'\n' { 0 } else { b })
        .collect();
    assert_same_as_one_thread(&["-0", "-p", "fido"], &nul);
    let head: Vec<u8> = urls
        .split(|&b| b == b'\n')
        .take(3000)
        .flat_map(|l| [l, b"\n"].concat())
        .collect();
    assert_same_as_one_thread(&["--json", "-p", "pdf"], &head);
    assert_same_as_one_thread(&["--warnings", "-p", "rfc3986"], &head);
}

#[test]
fn errors_keep_their_record_numbers_across_blocks() {
    // An error record every 997 records over about 3 MB: many blocks, each with stderr lines.
    let mut stdin = Vec::new();
    for i in 0..60_000 {
        if i % 997 == 0 {
            stdin.extend_from_slice(b"fecho://p%%\n");
        } else {
            stdin.extend_from_slice(format!("HTTP://H{i}.example/%7e{i}/./x\n").as_bytes());
        }
    }
    let one = with_jobs("1", &["-p", "fido", "--warnings"], &stdin);
    assert_eq!(one.status.code(), Some(1), "the sample has errors");
    assert!(stderr(&one).contains("record 998: "));
    assert_same_as_one_thread(&["-p", "fido", "--warnings"], &stdin);
    assert_same_as_one_thread(&["-p", "hyvatti"], &stdin);
}

#[test]
fn jobs_must_be_a_positive_number() {
    for bad in ["0", "-1", "many"] {
        let o = with_jobs(bad, &["-p", "none"], b"x\n");
        assert_eq!(o.status.code(), Some(2), "-j {bad}");
        assert!(o.stdout.is_empty());
    }
}
