//! The text form of `urlscope explain`. Every input-derived string goes through
//! [`escape`](crate::cli::escape), so no input octet reaches the terminal raw; colour, when on, is
//! made of SGR sequences only, from [`crate::theme::sgr`] (docs/themes.md's palette in the 16 ANSI colours).

use std::fmt::Write as _;

use unicode_width::UnicodeWidthStr;

use crate::cli::escape::{escape_bytes, escape_into, escape_styled};
use crate::theme::sgr;
use urlscope_core::modern::{Cache, TailKey, octets_key};
use urlscope_core::modern::{Component, Part, Report, TextJson, UnitJson};
use urlscope_core::url::diff::Op;

struct Out<'w> {
    s: String,
    color: bool,
    /// Where full blocks of `s` go while rendering (the unit table of a 1 MiB input is some
    /// 150 MB of text), and the first error writing there.
    sink: Option<&'w mut dyn std::io::Write>,
    error: Option<std::io::Error>,
}

impl Out<'_> {
    /// Hand the text so far to the sink once it fills a block.
    fn spill(&mut self) {
        const BLOCK: usize = 64 * 1024;
        if self.s.len() < BLOCK || self.error.is_some() {
            return;
        }
        if let Some(w) = self.sink.as_mut() {
            match w.write_all(self.s.as_bytes()) {
                Ok(()) => self.s.clear(),
                Err(e) => self.error = Some(e),
            }
        }
    }

    fn paint(&mut self, code: &str, text: &str) {
        if self.color && !code.is_empty() && !text.is_empty() {
            let _ = write!(self.s, "\x1b[{code}m{text}\x1b[0m");
        } else {
            self.s.push_str(text);
        }
    }
    /// The escaped form of `raw`; in colour, text in `base` and escape tokens highlighted.
    fn esc(&self, raw: &[u8], base: &str) -> String {
        if self.color {
            escape_styled(raw, base, sgr::escape())
        } else {
            escape_bytes(raw)
        }
    }
    /// `"…"` around the escaped octets.
    fn q(&self, raw: &[u8]) -> String {
        format!("\"{}\"", self.esc(raw, ""))
    }
    /// [`q`](Self::q), appended to the text.
    fn push_q(&mut self, raw: &[u8]) {
        self.s.push('"');
        self.push_esc(raw);
        self.s.push('"');
    }
    /// [`esc`](Self::esc) with no base colour, appended to the text.
    fn push_esc(&mut self, raw: &[u8]) {
        if self.color {
            let t = self.esc(raw, "");
            self.s.push_str(&t);
        } else {
            escape_into(raw, &mut self.s);
        }
    }
    fn heading(&mut self, title: &str) {
        self.s.push('\n');
        self.paint(sgr::heading(), title);
        self.s.push('\n');
    }
    fn line(&mut self, text: &str) {
        self.s.push_str(text);
        self.s.push('\n');
    }
    fn explanation(&mut self, indent: &str, e: Option<&TextJson>) {
        match e {
            Some(t) => {
                let _ = writeln!(self.s, "{indent}{}", t.text);
                self.s.push_str(indent);
                self.paint(sgr::dim(), &format!("source: {}", t.source));
                self.s.push('\n');
            }
            None => {
                self.s.push_str(indent);
                self.paint(sgr::dim(), "(no explanation available)");
                self.s.push('\n');
            }
        }
    }
}

fn part_text(o: &Out, p: &Part<'_>) -> String {
    let raw = p.raw.0;
    if raw == p.decoded.0.as_slice() {
        o.q(raw)
    } else {
        format!("{}  decoded {}", o.q(raw), o.q(&p.decoded.0))
    }
}

/// The query table section.
fn query_table(o: &mut Out, t: &urlscope_core::modern::QueryTableJson<'_>) {
    o.heading(
        "Query table (application/x-www-form-urlencoded, WHATWG URL Standard §5.1: '&' splits, '+' is a space)",
    );
    for (i, p) in t.pairs.iter().enumerate() {
        let mut line = format!("  {:>3}  key {}", i + 1, o.q(p.key.0));
        if p.key.0 != p.key_decoded.0.as_slice() {
            let _ = write!(line, " = {}", o.q(&p.key_decoded.0));
        }
        match (&p.value, &p.value_decoded) {
            (Some(v), Some(d)) => {
                let _ = write!(line, "  value {}", o.q(v.0));
                if v.0 != d.0.as_slice() {
                    let _ = write!(line, " = {}", o.q(&d.0));
                }
            }
            _ => line.push_str("  (no value)"),
        }
        if p.tracking {
            line.push_str("  [tracking]");
        }
        o.line(&line);
    }
    if t.tracking_count > 0 {
        o.line(&format!(
            "  without the {} tracking parameter(s): {}",
            t.tracking_count,
            o.q(&t.without_tracking.0)
        ));
    } else {
        o.line("  no known tracking parameters (utm_*, fbclid, gclid, msclkid, …)");
    }
}

