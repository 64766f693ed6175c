//! Each copy form parses back to the same URL: the Markdown link through a
//! CommonMark parser (pulldown-cmark), the curl line through a POSIX word splitter
//! (shell-words), the HTML attribute through an HTML tokenizer (html5ever), the JSON string
//! through serde_json; the ASCII and readable forms through the WHATWG parser. "The same URL":
//! the WHATWG href, compared modulo hex case and the triplets of the ASCII characters a form
//! is allowed to encode (`(` `)` `{` `}` `|` `^` `` ` ``).

use std::cell::RefCell;

use crate::modern::edit::forms;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use proptest::prelude::*;

/// The WHATWG href of `s`, compared modulo hex case and the equivalences above.
fn same_url(s: &str) -> Option<String> {
    let href = url::Url::parse(s).ok()?.as_str().to_string();
    let mut out = String::new();
    let b = href.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && b[i + 1].is_ascii_hexdigit()
            && b[i + 2].is_ascii_hexdigit()
        {
            let hex = href[i + 1..i + 3].to_ascii_uppercase();
            let v = u8::from_str_radix(&hex, 16).unwrap();
            if b"(){}|^`".contains(&v) {
                out.push(v as char);
            } else {
                out.push('%');
                out.push_str(&hex);
            }
            i += 3;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    Some(out)
}

struct Sink(RefCell<Option<String>>);

impl TokenSink for Sink {
    type Handle = ();
    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        if let Token::TagToken(Tag {
            kind: TagKind::StartTag,
            name,
            attrs,
            ..
        }) = token
            && &*name == "a"
        {
            let href = attrs.iter().find(|a| &*a.name.local == "href");
            *self.0.borrow_mut() = href.map(|a| a.value.to_string());
        }
        TokenSinkResult::Continue
    }
}

fn html_href(html: &str) -> Option<String> {
    let tok = Tokenizer::new(Sink(RefCell::new(None)), TokenizerOpts::default());
    let q = BufferQueue::default();
    q.push_back(html.into());
    let _ = tok.feed(&q);
    tok.end();
    tok.sink.0.borrow().clone()
}

fn markdown_dest(md: &str) -> Option<String> {
    use pulldown_cmark::{Event, Parser, Tag};
    Parser::new(md).find_map(|e| match e {
        Event::Start(Tag::Link { dest_url, .. }) => Some(dest_url.to_string()),
        _ => None,
    })
}

/// URLs with the characters the forms must handle: delimiters the wrappers care about,
/// quotes, spaces, controls, non-ASCII text and triplets, IDN hosts.
fn urls() -> impl Strategy<Value = Vec<u8>> {
    let scheme = prop::sample::select(vec!["http", "https", "foo"]);
    let host = prop::sample::select(vec![
        "example.org",
        "räksmörgås.se",
        "xn--rksmrgs-5wao1o.se",
        "a-b.example",
        "[::1]",
    ]);
    let piece = prop::sample::select(vec![
        "a",
        "/",
        "?",
        "#",
        "&",
        "=",
        " ",
        "(",
        ")",
        "<",
        ">",
        "'",
        "\"",
        "\\",
        "[",
        "]",
        "*",
        "_",
        "`",
        "!",
        "é",
        "日本",
        "%C3%A9",
        "%c3%a9",
        "%20",
        "%25",
        "%E2%80%8B",
        "%FF",
        "\u{1}",
        "{",
        "}",
        "|",
        "^",
        "\u{7f}",
        "\u{a0}",
    ]);
    (scheme, host, prop::collection::vec(piece, 0..12)).prop_map(|(s, h, tail)| {
        let mut u = format!("{s}://{h}/");
        u.push_str(&tail.concat());
        // No trailing space or control: the WHATWG parser strips those, a form keeps them.
        u.push('z');
        u.into_bytes()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn each_form_parses_back(x in urls()) {
        let text = String::from_utf8(x.clone()).unwrap();
        let want = same_url(&text);
        prop_assume!(want.is_some());

        let json: String = serde_json::from_slice(&forms::json(&x)).unwrap();
        prop_assert_eq!(same_url(&json), want.clone(), "json");

        let words = shell_words::split(std::str::from_utf8(&forms::curl(&x)).unwrap()).unwrap();
        prop_assert_eq!(words.len(), 2);
        prop_assert_eq!(&words[0], "curl");
        prop_assert_eq!(same_url(&words[1]), want.clone(), "curl");

        let html = String::from_utf8(forms::html(&x)).unwrap();
        let href = html_href(&html).expect("an <a href>");
        prop_assert_eq!(same_url(&href), want.clone(), "html {}", html);

        let md = String::from_utf8(forms::markdown(&x)).unwrap();
        let dest = markdown_dest(&md).expect("a link");
        prop_assert_eq!(same_url(&dest), want.clone(), "markdown {}", md);

        let ascii = forms::ascii(&x);
        prop_assert!(ascii.is_ascii());
        prop_assert_eq!(same_url(std::str::from_utf8(&ascii).unwrap()), want.clone(), "ascii");

        let readable = String::from_utf8(forms::readable(&x)).unwrap();
        prop_assert_eq!(same_url(&readable), want.clone(), "readable {}", readable);
        prop_assert!(!readable.contains('\u{200b}'), "an invisible character was decoded");
    }
}
