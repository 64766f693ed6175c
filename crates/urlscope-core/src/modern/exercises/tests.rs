use super::*;

fn find(id: &str) -> &'static Exercise {
    EXERCISES.iter().find(|e| e.id == id).unwrap()
}

#[test]
fn at_least_thirty_in_order_of_difficulty_each_rule_set_used() {
    assert!(EXERCISES.len() >= 30);
    assert!(EXERCISES.windows(2).all(|w| w[0].level <= w[1].level));
    for r in [RuleSet::Rfc1738, RuleSet::Rfc3986, RuleSet::Whatwg] {
        assert!(
            EXERCISES.iter().filter(|e| e.rules == r).count() >= 8,
            "{r:?}"
        );
    }
    let mut ids: Vec<_> = EXERCISES.iter().map(|e| e.id).collect();
    ids.dedup();
    assert_eq!(ids.len(), EXERCISES.len());
}

#[test]
fn every_right_answer_passes() {
    for e in &EXERCISES {
        let v = check(e, &e.answer());
        assert!(v.ok, "{}: {:?}", e.id, v.marks);
    }
}

#[test]
fn the_answers_are_what_the_rules_say() {
    assert_eq!(find("e01").answer(), "my%20file");
    assert_eq!(find("e04").answer(), "a+b");
    assert_eq!(find("e05").answer(), "%7Ehyvatti");
    assert_eq!(find("e06").answer(), "~hyvatti");
    assert_eq!(find("e28").answer(), "a%20b%26c%3Dd/%C3%A9");
    assert_eq!(find("e29").answer(), "a+b%26c%3Dd%2F%C3%A9");
    assert_eq!(find("e30").answer(), "a%20b%26c%3Dd%2F%C3%A9");
    assert_eq!(find("e13").answer(), "john%3Adoe");
}

/// The WHATWG answers are what the url crate itself writes (its setters and form serializer).
#[test]
fn whatwg_answers_match_the_url_crate() {
    for e in EXERCISES.iter().filter(|e| e.rules == RuleSet::Whatwg) {
        let mut u = url::Url::parse("http://h/").unwrap();
        let crate_says = match e.part {
            Part::PathSegment => {
                u.path_segments_mut().unwrap().clear().push(e.text);
                u.path()[1..].to_owned()
            }
            Part::QueryValue => url::form_urlencoded::byte_serialize(e.text.as_bytes()).collect(),
            Part::Fragment => {
                u.set_fragment(Some(e.text));
                u.fragment().unwrap().to_owned()
            }
            Part::Username => {
                u.set_username(e.text).unwrap();
                u.username().to_owned()
            }
        };
        assert_eq!(e.answer(), crate_says, "{}", e.id);
    }
}

#[test]
fn typical_mistakes_are_marked_with_their_rule() {
    // A raw space: missing encoding, RFC 1738's unsafe rule.
    let v = check(find("e01"), "my file");
    assert!(!v.ok);
    assert_eq!(v.marks.len(), 1);
    assert_eq!(
        (v.marks[0].span.clone(), v.marks[0].kind),
        (2..3, MarkKind::Missing)
    );
    assert_eq!(v.marks[0].expected, "%20");
    assert_eq!(v.marks[0].rule.source, "RFC 1738 §2.2");
    // Needless encoding of '~' under RFC 3986 (§2.3).
    let v = check(find("e06"), "%7Ehyvatti");
    assert_eq!(v.marks[0].kind, MarkKind::Extra);
    assert_eq!(v.marks[0].rule.id, "rfc3986-unreserved");
    // ... which RFC 1738 requires.
    assert!(check(find("e05"), "%7Ehyvatti").ok);
    assert!(
        check(find("e05"), "%7ehyvatti").ok,
        "hex case is equivalent"
    );
    // %20 where the form serializer writes '+'.
    let v = check(find("e04"), "a%20b");
    assert_eq!(
        (v.marks[0].span.clone(), v.marks[0].kind),
        (1..4, MarkKind::Wrong)
    );
    assert_eq!(v.marks[0].expected, "+");
    // '&' and '=' left raw in a query value; a wrong triplet for '/'.
    let v = check(find("e28"), "a%20b&c=d%2G%C3%A9");
    let kinds: Vec<_> = v
        .marks
        .iter()
        .map(|m| (m.kind, m.expected.as_str()))
        .collect();
    assert_eq!(kinds[0], (MarkKind::Missing, "%26"));
    assert_eq!(kinds[1], (MarkKind::Missing, "%3D"));
    assert_eq!(v.marks[0].rule.id, "rfc3986-delimiter-as-data");
    assert!(v.marks.len() >= 3, "{:?}", v.marks);
    // Latin-1 instead of UTF-8 for é: the first octet is wrong, the second is missing.
    let v = check(find("e22"), "%E9");
    assert_eq!(v.marks[0].kind, MarkKind::Wrong);
    assert_eq!(v.marks[0].expected, "%C3");
    assert_eq!(v.marks[1].kind, MarkKind::Missing);
    assert_eq!(v.marks[1].span, 3..3);
    // Something typed that stands for nothing in the text.
    let v = check(find("e03"), "my%20%20file");
    assert_eq!(v.marks.len(), 1);
    assert_eq!(v.marks[0].kind, MarkKind::Extra);
    assert_eq!(v.marks[0].rule.id, "not-in-text");
    // Stopping early.
    let v = check(find("e02"), "my%20fi");
    assert_eq!(v.marks.len(), 2);
    assert!(
        v.marks
            .iter()
            .all(|m| m.kind == MarkKind::Missing && m.span == (7..7))
    );
    // A bare '%' for the data '%'.
    let v = check(find("e16"), "100%");
    assert_eq!(v.marks[0].rule.id, "rfc3986-percent");
}

#[test]
fn any_typed_text_is_checked_without_panicking() {
    for e in &EXERCISES {
        for typed in ["", "%", "%%%", "\u{0}\u{1b}", "é%zz", &e.answer().repeat(2)] {
            let v = check(e, typed);
            assert_eq!(v.ok, typed == e.answer());
            for m in &v.marks {
                assert!(m.span.end <= typed.len());
            }
        }
    }
}

#[test]
fn prompts_name_text_part_and_rules() {
    assert_eq!(
        find("e28").prompt(),
        "Encode the query value `a b&c=d/é` under RFC 3986"
    );
}