/// `text` left-aligned in `width` characters (as `{:<width}` formats it).
fn push_padded(s: &mut String, text: &str, width: usize) {
    s.push_str(text);
    push_spaces(s, width.saturating_sub(text.chars().count()));
}

fn push_spaces(s: &mut String, n: usize) {
    const SPACES: &str = "                                ";
    let mut n = n;
    while n > 0 {
        let k = n.min(SPACES.len());
        s.push_str(&SPACES[..k]);
        n -= k;
    }
}

/// `n` right-aligned in `width` characters (as `{:>width}` formats it).
fn push_number_right(s: &mut String, n: usize, width: usize) {
    let start = s.len();
    push_number(s, n, 0);
    let len = s.len() - start;
    if len < width {
        s.insert_str(start, &"                    "[..width - len]);
    }
}

/// `n` left-aligned in `width` characters (as `{:<width}` formats it).
fn push_number(s: &mut String, n: usize, width: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let text = std::str::from_utf8(&digits[i..]).expect("ASCII digits");
    push_padded(s, text, width);
}

/// A unit's escaped text in its 12-column field (no colour).
fn unit_text(text: &[u8]) -> String {
    let mut s = String::new();
    escape_into(text, &mut s);
    let width = UnicodeWidthStr::width(s.as_str());
    push_spaces(&mut s, 12usize.saturating_sub(width));
    s
}

/// A unit's line after its text: value, span, role, the five classes, action and hints, without
/// trailing blanks, and the line break.
fn unit_tail(u: &UnitJson<'_>) -> String {
    let mut s = String::new();
    for (text, width) in [
        (u.value, 5),
        (u.span.unwrap_or("-"), 24),
        (u.role, 10),
        (u.classes.c1738, 17),
        (u.classes.c2396, 17),
        (u.classes.cfido, 17),
        (u.classes.c3986, 18),
        (u.classes.cwhatwg, 25),
    ] {
        s.push(' ');
        push_padded(&mut s, text, width);
    }
    s.push(' ');
    let action_start = s.len();
    match &u.action {
        Some(a) if a.step == a.rule => s.push_str(a.step),
        Some(a) => {
            s.push_str(a.step);
            s.push('/');
            s.push_str(a.rule);
        }
        None => s.push('-'),
    }
    let action_width = s[action_start..].chars().count();
    push_spaces(&mut s, 30usize.saturating_sub(action_width));
    s.push(' ');
    for (i, h) in u.hints.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(h);
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

fn pad(s: &str, width: usize) -> String {
    let w = UnicodeWidthStr::width(s);
    let mut out = s.to_owned();
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(w)));
    out
}

fn component_line(o: &mut Out, c: &Component<'_>) {
    let mut line = format!("  {:<9} {:<8}", c.name, c.state);
    if let Some(p) = &c.part
        && c.state == "present"
    {
        line.push_str(&part_text(o, p));
    }
    o.line(line.trim_end());
}

/// Render the report as text (coloured when `color`).
pub fn render(r: &Report<'_>, input: &[u8], output: &[u8], color: bool) -> String {
    render_into(r, input, output, color, None).0
}

/// Write the report as text to `w` (the same text as [`render`]), in blocks.
pub fn render_to(
    r: &Report<'_>,
    input: &[u8],
    output: &[u8],
    color: bool,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let (rest, error) = render_into(r, input, output, color, Some(&mut *w));
    match error {
        Some(e) => Err(e),
        None => w.write_all(rest.as_bytes()),
    }
}

