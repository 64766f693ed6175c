use super::*;
use crate::modern::exercises::rules::decide;

fn find(set: &str, id: &str) -> Exercise {
    BUILTIN
        .iter()
        .find(|s| s.name == set)
        .and_then(|s| s.exercises.iter().find(|e| e.id == id))
        .cloned()
        .unwrap_or_else(|| panic!("no exercise {set}/{id}"))
}

#[test]
fn every_built_in_file_parses() {
    for (name, text) in BUILTIN_FILES {
        if let Err(problems) = parse_set(name, text) {
            panic!("{name}: {problems:?}");
        }
    }
    assert_eq!(BUILTIN.len(), BUILTIN_FILES.len());
    let mut names: Vec<&str> = BUILTIN.iter().map(|s| s.name.as_str()).collect();
    names.dedup();
    assert_eq!(names.len(), BUILTIN.len());
}

/// The engine proves every built-in exercise: its answer is what urlscope writes under the rule
/// it names, that rule acts on its input, and its prompt names the rule.
#[test]
fn every_expected_answer_is_the_engines() {
    let mut all = Vec::new();
    for set in BUILTIN.iter() {
        for p in verify(set) {
            all.push(format!("{}: {p}", set.name));
        }
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

/// Every profile of the registry but `none` has normalization exercises; a profile added
/// without them is named here.
#[test]
fn every_profile_has_exercises() {
    let missing: Vec<&str> = uncovered_profiles(&BUILTIN)
        .iter()
        .map(|p| p.name())
        .collect();
    assert!(
        missing.is_empty(),
        "profiles without exercises: {}",
        missing.join(", ")
    );
    for r in RuleSet::ALL {
        assert!(
            EXERCISES
                .iter()
                .any(|(_, e)| matches!(e.task, Task::Encode { rules, .. } if rules == r)),
            "{r:?}"
        );
    }
}

#[test]
fn every_exercise_has_hints_a_quote_and_a_why() {
    for (set, e) in EXERCISES.iter() {
        assert!(!e.hints.is_empty(), "{set}/{}", e.id);
        assert!(!e.why.is_empty(), "{set}/{}", e.id);
        assert!(e.quote.len() > 10, "{set}/{}", e.id);
    }
    assert!(EXERCISES.windows(2).all(|w| w[0].1.level <= w[1].1.level));
}

#[test]
fn every_right_answer_passes_and_the_files_answer_is_right() {
    for (set, e) in EXERCISES.iter() {
        let v = check(e, &e.expected());
        assert!(v.ok, "{set}/{}: {:?}", e.id, v.marks);
        assert!(check(e, &e.answer).ok, "{set}/{}", e.id);
    }
}

/// What the value editor's encoder writes is what `decide` says, octet by octet, for every
/// rule set, part and octet: the marks name the rule behind the engine's own decision.
#[test]
fn decisions_agree_with_the_engine_for_every_octet() {
    for r in RuleSet::ALL {
        for p in Part::ALL {
            for v in 0..=255u8 {
                let d = decide(r, p, v);
                let engine = engine_encode(r, p, &[v]);
                assert_eq!(
                    d.token().as_bytes(),
                    engine.as_slice(),
                    "{r:?} {p:?} {v:#04x}"
                );
            }
        }
    }
}

#[test]
fn the_answers_are_what_the_engine_writes() {
    // e04's old mistake: the URL Standard's query set writes a space as %20 ('+' is a form's).
    assert_eq!(find("whatwg", "space-in-query-value").expected(), "a%20b");
    assert_eq!(find("rfc1738", "space").expected(), "my%20file");
    assert_eq!(find("rfc1738", "tilde").expected(), "%7Ehyvatti");
    assert_eq!(find("rfc3986", "tilde").expected(), "~hyvatti");
    assert_eq!(
        find("rfc3986", "everything").expected(),
        "a%20b%26c%3Dd/%C3%A9"
    );
    assert_eq!(
        find("hyvatti", "tilde").expected(),
        "http://www.iki.fi/~hyvatti/"
    );
    assert_eq!(
        find("fido", "continuation").expected(),
        "area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/"
    );
    assert_eq!(
        find("tutorial", "dotdot-rel1").expected(),
        "http://www.blah.com/yadda1/rel1"
    );
}

#[test]
fn typical_mistakes_are_marked_with_their_rule() {
    // A raw space: missing encoding, RFC 1738's unsafe rule.
    let v = check(&find("rfc1738", "space"), "my file");
    assert_eq!(v.marks.len(), 1);
    assert_eq!(
        (v.marks[0].span.clone(), v.marks[0].kind),
        (2..3, MarkKind::Missing)
    );
    assert_eq!(v.marks[0].expected, "%20");
    assert_eq!(v.marks[0].rule.source, "RFC 1738 §2.2");
    // Needless encoding of '~' under RFC 3986 (§2.3) ...
    let v = check(&find("rfc3986", "tilde"), "%7Ehyvatti");
    assert_eq!(v.marks[0].kind, MarkKind::Extra);
    assert_eq!(v.marks[0].rule.id, "rfc3986-unreserved");
    // ... which RFC 1738 requires; hex case is equivalent.
    assert!(check(&find("rfc1738", "tilde"), "%7ehyvatti").ok);
    // '+' for a space in a query value, where the URL parser writes %20.
    let v = check(&find("whatwg", "space-in-query-value"), "a+b");
    assert_eq!(v.marks[0].kind, MarkKind::Wrong);
    assert_eq!(v.marks[0].expected, "%20");
    // Latin-1 instead of UTF-8 for é: the first octet is wrong, the second is missing.
    let v = check(&find("rfc1738", "eight-bit"), "caf%E9");
    assert_eq!(v.marks[0].kind, MarkKind::Wrong);
    assert_eq!(v.marks[0].expected, "%C3");
    assert_eq!(v.marks[1].kind, MarkKind::Missing);
    // Something typed that stands for nothing in the text.
    let v = check(&find("whatwg", "space"), "my%20%20file");
    assert_eq!(v.marks.len(), 1);
    assert_eq!(v.marks[0].rule.id, "not-in-text");
    // A bare '%' for the data '%'.
    let v = check(&find("rfc3986", "space"), "my%20fi");
    assert!(v.marks.iter().all(|m| m.kind == MarkKind::Missing));
}

#[test]
fn normalization_mistakes_name_the_step_rule() {
    // The tilde left encoded: Hyvätti's decode rule is named.
    let v = check(&find("hyvatti", "tilde"), "http://www.iki.fi/%7Ehyvatti/");
    assert_eq!(v.marks.len(), 1, "{:?}", v.marks);
    assert_eq!(v.marks[0].kind, MarkKind::Wrong);
    assert_eq!(v.marks[0].expected, "~");
    assert_eq!(v.marks[0].rule.id, "hyv-decode");
    assert_eq!(v.marks[0].span, 18..21);
    // The fragment kept: the strip rule is named for the extra text.
    let v = check(
        &find("pdf", "number-sign"),
        "http://example.com/doc.html#section-2",
    );
    assert_eq!(v.marks.len(), 1, "{:?}", v.marks);
    assert_eq!(v.marks[0].kind, MarkKind::Extra);
    assert_eq!(v.marks[0].rule.id, "strip-fragment");
    // Lowercase hex where the profile writes uppercase.
    let v = check(&find("rfc3986", "hex-case"), "http://example.com/a%2fb");
    assert_eq!(v.marks[0].rule.id, "uppercase-hex");
    // Something changed that the profile leaves alone.
    let v = check(&find("pdf", "scheme-case"), "http://example.com/index.html");
    assert_eq!(v.marks.len(), 1, "{:?}", v.marks);
    assert_eq!(v.marks[0].rule.id, "unchanged");
}

#[test]
fn any_typed_text_is_checked_without_panicking() {
    for (_, e) in EXERCISES.iter() {
        let right = e.expected();
        for typed in ["", "%", "%%%", "\u{0}\u{1b}", "é%zz", &right.repeat(2)] {
            let v = check(e, typed);
            assert_eq!(v.ok, typed == right, "{} {typed:?}", e.id);
            for m in &v.marks {
                assert!(m.span.end <= typed.len());
            }
        }
    }
}

#[test]
fn prompts_name_text_part_and_rules() {
    assert_eq!(
        find("rfc3986", "everything").prompt(),
        "Encode the query value `a b&c=d/é` under RFC 3986"
    );
    assert_eq!(
        find("hyvatti", "tilde").prompt(),
        "What does the Hyvätti profile make of `http://www.iki.fi/%7Ehyvatti/`? (rule hyv-decode)"
    );
}

#[test]
fn a_teachers_file_with_mistakes_is_reported_by_line() {
    let text = r#"name = "mine"
title = "Mine"

[[exercise]]
id = "a"
text = "a b"
part = "path-segment"
rules = "rfc3986"
answer = "a+b"
source = "RFC 3986"
quote = "A percent-encoding mechanism is used"

[[exercise]]
id = "b"
input = "http://x/"
profile = "rfc1738"
rule = "lowercase-host"
answer = "http://x/"
source = "RFC 1738"
quote = "nothing"

[[exercise]]
id = "c"
input = "http://x/%7e"
profile = "rfc3986"
rule = "uppercase-hex"
answer = "http://x/~"
source = "RFC 3986 §6.2.2.1"
quote = "should be normalized to use uppercase letters"
prompt = "Normalize it"
"#;
    let (set, problems) = format::parse_with_problems("mine.toml", text);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].line, 17);
    assert!(
        problems[0]
            .message
            .contains("not a rule of the rfc1738 profile")
    );
    let set = set.unwrap();
    let found = verify(&set);
    let lines: Vec<usize> = found.iter().map(|p| p.line).collect();
    assert_eq!(lines, [9, 22], "{found:?}");
    assert!(found[0].message.contains("`a%20b`"));
    assert!(found[1].message.contains("does not name the rule"));
    // Not TOML at all: one problem, with its line.
    let bad = parse_set("x.toml", "name = \"x\"\ntitle = \n");
    assert_eq!(bad.unwrap_err()[0].line, 2);
}

/// The WHATWG answers are also what the url crate's setters write (a second, independent
/// implementation of the URL Standard). A query value is left out: the crate has no setter
/// for one pair's value but the form serializer, which is a different rule.
#[test]
fn whatwg_answers_match_the_url_crate() {
    for (_, e) in EXERCISES.iter() {
        let Task::Encode {
            text,
            part,
            rules: RuleSet::Whatwg,
        } = &e.task
        else {
            continue;
        };
        let mut u = url::Url::parse("http://h/").unwrap();
        let crate_says = match part {
            Part::PathSegment => {
                u.path_segments_mut().unwrap().clear().push(text);
                u.path()[1..].to_owned()
            }
            Part::Fragment => {
                u.set_fragment(Some(text));
                u.fragment().unwrap().to_owned()
            }
            Part::Username => {
                u.set_username(text).unwrap();
                u.username().to_owned()
            }
            Part::QueryValue => continue,
        };
        assert_eq!(e.expected(), crate_says, "{}", e.id);
    }
}
