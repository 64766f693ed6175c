//! The character pane: a grid of units coloured by class, and the detail box of the unit under
//! the cursor (docs/rules.md, "Character classes and hints").

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::{Areas, STRIP_CELL};
use crate::tui::model::text::{self, control_symbol};
use crate::tui::model::texts;
use crate::tui::msg::Focus;
use crate::tui::view::overlays::host::hard_wrap;
use crate::tui::view::pane;
use unicode_width::UnicodeWidthStr;
use urlscope_core::url;
use urlscope_core::url::PctSet;
use urlscope_core::url::{Hint, UnitInfo, diff, octets, unit_infos_in};
use urlscope_core::whatwg::State;
use urlscope_core::{Classification, Profile};

/// The text of one unit in the strip (at most 4 columns, never raw control octets).
pub fn unit_text(x: &[u8], info: &UnitInfo) -> String {
    if info.encoded {
        return String::from_utf8_lossy(&x[info.range.clone()]).into_owned();
    }
    let b = info.value;
    match b {
        0x21..=0x7E => (b as char).to_string(),
        b' ' => "␠".to_string(),
        _ => control_symbol(b).map_or_else(|| format!("\\x{b:02X}"), |c| c.to_string()),
    }
}

/// Draw the pane; returns how far the detail's why text may scroll (`None`: no detail shown).
pub fn render(app: &App, theme: &Theme, frame: &mut Frame, areas: &Areas) -> Option<usize> {
    let focused = app.panes.focus == Focus::Characters;
    let title = format!("Characters ({})", app.classification().name());
    frame.render_widget(pane(&title, focused, theme), areas.characters);
    let (mut strip, mut detail) = areas.strip_and_detail();
    let (cols, rows) = areas.strip_grid();
    let a = &app.analysis;
    let x: &[u8] = &a.input;
    let n = a.unit_count();
    // When every unit fits in fewer rows than the strip has, the detail takes the rest (the
    // why text is long; the strip does not scroll then, so the keys and the mouse agree).
    let needed = n.div_ceil(cols).max(1);
    if needed < rows && app.panes.strip_top == 0 {
        let spare = (rows - needed) as u16 * areas.strip_lines.max(1);
        strip.height -= spare;
        detail.y -= spare;
        detail.height += spare;
    }
    let cursor_unit = a.unit_index(app.panes.char_cursor);
    let first = (app.panes.strip_top * cols).min(n);
    let last = (first + cols * rows).min(n);
    if strip.width > 0 && strip.height > 0 && first < last {
        let window = a.unit_range(first).start..a.unit_range(last - 1).end;
        let infos = unit_infos_in(x, &a.parsed, window);
        let class = app.classification();
        let mono = theme.is_colourless();
        // A lesson step marks the characters it is about.
        let marks = app.lesson_marks().map(|m| m.chars).unwrap_or_default();
        let mut lines = Vec::new();
        // Under the `whatwg` profile a row of states follows each row of characters.
        let states = (areas.strip_lines > 1).then_some(a.whatwg_states.as_deref());
        let state_at = |pos: usize| states.flatten().and_then(|v| v.get(pos).copied().flatten());
        let mut prev = (first > 0)
            .then(|| state_at(a.unit_range(first - 1).start))
            .flatten();
        for (r, chunk) in infos.chunks(cols).enumerate() {
            let mut spans = Vec::new();
            for (c, info) in chunk.iter().enumerate() {
                let idx = first + r * cols + c;
                let mut st = theme.class(info.class(class));
                if info.encoded {
                    st = st.patch(theme.triplet);
                }
                if marks
                    .iter()
                    .any(|m| m.start < info.range.end && info.range.start < m.end)
                {
                    st = st.patch(theme.highlight);
                }
                if idx == cursor_unit {
                    st = st.patch(theme.cursor);
                }
                let t = unit_text(x, info);
                let mut used = t.chars().count();
                spans.push(Span::styled(t, st));
                // Without colour the class shows as a mark (the F1 legend lists them).
                let mark = Theme::class_mark(info.class(class));
                if mono && !mark.is_empty() && used < STRIP_CELL as usize - 1 {
                    spans.push(Span::raw(mark));
                    used += 1;
                }
                let pad = (STRIP_CELL as usize).saturating_sub(used);
                spans.push(Span::raw(" ".repeat(pad)));
            }
            lines.push(Line::from(spans));
            if states.is_some() {
                let row: Vec<Option<State>> =
                    chunk.iter().map(|i| state_at(i.range.start)).collect();
                lines.push(state_row(&row, prev, theme));
                prev = row.last().copied().flatten();
            }
        }
        frame.render_widget(Paragraph::new(lines), strip);
    }
    (detail.width > 0 && detail.height > 0 && n > 0)
        .then(|| render_detail(app, theme, frame, detail, cursor_unit))
}