/// The text, less what went to `sink` already, and the first error writing there.
fn render_into(
    r: &Report<'_>,
    input: &[u8],
    output: &[u8],
    color: bool,
    sink: Option<&mut dyn std::io::Write>,
) -> (String, Option<std::io::Error>) {
    let mut o = Out {
        s: String::new(),
        color,
        sink,
        error: None,
    };
    o.paint(sgr::heading(), "urlscope explain");
    let _ = writeln!(
        o.s,
        " — profile {} ({}), classification {}",
        r.profile_label, r.profile, r.classification
    );
    let _ = writeln!(o.s, "input   {}  ({} octets)", o.q(input), input.len());
    if let Some(b) = &r.base {
        let _ = writeln!(o.s, "base    {}", o.q(b.0));
    }
    if r.profile == "pdf" {
        let _ = writeln!(o.s, "pdf-state {}", r.pdf_state);
    }

    o.heading("Spans");
    if r.spans.is_empty() {
        o.line("  (no spans)");
    } else {
        if color {
            o.s.push_str("  ");
            for s in &r.spans {
                let t = o.esc(s.text.0, sgr::span(s.kind));
                o.s.push_str(&t);
            }
            o.s.push('\n');
        }
        // One line per span (a 1 MiB input has hundreds of thousands): no per-line strings.
        for s in &r.spans {
            o.spill();
            o.s.push_str("  ");
            push_number_right(&mut o.s, s.start, 5);
            o.s.push_str("..");
            push_number(&mut o.s, s.end, 5);
            o.s.push(' ');
            if o.color {
                o.paint(sgr::span(s.kind), &pad(s.kind, 24));
            } else {
                o.s.push_str(s.kind);
                push_spaces(
                    &mut o.s,
                    24usize.saturating_sub(UnicodeWidthStr::width(s.kind)),
                );
            }
            o.push_q(s.text.0);
            o.s.push('\n');
        }
    }

    o.heading("Components (raw, decoded once)");
    for c in &r.components {
        component_line(&mut o, c);
    }
    if !r.segments.is_empty() {
        o.heading("Path segments");
        for (i, s) in r.segments.iter().enumerate() {
            let mut line = format!("  {:>3}  {}", i + 1, part_text(&o, &s.name));
            for p in &s.params {
                let _ = write!(line, "  ;{}", part_text(&o, p));
            }
            o.line(&line);
        }
    }
    if !r.params.is_empty() {
        o.heading("Params");
        for (i, p) in r.params.iter().enumerate() {
            o.line(&format!("  {:>3}  {}", i + 1, part_text(&o, p)));
        }
    }
    if !r.query_pairs.is_empty() {
        o.heading("Query pairs");
        for (i, p) in r.query_pairs.iter().enumerate() {
            let mut line = format!("  {:>3}  key {}", i + 1, part_text(&o, &p.key));
            match &p.value {
                Some(v) => {
                    let _ = write!(line, "  value {}", part_text(&o, v));
                }
                None => line.push_str("  (no value)"),
            }
            o.line(&line);
        }
        if r.semicolon_pair_separator {
            o.line("  note: ';' separates pairs exactly like '&' (URL编码 (an RFC 2396 tutorial): ?a=1;b=2 is equivalent to ?a=1&b=2)");
        }
    }
    if let Some(t) = &r.query_table {
        query_table(&mut o, t);
    }
    if !r.areatags.is_empty() {
        o.heading("Areatags");
        for (i, a) in r.areatags.iter().enumerate() {
            let mut line = format!("  {:>3}  {}", i + 1, part_text(&o, &a.tag));
            if let Some(d) = &a.domain {
                let _ = write!(line, "  @ domain {}", part_text(&o, d));
            }
            o.line(&line);
        }
    }

    o.heading(&format!(
        "Units (hints under {}; a triplet is one unit)",
        r.classification
    ));
    o.line(&format!(
        "  {:<7} {:<12} {:<5} {:<24} {:<10} {:<17} {:<17} {:<17} {:<18} {:<25} {:<30} hints",
        "offset",
        "unit",
        "value",
        "span",
        "role",
        "C-1738",
        "C-2396",
        "C-Fido",
        "C-3986",
        "C-WHATWG",
        "action (step/rule)"
    ));
    // One line per unit (a 1 MiB input has a million): written straight into the output, the
    // escaped text (without colour) and the rest of the line built once per distinct value.
    let units = &r.units;
    let mut texts: Cache<u32, String> = Cache::default();
    let mut tails: Cache<TailKey, String> = Cache::default();
    for info in units.units {
        o.spill();
        o.s.push_str("  ");
        push_number(&mut o.s, info.range.start, 7);
        o.s.push(' ');
        let text = &units.x[info.range.clone()];
        if o.color {
            let u = super::unit_json(units.x, info, &units.actions, units.classification);
            let code = sgr::class(match r.classification {
                "C-2396" => u.classes.c2396,
                "C-Fido" => u.classes.cfido,
                "C-3986" => u.classes.c3986,
                "C-WHATWG" => u.classes.cwhatwg,
                _ => u.classes.c1738,
            });
            let code = match (u.encoded, code.is_empty()) {
                (false, _) => code.to_owned(),
                (true, true) => "4".to_owned(),
                (true, false) => format!("{code};4"),
            };
            let styled = o.esc(text, &code);
            o.s.push_str(&styled);
            let width = UnicodeWidthStr::width(escape_bytes(text).as_str());
            push_spaces(&mut o.s, 12usize.saturating_sub(width));
        } else {
            match octets_key(text) {
                Some(k) => {
                    o.s.push_str(texts.entry(k).or_insert_with(|| unit_text(text)))
                }
                None => o.s.push_str(&unit_text(text)),
            }
        }
        let tail = tails
            .entry(TailKey::of(info, &units.actions))
            .or_insert_with(|| {
                unit_tail(&super::unit_json(
                    units.x,
                    info,
                    &units.actions,
                    units.classification,
                ))
            });
        o.s.push_str(tail);
    }
    if !r.class_texts.is_empty() {
        o.heading("Classes");
        for c in &r.class_texts {
            o.line(&format!("  {} {}:", c.classification, c.class));
            o.explanation("    ", c.explanation.as_ref());
        }
    }
    if !r.hint_texts.is_empty() {
        o.heading("Hints");
        for h in &r.hint_texts {
            o.line(&format!("  {}:", h.id));
            o.explanation("    ", h.explanation.as_ref());
        }
    }
    if let Some(d) = &r.decoding {
        o.heading(&format!("Decoded as {} (⟨%XX⟩: not valid there)", d.label));
        if d.components.is_empty() {
            o.line("  no component holds a %XX or an octet 80–FF");
        }
        for c in &d.components {
            o.line(&format!(
                "  {:<12} {}..{}  {}",
                c.span,
                c.start,
                c.end,
                escape_bytes(c.text.as_bytes())
            ));
        }
        if let Some(g) = d.guess {
            o.line(&format!("  guess (chardetng, only a guess): {g}"));
        }
    }

    if !r.warnings.is_empty() || !r.errors.is_empty() {
        o.heading("Diagnostics");
        for (d, code) in r
            .warnings
            .iter()
            .map(|d| (d, sgr::warning()))
            .chain(r.errors.iter().map(|d| (d, sgr::error())))
        {
            o.s.push_str("  ");
            o.paint(code, d.id);
            o.s.push('\n');
            o.explanation("    ", d.explanation.as_ref());
        }
    }

    if !r.old_rule_today.is_empty() {
        // An old rule's edit that today's parsers read differently: both rules cited.
        o.heading("Old rules, today's meaning");
        for c in &r.old_rule_today {
            o.s.push_str("  ");
            o.paint(sgr::warning(), c.id);
            if let (Some(start), Some(end)) = (c.start, c.end) {
                let _ = write!(o.s, " at {start}..{end}");
            }
            o.s.push('\n');
            o.line(&format!("    {}", escape_bytes(c.text.as_bytes())));
        }
    }

    o.heading(&format!("Steps ({})", r.profile_label));
    // A canonicalizer built on another says so, once, before its steps.
    if let Some((p, (base, n))) =
        urlscope_core::Profile::from_name(r.profile).and_then(|p| p.built_on().map(|b| (p, b)))
    {
        let all = base.steps().count();
        let whose = if n == all {
            format!("all {n} of {}'s steps", base.label())
        } else {
            format!("the first {n} of {}'s {all} steps", base.label())
        };
        let own = p.steps().count() - n;
        o.line(&format!(
            "  {} is {whose} (1–{n}), then {own} of its own ({}–{}).",
            p.label(),
            n + 1,
            n + own
        ));
    }
    if r.steps.is_empty() {
        o.line("  (the profile has no steps: the output is the input)");
    }
    for (i, s) in r.steps.iter().enumerate() {
        let st = &s.record;
        let status = match st.reason {
            Some(reason) if st.status == "error" => format!("error: {reason}"),
            Some(reason) => format!("not applicable: {reason}"),
            None => st.status.replace('-', " "),
        };
        let mut line = format!("  {}. {} — {}", i + 1, st.id, status);
        let _ = write!(
            line,
            ", {} edit{}",
            s.edit_count,
            if s.edit_count == 1 { "" } else { "s" }
        );
        if !s.rules.is_empty() {
            let _ = write!(line, ", rules: {}", s.rules.join(" "));
        }
        if st.status == "error" {
            o.paint(sgr::error(), &line);
            o.s.push('\n');
        } else {
            o.line(&line);
        }
        if let Some(note) = st.note {
            o.line(&format!("     note: {note}"));
        }
        if let Some(w) = &s.whatwg {
            whatwg_walk(&mut o, w);
        }
        for r in &st.remarks {
            let fails = if r.fails { ", fails the parse" } else { "" };
            o.line(&format!(
                "     validation error {} at {}{fails}: {}",
                r.id, r.at, r.text
            ));
        }
        o.explanation("     ", s.explanation.as_ref());
        for e in &s.rule_explanations {
            o.line(&format!("     rule {}:", e.id));
            o.explanation("       ", Some(e));
        }
        if !st.edits.is_empty() {
            o.s.push_str("     ");
            edits_line(&mut o, st.before.0, &st.edits);
        }
        if s.whatwg.is_some() {
            // Each edit with the parser's step that made it (the rule's text is above).
            for e in &st.edits {
                o.spill();
                let from = o.q(&st.before.0[e.start..e.end]);
                let to = o.q(e.replacement.0);
                o.line(&format!(
                    "     edit {}..{} {from} → {to}: {}",
                    e.start, e.end, e.rule
                ));
            }
        }
    }

    o.heading("Result");
    let _ = writeln!(o.s, "  before  {}", o.q(input));
    let _ = writeln!(o.s, "  after   {}", o.q(output));
    o.s.push_str("  diff    ");
    for d in &r.diff {
        let op = match d.op {
            "delete" => Op::Delete,
            "insert" => Op::Insert,
            _ => Op::Equal,
        };
        o.spill();
        mark(&mut o, op, d.text.0);
    }
    o.s.push('\n');
    (o.s, o.error)
}

