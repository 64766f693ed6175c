//! The character pane: a grid of units coloured by class, and the detail box of the unit under
//! the cursor (SPEC §2.5, §6.3).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::theme::Theme;
use crate::tui::model::app::App;
use crate::tui::model::layout::{Areas, STRIP_CELL};
use crate::tui::model::text::{self, control_symbol};
use crate::tui::model::texts;
use crate::tui::msg::Focus;
use crate::tui::view::pane;
use crate::url::profiles::hyvatti;
use crate::url::{Classification, Hint, Profile, UnitInfo, diff, octets, unit_infos_in};

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

pub fn render(app: &App, theme: &Theme, frame: &mut Frame, areas: &Areas) {
    let focused = app.focus == Focus::Characters;
    let title = format!("Characters ({})", app.classification().name());
    frame.render_widget(pane(&title, focused, theme), areas.characters);
    let (strip, detail) = areas.strip_and_detail();
    let (cols, rows) = areas.strip_grid();
    let a = &app.analysis;
    let x: &[u8] = &a.input;
    let n = a.unit_count();
    let cursor_unit = a.unit_index(app.char_cursor);
    let first = (app.strip_top * cols).min(n);
    let last = (first + cols * rows).min(n);
    if strip.width > 0 && strip.height > 0 && first < last {
        let window = a.unit_range(first).start..a.unit_range(last - 1).end;
        let infos = unit_infos_in(x, &a.parsed, window);
        let class = app.classification();
        let marks = app.no_color || app.theme_name == "mono";
        let mut lines = Vec::new();
        for (r, chunk) in infos.chunks(cols).enumerate() {
            let mut spans = Vec::new();
            for (c, info) in chunk.iter().enumerate() {
                let idx = first + r * cols + c;
                let mut st = theme.class(info.class(class));
                if info.encoded {
                    st = st.patch(theme.triplet);
                }
                if idx == cursor_unit {
                    st = st.patch(theme.cursor);
                }
                let t = unit_text(x, info);
                let mut used = t.chars().count();
                spans.push(Span::styled(t, st));
                // Without colour the class shows as a mark (the F1 legend lists them).
                let mark = Theme::class_mark(info.class(class));
                if marks && !mark.is_empty() && used < STRIP_CELL as usize - 1 {
                    spans.push(Span::raw(mark));
                    used += 1;
                }
                let pad = (STRIP_CELL as usize).saturating_sub(used);
                spans.push(Span::raw(" ".repeat(pad)));
            }
            lines.push(Line::from(spans));
        }
        frame.render_widget(Paragraph::new(lines), strip);
    }
    if detail.width > 0 && detail.height > 0 && n > 0 {
        render_detail(app, theme, frame, detail, cursor_unit);
    }
}

fn render_detail(app: &App, theme: &Theme, frame: &mut Frame, area: Rect, unit: usize) {
    let a = &app.analysis;
    let x: &[u8] = &a.input;
    let range = a.unit_range(unit);
    let Some(info) = unit_infos_in(x, &a.parsed, range.clone())
        .into_iter()
        .next()
    else {
        return;
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
    let (cp, utf8) = code_point(x, &info);
    lines.push(Line::from(vec![
        l("octet"),
        Span::raw(format!("0x{:02X}  {cp}  UTF-8 {utf8}", info.value)),
    ]));
    let kind = info.span_kind.map_or("-", |k| k.name());
    lines.push(Line::from(vec![
        l("span"),
        Span::raw(format!("{kind} ({})", info.role.name())),
    ]));
    let mut cls = vec![l("class")];
    for c in Classification::ALL {
        let name = info.class(c).name();
        let st = theme.class(info.class(c));
        let active = c == app.classification();
        cls.push(Span::styled(
            format!("{}{} {}", if active { "*" } else { "" }, c.name(), name),
            if active { st.patch(theme.selected) } else { st },
        ));
        cls.push(Span::raw("  "));
    }
    lines.push(Line::from(cls));
    let mut explain = Vec::new();
    let acted = diff::action_at(&a.outcome, range.start);
    let action = match acted {
        Some((i, step, rule)) => {
            explain.push(texts::step(rule, a.profile));
            format!("{}: step {} {step}, rule {rule}", a.profile.label(), i + 1)
        }
        None => {
            // Hyvätti decides for every character, also the ones it keeps: name that rule.
            let kept = (a.profile == Profile::Hyvatti)
                .then(|| octets::units(&x[range.clone()]).next())
                .flatten()
                .map(|u| hyvatti::rule_for(&u).1);
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
    let ids: Vec<Hint> = info.hints_for(app.classification()).collect();
    // A hint that says "must be encoded" beside a profile that leaves the character alone:
    // say why both hold (the hint is the classification's rule, the profile its own recipe).
    if unchanged && a.profile != Profile::None && ids.contains(&Hint::MustEncode) {
        let why = if a.profile == Profile::Hyvatti {
            format!(
                "both hold: the hint is RFC 1738 §2.2's rule for this class; Hyvätti's recipe \
                 departs from it here. {}",
                texts::step(hyvatti::KEEP_RAW, Profile::Hyvatti)
            )
        } else {
            format!(
                "both hold: the hint is the rule of {} for this class; the {} profile does not \
                 apply that rule to this character.",
                app.classification().name(),
                a.profile.label()
            )
        };
        explain.push(why);
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
    let class = info.class(app.classification());
    lines.push(Line::from(Span::raw(texts::class(
        class,
        app.classification(),
    ))));
    for e in explain {
        lines.push(Line::from(Span::styled(e, theme.dim)));
    }
    for id in ids {
        lines.push(Line::from(Span::styled(
            format!("{id}: {}", texts::hint(id)),
            theme.dim,
        )));
    }
    let block = Block::default()
        .borders(Borders::TOP)
        .border_style(theme.dim)
        .title(Span::styled("detail", theme.dim));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
    let _ = Style::new();
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