/// A short name of `state` that fits a strip cell (at most 4 columns); the detail box names it
/// in full.
pub fn state_abbrev(state: State) -> &'static str {
    match state {
        State::SchemeStart => "ss",
        State::Scheme => "sch",
        State::NoScheme => "nos",
        State::SpecialRelativeOrAuthority => "sroa",
        State::PathOrAuthority => "poa",
        State::Relative => "rel",
        State::RelativeSlash => "rsl",
        State::SpecialAuthoritySlashes => "sas",
        State::SpecialAuthorityIgnoreSlashes => "sais",
        State::Authority => "auth",
        State::Host => "host",
        State::Hostname => "hstn",
        State::Port => "port",
        State::File => "file",
        State::FileSlash => "fsl",
        State::FileHost => "fhst",
        State::PathStart => "ps",
        State::Path => "path",
        State::OpaquePath => "opq",
        State::Query => "qry",
        State::Fragment => "frag",
    }
}

/// The state row under a row of characters: a state's short name where it starts reading (and
/// at the start of each row), `·` under the code points it goes on reading, `-` under one no
/// state read (a removed tab or newline, stripped spaces, text after a failure).
fn state_row(row: &[Option<State>], mut prev: Option<State>, theme: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (c, &st) in row.iter().enumerate() {
        let (text, style) = match st {
            Some(s) if c == 0 || Some(s) != prev => (state_abbrev(s), theme.label),
            Some(_) => ("·", theme.dim),
            None => ("-", theme.dim),
        };
        spans.push(Span::styled(text, style));
        let pad = (STRIP_CELL as usize).saturating_sub(text.chars().count());
        spans.push(Span::raw(" ".repeat(pad)));
        prev = st;
    }
    Line::from(spans)
}