/// The URL Standard parser's walk under its step: each transition (at which code point, from
/// which state to which, the standard's step) and, per state, the code points it read.
fn whatwg_walk(o: &mut Out<'_>, w: &urlscope_core::modern::WhatwgTraceJson) {
    o.line("     state walk (URL Standard §4.4; offsets index the step's before):");
    for t in &w.transitions {
        let at = match t.char {
            Some(c) => o.q(c.to_string().as_bytes()),
            None => "EOF".to_string(),
        };
        o.line(&format!(
            "       {:>4} {at:<6} {} → {}: {}",
            t.offset, t.from_name, t.to_name, t.step
        ));
    }
    // The states' runs: which code points each state read, in order.
    o.line("     read by:");
    let mut i = 0;
    let cps = &w.code_points;
    while i < cps.len() {
        o.spill();
        let state = cps[i].state;
        let mut j = i;
        let mut text = String::new();
        while j < cps.len() && cps[j].state == state {
            text.push(cps[j].char);
            j += 1;
        }
        let who = state
            .and_then(urlscope_core::whatwg::State::from_id)
            .map_or("(read by no state: stepped over or removed)", |s| s.name());
        let shown = o.q(text.as_bytes());
        o.line(&format!(
            "       {:>4}..{:<4} {shown} {who}",
            cps[i].offset,
            cps.get(j)
                .map_or(cps[j - 1].offset + cps[j - 1].char.len_utf8(), |c| c.offset)
        ));
        i = j;
    }
}

