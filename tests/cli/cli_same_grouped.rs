//! `urlscope same` says a shared answer once: the profiles grouped by verdict and place of
//! difference, the two results and their `^` row once a group, a profile on lines of its own
//! only where its results are other strings; `--verbose` keeps one block a profile; `--json`
//! keeps `profiles` and adds `groups`.

use crate::support;
use serde_json::Value;
use support::*;

const A: &str = "https://www.example.com/docs/guide/intro?lang=en";
const B: &str = "https://www.example.com/docs/manual/intro?lang=en";

fn text(args: &[&str]) -> String {
    let mut all: Vec<&[u8]> = vec![b"same"];
    all.extend(args.iter().map(|a| a.as_bytes()));
    let o = run(&all, b"");
    String::from_utf8(o.stdout).unwrap()
}

fn json(a: &str, b: &str) -> Value {
    let o = run(&[b"same", b"--json", a.as_bytes(), b.as_bytes()], b"");
    serde_json::from_slice(&o.stdout).expect("JSON on stdout")
}

/// The lines between `profiles` and the ladder.
fn profiles_part(t: &str) -> Vec<&str> {
    t.lines()
        .skip_while(|l| *l != "profiles")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect()
}

fn names() -> Vec<String> {
    let v = json(A, B);
    v["profiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["profile"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn one_differing_segment_is_said_once() {
    let t = text(&[A, B]);
    let part = profiles_part(&t);
    // Today's listing had a block of four lines for nearly every one of the sixteen profiles.
    let verbose = text(&["--verbose", A, B]);
    assert!(
        part.len() * 3 < profiles_part(&verbose).len(),
        "{t}\n---\n{verbose}"
    );
    // The difference is named once for the inputs and once for the profiles' shared results.
    assert_eq!(
        part.iter()
            .filter(|l| l.contains("differ at path: `/docs/guide/intro` ≠ `/docs/manual/intro`"))
            .count(),
        1,
        "{t}"
    );
    let carets = part.iter().filter(|l| l.trim() == "^").count();
    assert_eq!(carets, 1, "{t}");
    // Under the shared results, the `^` stands under the first differing character.
    let k = part.iter().position(|l| l.trim() == "^").unwrap();
    let col = part[k].chars().position(|c| c == '^').unwrap();
    assert_eq!(part[k - 2].chars().nth(col), Some('g'), "{t}");
    assert_eq!(part[k - 1].chars().nth(col), Some('m'), "{t}");
    // Every profile is named once in the groups' lists of members (a member's own results
    // follow on lines with `→`), the chosen one with `*`.
    let lists: Vec<&str> = part
        .iter()
        .copied()
        .filter(|l| !l.contains('→') && !l.contains("differ at") && l.trim() != "^")
        .collect();
    let joined = lists.join("\n");
    for name in names() {
        let hits = joined
            .split(|c: char| c.is_whitespace() || c == ',' || c == ':')
            .filter(|w| w.trim_start_matches('*') == name)
            .count();
        assert_eq!(hits, 1, "{name} in\n{t}");
    }
    assert!(joined.contains("*rfc3986"), "{t}");
    // The SURT keys reach the same answer on strings of their own: on lines of their own.
    assert!(
        part.iter()
            .any(|l| l.trim_start().starts_with("surt ")
                && l.contains("A → com,example)/docs/guide")),
        "{t}"
    );
}

#[test]
fn verbose_keeps_one_block_a_profile() {
    let t = text(&["--verbose", A, B]);
    let part = profiles_part(&t);
    for name in names() {
        assert!(
            part.iter().any(|l| l
                .trim_start_matches(['*', ' '])
                .starts_with(&format!("{name} "))),
            "{name} in\n{t}"
        );
    }
    // A block for each profile that keeps them apart, each with its own `^` row.
    assert!(part.iter().filter(|l| l.trim() == "^").count() >= 10, "{t}");
}

#[test]
fn equal_answers_share_the_step_and_keep_their_numbers() {
    let t = text(&["HTTP://www.EXAMPLE.com/", "http://www.example.com/"]);
    let part = profiles_part(&t);
    let line = part
        .iter()
        .find(|l| l.trim_start().starts_with("equal after lowercase-host:"))
        .unwrap_or_else(|| panic!("{t}"));
    assert!(line.contains("pdf (step 4)"), "{t}");
    assert!(t.contains("under rfc3986: same"), "{t}");
}

#[test]
fn json_groups_cover_every_profile_with_its_answer() {
    for (a, b) in [
        (A, B),
        (
            "HTTP://www.EXAMPLE.com/%7euser/./a?b=1#x",
            "http://www.example.com/~user/a?b=1#y",
        ),
    ] {
        let v = json(a, b);
        let profiles = v["profiles"].as_array().unwrap();
        let by_name = |n: &str| profiles.iter().find(|p| p["profile"] == n).unwrap();
        let mut seen = Vec::new();
        for g in v["groups"].as_array().unwrap() {
            let shown = by_name(g["shown"].as_str().unwrap());
            for p in g["profiles"].as_array().unwrap() {
                let p = by_name(p.as_str().unwrap());
                seen.push(p["profile"].as_str().unwrap().to_string());
                match g["answer"].as_str().unwrap() {
                    "different" => {
                        assert_eq!(p["equal"], false, "{g}");
                        let (d, e) = (&p["first_difference"], &shown["first_difference"]);
                        assert_eq!(d["component"], e["component"], "{g}");
                        assert_eq!(d["piece_a"], e["piece_a"], "{g}");
                    }
                    "equal-after-step" => assert_eq!(p["step"], g["step"], "{g}"),
                    "equal-as-given" => assert_eq!(p["equal_after_step"], 0, "{g}"),
                    other => panic!("{other}"),
                }
                let own = g["own"].as_array().unwrap().contains(&p["profile"]);
                let same_results =
                    p["output_a"] == shown["output_a"] && p["output_b"] == shown["output_b"];
                assert_eq!(own, !same_results, "{g}");
            }
        }
        seen.sort();
        let mut all: Vec<String> = profiles
            .iter()
            .map(|p| p["profile"].as_str().unwrap().to_string())
            .collect();
        all.sort();
        assert_eq!(seen, all);
    }
}