/// Draw the detail box; returns its last useful first row (how far the why text scrolls).
fn render_detail(app: &App, theme: &Theme, frame: &mut Frame, area: Rect, unit: usize) -> usize {
    let a = &app.analysis;
    let x: &[u8] = &a.input;
    let range = a.unit_range(unit);
    let Some(info) = unit_infos_in(x, &a.parsed, range.clone())
        .into_iter()
        .next()
    else {
        return 0;
    };
    let l = |s: &str| Span::styled(format!("{s:<8}"), theme.label);
    let mut lines: Vec<Line> = Vec::new();
    let shown = unit_text(x, &info);
    let bytes: Vec<String> = x[range.clone()]
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect();
    lines.push(Line::from(vec![
        l("unit"),
        Span::raw(format!("{}  bytes {}..{}  ", shown, range.start, range.end)),
        Span::styled(if info.encoded { "triplet" } else { "raw" }, theme.dim),
        Span::raw(format!("  [{}]", bytes.join(" "))),
    ]));
    // Under the `whatwg` profile: the state of the URL Standard's parser that read it.
    if let Some(states) = &a.whatwg_states {
        let read = match states.get(range.start).copied().flatten() {
            Some(st) => format!("read in the {} (URL Standard §4.4)", st.name()),
            None => "read by no state (removed before parsing, or after a failure)".to_string(),
        };
        lines.push(Line::from(vec![l("state"), Span::raw(read)]));
    }
    // Then the action, the hints and the why text; the historical classifications on one
    // line, today's two (with their sections) on the next (`*` marks the one the strip, the
    // hints and the why text use), the octet and the span.
    let active = app.classification();
    let class_span = |c: Classification, with_source: bool| {
        let class = info.class(c);
        let st = theme.class(class);
        let star = if c == active { "*" } else { "" };
        let source = if with_source {
            // The section alone ("URL Standard §1.3"); the why text has the full citation.
            let full = texts::class_source(class, c);
            format!(" · {}", full.split(" (").next().unwrap_or(full))
        } else {
            String::new()
        };
        Span::styled(
            format!("{star}{} {}{source}", c.name(), class.name()),
            if c == active {
                st.patch(theme.selected)
            } else {
                st
            },
        )
    };
    // What the unit is in every classification, its octet and span: after the why text's
    // first sentence, which a reader of the selected character reads first (80×24 shows it).
    let mut facts: Vec<Line> = Vec::new();
    let mut cls = vec![l("class")];
    for c in [
        Classification::C1738,
        Classification::C2396,
        Classification::CFido,
    ] {
        cls.push(class_span(c, false));
        cls.push(Span::raw("  "));
    }
    facts.push(Line::from(cls));
    // Today's two, one line each: the class, its section, and for C-WHATWG every set that
    // holds the octet (the sets do not nest).
    facts.push(Line::from(vec![
        l("today"),
        class_span(Classification::C3986, true),
    ]));
    let mut whatwg = vec![l(""), class_span(Classification::CWhatwg, true)];
    let sets: Vec<&str> = PctSet::containing(info.value).map(|p| p.name()).collect();
    if !sets.is_empty() {
        whatwg.push(Span::styled(
            format!(" · in sets: {}", sets.join(", ")),
            theme.dim,
        ));
    }
    facts.push(Line::from(whatwg));
    let (cp, utf8) = code_point(x, &info);
    facts.push(Line::from(vec![
        l("octet"),
        Span::raw(format!("0x{:02X}  {cp}  UTF-8 {utf8}", info.value)),
    ]));
    let kind = info.span_kind.map_or("-", |k| k.name());
    facts.push(Line::from(vec![
        l("span"),
        Span::raw(format!("{kind} ({})", info.role.name())),
    ]));
    let mut why: Vec<texts::Why> = Vec::new();
    let acted = diff::action_at(&a.outcome, range.start);
    let action = match acted {
        Some((i, step, rule)) => {
            why.push(texts::step_why(rule, a.profile));
            format!("{}: step {} {step}, rule {rule}", a.profile.label(), i + 1)
        }
        None => {
            // Hyvätti decides for every character, also the ones it keeps: name that rule.
            let kept = (a.profile == Profile::Hyvatti)
                .then(|| octets::units(&x[range.clone()]).next())
                .flatten()
                .map(|u| url::hyvatti_rule_for(&u).1);
            match kept {
                Some(rule) => format!(
                    "{}: passes through unchanged, rule {rule}",
                    a.profile.label()
                ),
                None => format!("{}: passes through unchanged", a.profile.label()),
            }
        }
    };
    let unchanged = acted.is_none();
    lines.push(Line::from(vec![l("action"), Span::raw(action)]));
    let ids: Vec<Hint> = info.hints_for(active).collect();
    // A hint that says "must be encoded" beside a profile that leaves the character alone:
    // say why both hold (the hint is the classification's rule, the profile its own recipe).
    if unchanged && a.profile != Profile::None && ids.contains(&Hint::MustEncode) {
        if a.profile == Profile::Hyvatti {
            let keep = texts::step_why(url::HYVATTI_KEEP_RAW, Profile::Hyvatti);
            why.push(texts::Why {
                text: format!(
                    "both hold: the hint is RFC 1738 §2.2's rule for this class; Hyvätti's \
                     recipe departs from it here. {}",
                    keep.text
                ),
                source: keep.source,
            });
        } else {
            why.push(texts::Why {
                text: format!(
                    "both hold: the hint is the rule of {} for this class; the {} profile does \
                     not apply that rule to this character.",
                    active.name(),
                    a.profile.label()
                ),
                source: "",
            });
        }
    }
    let shown = if ids.is_empty() {
        "none".to_string()
    } else {
        ids.iter()
            .map(|h| h.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    lines.push(Line::from(vec![
        l("hints"),
        Span::styled(shown, theme.warning),
    ]));
    // The why text whole: the class's sentence, the step's, the hints', then each source once.
    why.insert(0, texts::class_why(info.class(active), active));
    why.extend(ids.iter().map(|&id| texts::hint_why(id)));
    // The class's sentence first, in sight in a short box; then the unit in every
    // classification; then the step's and the hints' sentences.
    for (k, w) in why.iter().enumerate() {
        let st = if k == 0 { Style::new() } else { theme.dim };
        lines.push(Line::from(Span::styled(w.text.clone(), st)));
        if k == 0 {
            lines.append(&mut facts);
        }
    }
    let mut sources: Vec<&str> = Vec::new();
    for w in &why {
        if !w.source.is_empty() && !sources.contains(&w.source) {
            sources.push(w.source);
        }
    }
    if !sources.is_empty() {
        lines.push(Line::from(vec![
            l("sources"),
            Span::styled(sources.join("; "), theme.dim),
        ]));
    }
    let rows = word_wrap(lines, area.width as usize);
    let room = area.height.saturating_sub(1) as usize;
    let max = rows.len().saturating_sub(room);
    let top = app.why_top(max);
    let title = if max == 0 {
        "detail".to_string()
    } else {
        format!(
            "detail {}–{} of {} (Shift+↑↓)",
            top + 1,
            (top + room).min(rows.len()),
            rows.len()
        )
    };
    let block = Block::default()
        .borders(Borders::TOP)
        .border_style(theme.dim)
        .title(Span::styled(title, theme.dim));
    let visible: Vec<Line> = rows.into_iter().skip(top).take(room).collect();
    frame.render_widget(Paragraph::new(visible).block(block), area);
    max
}

/// Break `lines` into rows of at most `width` columns at spaces (a word longer than a row is
/// cut), keeping each piece's style: the why text is read, so words stay whole.
fn word_wrap(lines: Vec<Line<'static>>, width: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    let mut out = Vec::new();
    // Room for the labels' column, when the box is wide enough to keep text beside it.
    let indent = if width >= 40 { 8 } else { 0 };
    for line in lines {
        let mut row: Vec<Span<'static>> = Vec::new();
        let mut used = 0;
        let mut row_start = 0;
        for sp in line.spans {
            for word in sp.content.split_inclusive(' ') {
                let w = UnicodeWidthStr::width(word);
                let w_trimmed = UnicodeWidthStr::width(word.trim_end_matches(' '));
                if used > row_start && used + w_trimmed > width {
                    out.push(Line::from(std::mem::take(&mut row)));
                    // Continuation rows start under the text, after the labels' column.
                    row.push(Span::raw(" ".repeat(indent)));
                    used = indent;
                    row_start = indent;
                }
                if w_trimmed > width - row_start {
                    // Longer than a row: cut it.
                    for row_cut in hard_wrap(
                        vec![Line::from(Span::styled(word.to_string(), sp.style))],
                        width,
                    ) {
                        out.push(row_cut);
                    }
                    continue;
                }
                row.push(Span::styled(word.to_string(), sp.style));
                used += w;
            }
        }
        out.push(Line::from(row));
    }
    out
}

/// The code point the unit stands for and its UTF-8 bytes. A raw octet ≥ 0x80 is described by
/// the UTF-8 character it belongs to, when there is one.
fn code_point(x: &[u8], info: &UnitInfo) -> (String, String) {
    let v = info.value;
    if v < 0x80 {
        let shown = text::cells(&[v], 0..1)
            .next()
            .map_or(String::new(), |c| c.text.into_owned());
        return (format!("U+{:04X} '{shown}'", v), format!("{v:02X}"));
    }
    if !info.encoded {
        let start = text::align_back(x, info.range.start);
        if let Some(c) = text::cells(x, start..x.len().min(start + 4)).next()
            && c.bytes.contains(&info.range.start)
            && let Ok(s) = std::str::from_utf8(&x[c.bytes.clone()])
            && let Some(ch) = s.chars().next()
        {
            let utf8: Vec<String> = s.as_bytes()[..ch.len_utf8()]
                .iter()
                .map(|b| format!("{b:02X}"))
                .collect();
            return (format!("U+{:04X} {}", ch as u32, c.text), utf8.join(" "));
        }
        return ("not UTF-8".into(), "-".into());
    }
    let ch = char::from(v);
    let shown = if text::is_hidden(ch) {
        format!("⟨U+{:04X}⟩", v)
    } else {
        ch.to_string()
    };
    let mut buf = [0u8; 4];
    let utf8: Vec<String> = ch
        .encode_utf8(&mut buf)
        .bytes()
        .map(|b| format!("{b:02X}"))
        .collect();
    (format!("U+{:04X} {shown} (as Latin-1)", v), utf8.join(" "))
}
