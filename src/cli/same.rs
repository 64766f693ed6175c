//! `urlscope same [--json] [-p PROFILE] A B`: whether two URLs are the same, computed
//! by [`urlscope_core::same`] and only presented here.
//!
//! Text: A and B whole, a row marking their first difference with `^` and a sentence naming
//! it by component and byte; the profiles' answers grouped (the core's
//! [`Sameness::groups`]): each shared answer once, with its two results and their `^` row once,
//! and on lines of their own only the members whose results are other strings (`--verbose`:
//! one block a profile, `equal after step 3 pdf-lowercase-host` or the two outputs that
//! differ); the RFC 3986 §6.2 ladder with its first matching rung, the WHATWG parser's equality
//! with and without the fragment, and the verdict under the chosen profile. Exit status 0 when
//! A and B are equal under the chosen profile, 1 when not, 2 on a usage error.

use super::escape::escape_bytes;
use super::{Result, bytes, write_stdout};
use urlscope_core::modern::{Answer, Group};
use urlscope_core::modern::{Difference, EqualAt, Rung};
use urlscope_core::{Options, Profile};
use urlscope_core::{Sameness, same};

/// `same`'s arguments, already read.
pub struct SameRequest {
    pub a: Vec<u8>,
    pub b: Vec<u8>,
    pub profile: Profile,
    pub json: bool,
    /// One block a profile instead of one a shared answer.
    pub verbose: bool,
    pub opts: Options,
}

pub fn run(a: super::args::SameArgs) -> Result<i32> {
    let req = SameRequest {
        a: super::refang::read_saying(bytes(&a.a)).into_owned(),
        b: super::refang::read_saying(bytes(&a.b)).into_owned(),
        profile: a.profile,
        json: a.json,
        verbose: a.verbose,
        opts: a.opts.options()?,
    };
    let s = same(&req.a, &req.b, &req.opts);
    let out = if req.json {
        let mut t = serde_json::to_string_pretty(&s.json(&req.a, &req.b, req.profile))
            .map_err(std::io::Error::other)?;
        t.push('\n');
        t
    } else {
        text(&req, &s)
    };
    write_stdout(out.as_bytes())?;
    Ok(if s.profile(req.profile).equal { 0 } else { 1 })
}

fn yes_no(v: Option<bool>) -> &'static str {
    match v {
        Some(true) => "equal",
        Some(false) => "different",
        None => "not comparable (the parser rejects one of them)",
    }
}

/// "differ at query pair 8: `y=2` ≠ `y=5`, byte 251", or "equal octet for octet".
pub fn difference_line(d: Option<&Difference>, a: &[u8], b: &[u8]) -> String {
    match d {
        Some(d) => format!(
            "differ at {}",
            d.describe(
                &escape_bytes(&a[d.piece_a.clone()]),
                &escape_bytes(&b[d.piece_b.clone()])
            )
        ),
        None => "equal octet for octet".into(),
    }
}

/// The row under two lines that starts `lead` columns in and marks, with `^`, the first
/// differing unit of `a` (not by colour alone: a pipe has none). Each line is whole, so a
/// terminal that wraps them wraps this row the same way and the mark stays under the
/// difference. Empty when they do not differ.
fn marker(lead: usize, d: Option<&Difference>, a: &[u8]) -> String {
    use unicode_width::UnicodeWidthStr;
    match d {
        Some(d) => {
            let before = escape_bytes(&a[..d.offset_a.min(a.len())]).width();
            format!("{}^\n", " ".repeat(lead + before))
        }
        None => String::new(),
    }
}

/// The text report.
pub fn text(req: &SameRequest, s: &Sameness) -> String {
    let mut out = format!(
        "A  {}\nB  {}\n{}   {}\n\nprofiles\n",
        escape_bytes(&req.a),
        escape_bytes(&req.b),
        marker(3, s.difference.as_ref(), &req.a),
        difference_line(s.difference.as_ref(), &req.a, &req.b)
    );
    let width = Profile::ALL
        .iter()
        .map(|p| p.name().len())
        .max()
        .unwrap_or(0);
    if req.verbose {
        every_profile(&mut out, req, s, width);
    } else {
        for g in s.groups() {
            group(&mut out, req, s, &g, width);
        }
    }
    ladder_and_verdict(&mut out, req, s);
    out
}

/// A profile's name, `*` before the chosen one.
fn named(p: Profile, chosen: Profile) -> String {
    if p == chosen {
        format!("*{}", p.name())
    } else {
        p.name().to_string()
    }
}

/// `items` after `head`, separated by `sep`, wrapped before 80 columns with each further line
/// starting `indent` columns in (the names are ours: no escaping, no wide characters).
fn wrapped(head: &str, items: &[String], sep: &str, indent: usize) -> String {
    let mut out = head.to_string();
    let mut col = head.chars().count();
    for (k, it) in items.iter().enumerate() {
        let piece = if k + 1 < items.len() {
            format!("{it}{sep}")
        } else {
            it.clone()
        };
        let w = piece.trim_end().chars().count();
        if k > 0 && col + w > 80 {
            while out.ends_with(' ') {
                out.pop();
            }
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            col = indent;
        }
        out.push_str(&piece);
        col += piece.chars().count();
    }
    out.push('\n');
    out
}