/// A step's `before` with its own edits marked (exact, from the step record).
fn edits_line(o: &mut Out<'_>, before: &[u8], edits: &[urlscope_core::modern::JsonEdit<'_>]) {
    let mut pos = 0;
    for e in edits {
        o.spill();
        o.push_esc(&before[pos..e.start]);
        mark(o, Op::Delete, &before[e.start..e.end]);
        mark(o, Op::Insert, e.replacement.0);
        pos = e.end;
    }
    o.push_esc(&before[pos..]);
    o.s.push('\n');
}

fn mark(o: &mut Out<'_>, op: Op, text: &[u8]) {
    if text.is_empty() {
        return;
    }
    match (op, o.color) {
        (Op::Equal, _) => o.push_esc(text),
        (Op::Delete, true) => {
            let t = o.esc(text, sgr::deleted());
            o.s.push_str(&t);
        }
        (Op::Insert, true) => {
            let t = o.esc(text, sgr::inserted());
            o.s.push_str(&t);
        }
        (Op::Delete, false) => {
            o.s.push_str("[-");
            escape_into(text, &mut o.s);
            o.s.push_str("-]");
        }
        (Op::Insert, false) => {
            o.s.push_str("{+");
            escape_into(text, &mut o.s);
            o.s.push_str("+}");
        }
    }
}
