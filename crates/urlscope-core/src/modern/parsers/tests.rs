use super::*;

fn host_of(c: &Comparison, p: Parser) -> Value {
    c.cell(Row::EffectiveHost, p).value.clone()
}

#[test]
fn a_hash_before_the_at_ends_the_authority_for_every_parser() {
    let c = compare(b"http://evil.com#@good.com/", None);
    assert!(c.verdict.agree, "{}", c.verdict_line);
}

#[test]
fn backslash_before_at() {
    let c = compare(br"http://evil.example\@good.example/", None);
    assert!(!c.verdict.agree, "{}", c.verdict_line);
    assert_eq!(
        host_of(&c, Parser::Whatwg),
        Value::Present("evil.example".into())
    );
    let cell = c.cell(Row::EffectiveHost, Parser::Urlscope);
    assert_eq!(cell.value, Value::Present("good.example".into()));
    assert!(cell.differs);
    assert!(cell.classes.contains(&ConfusionClass::Backslash));
}

#[test]
fn absent_and_empty_stay_apart() {
    let c = compare(b"http://h/?#", None);
    assert_eq!(c.cell(Row::Query, Parser::Urlscope).value.state(), "empty");
    assert_eq!(
        c.cell(Row::Userinfo, Parser::Urlscope).value.state(),
        "absent"
    );
    assert_eq!(
        c.cell(Row::Fragment, Parser::Http).value.state(),
        "not-kept"
    );
}

#[test]
fn plain_urls_agree_everywhere() {
    for u in [
        "http://example.com",
        "HTTP://EXAMPLE.COM:80/a/./b/%7e?q=1#f",
        "https://u:p@h:8080/x",
    ] {
        let c = compare(u.as_bytes(), None);
        assert!(c.verdict.agree, "{u}: {}", c.verdict_line);
        assert!(!c.any_difference(), "{u}: {:?}", c.rows);
    }
}

#[test]
fn rfc3986_rejection_has_the_crates_message_and_position() {
    let c = compare(b"http://a b/", None);
    let r = c.column(Parser::Rfc3986).rejection.as_ref().unwrap();
    assert_eq!(r.position, Some(8));
    assert!(
        r.line()
            .starts_with("invalid: unexpected character at index 8"),
        "{}",
        r.line()
    );
}

#[test]
fn base_is_used() {
    let c = compare(b"//evil.example/path", Some(b"https://good.example/a/b"));
    assert_eq!(
        host_of(&c, Parser::Whatwg),
        Value::Present("evil.example".into())
    );
    assert_eq!(
        host_of(&c, Parser::Rfc3986),
        Value::Present("evil.example".into())
    );
    assert_eq!(
        host_of(&c, Parser::Urlscope),
        Value::Present("evil.example".into())
    );
}

#[test]
fn invalid_utf8_becomes_triplets() {
    let c = compare(b"http://a/\xFF", None);
    assert!(c.invalid_utf8);
    assert_eq!(c.text, "http://a/%FF");
}