/// One group of profiles that give one answer: the answer and its members once; for a
/// difference, the two results most members share with their `^` row and the sentence naming
/// the place, then each member whose results are other strings with its own two.
fn group(out: &mut String, req: &SameRequest, s: &Sameness, g: &Group, width: usize) {
    let names: Vec<String> = g.profiles.iter().map(|&p| named(p, req.profile)).collect();
    match &g.answer {
        Answer::EqualAsGiven => out.push_str(&wrapped("  equal as given: ", &names, " ", 4)),
        Answer::EqualAfter(step) => {
            // The step is the group's; its number in each profile's table is the profile's.
            let steps: Vec<String> = g
                .profiles
                .iter()
                .map(|&p| match s.profile(p).equal_at {
                    Some(EqualAt::Step { index, .. }) => {
                        format!("{} (step {index})", named(p, req.profile))
                    }
                    Some(EqualAt::Input) | None => named(p, req.profile),
                })
                .collect();
            out.push_str(&wrapped(
                &format!("  equal after {step}: "),
                &steps,
                ", ",
                4,
            ));
        }
        Answer::Different(_) => {
            out.push_str(&wrapped("  different: ", &names, " ", 4));
            let shown = s.profile(g.shown);
            out.push_str(&format!(
                "    A → {}\n    B → {}\n{}    {}\n",
                escape_bytes(&shown.output_a),
                escape_bytes(&shown.output_b),
                // Under the results, which start after `    A → `.
                marker(8, shown.difference.as_ref(), &shown.output_a),
                difference_line(shown.difference.as_ref(), &shown.output_a, &shown.output_b)
            ));
            for &p in &g.own {
                let own = s.profile(p);
                out.push_str(&format!(
                    "    {:<width$}  A → {}\n    {:<width$}  B → {}\n",
                    named(p, req.profile),
                    escape_bytes(&own.output_a),
                    "",
                    escape_bytes(&own.output_b),
                    width = width + 1,
                ));
            }
        }
    }
}

/// `--verbose`: one block a profile, each with its own results and `^` row.
fn every_profile(out: &mut String, req: &SameRequest, s: &Sameness, width: usize) {
    for p in &s.profiles {
        let mark = if p.profile == req.profile { '*' } else { ' ' };
        out.push_str(&format!(
            "{mark} {:<width$}  {}\n",
            p.profile.name(),
            p.verdict()
        ));
        if !p.equal && p.profile != Profile::None {
            out.push_str(&format!(
                "  {:<width$}    A → {}\n  {:<width$}    B → {}\n{}  {:<width$}    {}\n",
                "",
                escape_bytes(&p.output_a),
                "",
                escape_bytes(&p.output_b),
                // Under the outputs, which start after `  {name}    A → `.
                marker(width + 10, p.difference.as_ref(), &p.output_a),
                "",
                difference_line(p.difference.as_ref(), &p.output_a, &p.output_b)
            ));
        }
    }
}

/// The RFC 3986 §6.2 ladder, the WHATWG parser's answer and the chosen profile's verdict.
fn ladder_and_verdict(out: &mut String, req: &SameRequest, s: &Sameness) {
    out.push_str("\nRFC 3986 §6.2 comparison ladder\n");
    for (k, r) in Rung::ALL.into_iter().enumerate() {
        let (fa, fb) = (&s.ladder.forms_a[k], &s.ladder.forms_b[k]);
        let state = if fa == fb { "equal" } else { "different" };
        let first = if s.ladder.first_match == Some(r) {
            "  ← first match"
        } else {
            ""
        };
        out.push_str(&format!(
            "  {:<16}  {:<9}  ({}){first}\n",
            r.name(),
            state,
            r.section()
        ));
    }
    match s.ladder.first_match {
        Some(r) => out.push_str(&format!("  they match at {} ({})\n", r.name(), r.section())),
        None => out.push_str(&format!(
            "  no rung makes them equal:\n    A → {}\n    B → {}\n{}  after the last rung they {}\n",
            escape_bytes(&s.ladder.forms_a[4]),
            escape_bytes(&s.ladder.forms_b[4]),
            // Under the forms, which start after `    A → `.
            marker(8, s.ladder.differences[4].as_ref(), &s.ladder.forms_a[4]),
            difference_line(
                s.ladder.differences[4].as_ref(),
                &s.ladder.forms_a[4],
                &s.ladder.forms_b[4]
            )
        )),
    }
    out.push_str("\nWHATWG URL Standard (url crate)\n");
    out.push_str(&format!(
        "  with the fragment     {}\n",
        yes_no(s.whatwg.equal)
    ));
    out.push_str(&format!(
        "  without the fragment  {}\n",
        yes_no(s.whatwg.equal_without_fragment)
    ));
    let chosen = s.profile(req.profile);
    out.push_str(&format!(
        "\nunder {}: {}\n",
        req.profile.name(),
        if chosen.equal { "same" } else { "not the same" }
    ));
}
