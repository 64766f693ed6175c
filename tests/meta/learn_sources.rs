//! Every sentence a lesson step or a built-in exercise quotes is in its source, word for word
//! (runs of white space count as one space): the learner reads the source, not a paraphrase
//! of it. The sources are copies in `tests/data/sources` (its README says from where).

use urlscope_core::modern::exercises::BUILTIN;
use urlscope_core::modern::lessons::LESSONS;

fn source(file: &str) -> String {
    let path = format!("{}/tests/data/sources/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    if file.ends_with(".bs") {
        return squeeze(&bikeshed_text(&text));
    }
    squeeze(&text)
}

/// The text a reader of the rendered URL Standard sees in its Bikeshed source: the markup
/// (`<var>c</var>`, `<a>…</a>`) dropped, the few entities and the curly apostrophe written as
/// the lesson files write them.
fn bikeshed_text(bs: &str) -> String {
    let mut out = String::with_capacity(bs.len());
    let mut in_tag = false;
    for c in bs.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if in_tag => {}
            '’' => out.push('\''),
            c => out.push(c),
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The source file of a set or lesson name (`None`: not checked here).
fn file_of(name: &str, source_label: &str) -> Option<&'static str> {
    match name {
        "rfc1738" => Some("rfc1738-sec2.2.txt"),
        "hyvatti" => Some("hyvatti-robots-1996.txt"),
        "pdf" => Some("pdf-reference-url-strings.txt"),
        "tutorial" => Some("url-encoding-tutorial.txt"),
        "fido" => Some("fidourl-sec5.2.2.txt"),
        "rfc3986" if source_label.contains("§6") => Some("rfc3986-sec6.txt"),
        "whatwg" => Some("url-standard-excerpt.bs"),
        _ => None,
    }
}

#[test]
fn every_quote_is_in_its_source() {
    let mut missing = Vec::new();
    let mut checked = 0;
    for set in BUILTIN.iter() {
        for ex in &set.exercises {
            let Some(file) = file_of(&set.name, &ex.source) else {
                continue;
            };
            checked += 1;
            if !source(file).contains(&squeeze(&ex.quote)) {
                missing.push(format!("exercise {}/{}: {}", set.name, ex.id, ex.quote));
            }
        }
    }
    for l in LESSONS.iter() {
        for (i, step) in l.steps.iter().enumerate() {
            let Some(file) = file_of(&l.name, &l.source) else {
                continue;
            };
            checked += 1;
            if !source(file).contains(&squeeze(&step.quote)) {
                missing.push(format!("lesson {} step {}: {}", l.name, i + 1, step.quote));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in the source:\n{}",
        missing.join("\n")
    );
    assert!(checked >= 60, "{checked}");
}
