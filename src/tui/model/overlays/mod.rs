//! What the keys do inside each overlay, one file per overlay (the same file name as in
//! `view/overlays/`), and what every overlay needs, one exhaustive match a behaviour here: its
//! analysis data (`lens`), what is selected in it (`selected_here`), where typed text goes
//! (`text_target`), which bindings read the keys (`key_scope`, `edits_text`, `tab_in_overlay`),
//! opening and leaving it (`opens_over_the_view`, `leave_overlay`, `enter_overlay`,
//! `show_again`), Esc (`close_overlay`), the scroll keys (`scroll_overlay`), Enter (`choose`),
//! its key-bar label (`key_bar`) and what the copy keys copy (`shown`). A new overlay makes the
//! compiler name each of them; its state is `model/overlay.rs`, its drawing the match in
//! `view/mod.rs`.

pub mod aliases;
pub mod copy_as;
pub mod editor;
pub mod examples;
pub mod findings;
pub mod lesson;
pub mod links;
pub mod practice;
pub mod profiles;
pub mod same;
pub mod unwrap;

use crate::tui::analysis::Lens;
use crate::tui::keys::bindings::Scope;
use crate::tui::keys::keymap;
use crate::tui::model::app::App;
use crate::tui::model::overlay::{OverlayState, TextTarget};
use crate::tui::msg::{Effect, Focus, Nothing, Overlay};
use urlscope_core::modern::{Parser, Row};
use urlscope_core::resolve;

/// How far a list whose length only drawing knows may scroll before the first frame reports
/// it (`Msg::Drawn`); the view clamps to the real end, and the next frame clamps the model.
pub const UNDRAWN_MAX: usize = u16::MAX as usize;

impl App {
    /// The analysis data the open overlay shows, computed only while it is open.
    pub(in crate::tui::model) fn lens(&self) -> Option<Lens> {
        match &self.overlay {
            OverlayState::Host { .. } => Some(Lens::Host),
            OverlayState::Unwrap { .. } => Some(Lens::Unwrap),
            OverlayState::Parsers { .. } => Some(Lens::Parsers),
            OverlayState::Compare { .. } => Some(Lens::Compare),
            OverlayState::Resolve { .. } => Some(Lens::Resolve),
            OverlayState::Same { .. } => Some(Lens::Same),
            OverlayState::None
            | OverlayState::Examples { .. }
            | OverlayState::Aliases { .. }
            | OverlayState::Findings { .. }
            | OverlayState::Practice(_)
            | OverlayState::Lesson(_)
            | OverlayState::Editor(_)
            | OverlayState::CopyAs { .. }
            | OverlayState::Links
            | OverlayState::Profiles { .. } => None,
        }
    }

    /// What is selected where the keys act: the open view's row, layer, exercise, step or
    /// link; in a view with no selection of its own, what is selected in the focused pane.
    pub(in crate::tui::model) fn selected_here(&self) -> usize {
        match &self.overlay {
            OverlayState::Examples { sel }
            | OverlayState::Unwrap { sel, .. }
            | OverlayState::Findings { sel }
            | OverlayState::CopyAs { sel }
            | OverlayState::Profiles { sel, .. } => *sel,
            OverlayState::Practice(p) => p.lessons.unwrap_or(p.sel),
            OverlayState::Lesson(w) => w.step,
            OverlayState::Links => self.links.as_ref().and_then(|l| l.selected()).unwrap_or(0),
            OverlayState::None
            | OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Aliases { .. }
            | OverlayState::Host { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Same { .. }
            | OverlayState::Editor(_) => match self.panes.focus {
                Focus::Components => self.panes.comp_sel,
                Focus::Characters => self.panes.char_cursor,
                Focus::Steps => self.panes.step_sel,
                Focus::Input | Focus::Base => 0,
            },
        }
    }

    /// The key bar's place and entries (`(key, what)`): the key list's, the open overlay's,
    /// else the focused pane's.
    pub fn key_bar(&self) -> (&'static str, Vec<(&'static str, &'static str)>) {
        use crossterm::event::KeyCode as K;
        let scoped = |scope: Scope, codes: &[K]| -> Vec<(&'static str, &'static str)> {
            crate::tui::keys::bindings::active()
                .iter()
                .filter(|b| b.scope == scope && (codes.is_empty() || codes.contains(&b.code)))
                .map(|b| (b.label, b.help))
                .collect()
        };
        if self.panes.help.is_some() {
            ("key list:", keymap::key_bar(self.panes.focus, true))
        } else {
            let view = |choose| {
                (
                    "view:",
                    keymap::bar_entries(&keymap::view_bar(choose), self.panes.focus, true),
                )
            };
            match &self.overlay {
                OverlayState::None => (
                    match self.panes.focus {
                        Focus::Input => "URL line:",
                        Focus::Base => "Base line:",
                        Focus::Components | Focus::Characters | Focus::Steps => "panes:",
                    },
                    keymap::key_bar(self.panes.focus, false),
                ),
                OverlayState::Aliases { .. } => ("aliases:", scoped(Scope::Aliases, &[])),
                OverlayState::Editor(_) => ("edit:", scoped(Scope::Editor, &[])),
                OverlayState::CopyAs { .. } => view(Some("copy")),
                OverlayState::Profiles { .. } => view(Some("choose")),
                OverlayState::Links => (
                    "links:",
                    if self.exit.pick.is_some() {
                        vec![("Enter", "print"), ("Esc", "cancel")]
                    } else {
                        vec![("Enter", "load"), ("Esc", "close")]
                    }
                    .into_iter()
                    .chain(if self.exit.multi && self.exit.pick.is_some() {
                        vec![("Tab", "mark"), ("→", "inspect")]
                    } else {
                        vec![("Tab", "inspect")]
                    })
                    .chain([("Ctrl+Y", "copy"), ("Ctrl+B", "browser"), ("F1", "keys")])
                    .collect(),
                ),
                OverlayState::Examples { .. } | OverlayState::Unwrap { .. } => view(Some("load")),
                OverlayState::Findings { .. } => view(Some("jump there")),
                OverlayState::Compare { .. }
                | OverlayState::Resolve { .. }
                | OverlayState::Host { .. }
                | OverlayState::Parsers { .. } => view(None),
                OverlayState::Same { .. } => (
                    "compare with:",
                    vec![
                        ("Tab", "switch lines"),
                        ("↑↓", "scroll"),
                        ("Ctrl+T", "base again"),
                        ("Esc", "close"),
                    ],
                ),
                OverlayState::Practice(p) if p.confirm_reset => (
                    "forget all progress?",
                    vec![("Enter", "forget"), ("Esc", "keep it")],
                ),
                OverlayState::Practice(p) if p.lessons.is_some() => (
                    "lessons:",
                    vec![
                        ("Enter", "start"),
                        ("↑↓", "lesson"),
                        ("Tab", "exercises"),
                        ("Esc", "close"),
                        ("F8", "reset"),
                        ("F1", "keys"),
                    ],
                ),
                OverlayState::Practice(_) => (
                    "practice:",
                    vec![
                        ("Enter", "check"),
                        ("↑↓", "exercise"),
                        ("Tab", "lessons"),
                        ("Esc", "close"),
                        ("F5", "hint"),
                        ("F6", "answer"),
                        ("F8", "reset"),
                        ("F1", "keys"),
                    ],
                ),
                OverlayState::Lesson(_) => (
                    "lesson:",
                    vec![
                        ("→", "next step"),
                        ("←", "back"),
                        ("Esc", "leave"),
                        ("Home", "first"),
                        ("End", "last"),
                        ("F1", "keys"),
                    ],
                ),
            }
        }
    }

    /// The one answer to where typed text and a paste go (under the key list too: text goes
    /// where it would go without it).
    pub fn text_target(&self) -> TextTarget {
        let line = if self.panes.focus == Focus::Base {
            TextTarget::Base
        } else {
            TextTarget::Url
        };
        match &self.overlay {
            OverlayState::Links => TextTarget::LinkFilter,
            OverlayState::Aliases { .. } => TextTarget::Aliases,
            OverlayState::Practice(_) => TextTarget::Answer,
            OverlayState::Editor(_) => TextTarget::Editor,
            OverlayState::Same { .. } if self.panes.focus == Focus::Base => TextTarget::Other,
            OverlayState::Same { .. }
            | OverlayState::None
            | OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Examples { .. }
            | OverlayState::Host { .. }
            | OverlayState::Unwrap { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Findings { .. }
            | OverlayState::Lesson(_)
            | OverlayState::CopyAs { .. }
            | OverlayState::Profiles { .. } => line,
        }
    }

    /// Which bindings the keys are read by: the key list's while it is open, else the open
    /// overlay's, else the focused pane's.
    pub fn key_scope(&self) -> Scope {
        if self.panes.help.is_some() {
            return Scope::Help;
        }
        match &self.overlay {
            OverlayState::Aliases { .. } => Scope::Aliases,
            OverlayState::Same { .. } | OverlayState::Practice(_) => Scope::Typing,
            OverlayState::Editor(_) => Scope::Editor,
            OverlayState::Links => Scope::Links,
            OverlayState::Lesson(_) => Scope::Lesson,
            // The views take the key list's keys (scroll, choose, close).
            OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Examples { .. }
            | OverlayState::Host { .. }
            | OverlayState::Unwrap { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Findings { .. }
            | OverlayState::CopyAs { .. }
            | OverlayState::Profiles { .. } => Scope::Help,
            OverlayState::None if self.panes.focus.is_input() => Scope::Input,
            OverlayState::None => Scope::Pane,
        }
    }

    /// Whether ← → Home End move an edit cursor here (elsewhere the pane's or view's).
    pub fn edits_text(&self) -> bool {
        if self.panes.help.is_some() {
            return false;
        }
        match &self.overlay {
            OverlayState::Aliases { .. } | OverlayState::Editor(_) | OverlayState::Practice(_) => {
                true
            }
            OverlayState::None | OverlayState::Same { .. } => self.panes.focus.is_input(),
            OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Examples { .. }
            | OverlayState::Host { .. }
            | OverlayState::Unwrap { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Findings { .. }
            | OverlayState::Lesson(_)
            | OverlayState::CopyAs { .. }
            | OverlayState::Links
            | OverlayState::Profiles { .. } => false,
        }
    }

    /// Esc in the open overlay: the alias editor applies its text, the compare-with mode gives
    /// the second line back to the base, the value editor drops its edit, the practice view's
    /// reset question is answered "keep", a lesson gives the user's lines back; the rest close.
    pub(in crate::tui::model) fn close_overlay(&mut self) -> Vec<Effect> {
        match &self.overlay {
            OverlayState::Aliases { .. } => return self.apply_aliases(),
            OverlayState::Same { .. } => return self.leave_compare_with(),
            OverlayState::Editor(_) => self.cancel_editor(),
            OverlayState::Profiles { .. } => self.close_profiles(),
            OverlayState::Lesson(_) => return self.leave_lesson(),
            // Esc answers the reset question "keep"; asked nothing, it closes the view.
            OverlayState::Practice(p) if p.confirm_reset => {
                self.cancel_reset();
            }
            OverlayState::None
            | OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Examples { .. }
            | OverlayState::Host { .. }
            | OverlayState::Unwrap { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Findings { .. }
            | OverlayState::Practice(_)
            | OverlayState::CopyAs { .. }
            | OverlayState::Links => self.overlay = OverlayState::None,
        }
        Vec::new()
    }

    /// Tab / Shift+Tab in the open overlay; `false` when it leaves them to the panes. The
    /// compare-with mode moves between the two lines it compares, the practice view switches
    /// between the exercise and the lessons list (not under the key list).
    pub(in crate::tui::model) fn tab_in_overlay(&mut self) -> bool {
        match &self.overlay {
            OverlayState::Same { .. } => {
                let other = if self.panes.focus == Focus::Input {
                    Focus::Base
                } else {
                    Focus::Input
                };
                self.set_focus(other);
                true
            }
            OverlayState::Practice(_) if self.panes.help.is_none() => {
                self.toggle_lessons_list();
                true
            }
            OverlayState::Practice(_)
            | OverlayState::None
            | OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Examples { .. }
            | OverlayState::Aliases { .. }
            | OverlayState::Host { .. }
            | OverlayState::Unwrap { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Findings { .. }
            | OverlayState::Lesson(_)
            | OverlayState::Editor(_)
            | OverlayState::CopyAs { .. }
            | OverlayState::Links
            | OverlayState::Profiles { .. } => false,
        }
    }

    /// Whether `o` opens over the open view and gives it back when it closes (the profile
    /// picker only changes the profile); the others replace it.
    pub(in crate::tui::model) fn opens_over_the_view(&self, o: Overlay) -> bool {
        match o {
            Overlay::Profiles(_) => true,
            Overlay::None
            | Overlay::Compare
            | Overlay::Resolve
            | Overlay::Examples(_)
            | Overlay::Aliases
            | Overlay::Host
            | Overlay::Unwrap(_)
            | Overlay::Parsers
            | Overlay::Findings(_)
            | Overlay::Same
            | Overlay::Practice(_)
            | Overlay::Lesson(_)
            | Overlay::Editor
            | Overlay::CopyAs(_)
            | Overlay::Links => false,
        }
    }

    /// The open overlay, left for another view: the alias editor applies its text, the
    /// compare-with mode gives the second line back to the base, the value editor drops its
    /// edit (and says so), a lesson gives the user's lines back, the profile picker gives back
    /// the view it was opened over (which is then left in turn); the rest just close.
    pub(in crate::tui::model) fn leave_overlay(&mut self) -> Vec<Effect> {
        match &self.overlay {
            OverlayState::Aliases { .. } => return self.apply_aliases(),
            OverlayState::Same { .. } => return self.leave_compare_with(),
            OverlayState::Editor(_) => self.cancel_editor(),
            OverlayState::Lesson(_) => return self.leave_lesson(),
            OverlayState::Profiles { .. } => {
                self.close_profiles();
                return self.leave_overlay();
            }
            OverlayState::None
            | OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Examples { .. }
            | OverlayState::Host { .. }
            | OverlayState::Unwrap { .. }
            | OverlayState::Parsers { .. }
            | OverlayState::Findings { .. }
            | OverlayState::Practice(_)
            | OverlayState::CopyAs { .. }
            | OverlayState::Links => self.overlay = OverlayState::None,
        }
        Vec::new()
    }

    /// Open `o` (the view that was open has been left, or stays under the profile picker).
    pub(in crate::tui::model) fn enter_overlay(&mut self, o: Overlay) -> Vec<Effect> {
        match o {
            Overlay::Aliases => self.open_aliases(),
            Overlay::Same => return self.enter_compare_with(),
            Overlay::Links => return self.show_links(),
            Overlay::Lesson(i) => return self.open_lesson(i, None),
            Overlay::Profiles(_) => return self.toggle_profiles(),
            // The value editor opens on a components-pane row (Enter), not by name.
            Overlay::Editor => {}
            Overlay::Findings(sel) => self.open_findings(sel),
            Overlay::None
            | Overlay::Compare
            | Overlay::Resolve
            | Overlay::Examples(_)
            | Overlay::Host
            | Overlay::Unwrap(_)
            | Overlay::Parsers
            | Overlay::Practice(_)
            | Overlay::CopyAs(_) => {
                if let Some(fresh) = OverlayState::fresh(o) {
                    self.overlay = fresh;
                }
            }
        }
        // The lenses and the views' data are computed only while their view is open.
        let missing = self.lens().is_some_and(|l| !self.analysis.has(l));
        if missing {
            return self.reanalyse();
        }
        Vec::new()
    }

    /// The open view's own key again: it closes as Esc closes it, except a lesson's (another
    /// lesson opens) and the picker's (it gives back the view under it).
    pub(in crate::tui::model) fn show_again(&mut self, o: Overlay) -> Vec<Effect> {
        match o {
            Overlay::Lesson(i) => self.open_lesson(i, None),
            Overlay::None
            | Overlay::Compare
            | Overlay::Resolve
            | Overlay::Examples(_)
            | Overlay::Aliases
            | Overlay::Host
            | Overlay::Unwrap(_)
            | Overlay::Parsers
            | Overlay::Findings(_)
            | Overlay::Same
            | Overlay::Practice(_)
            | Overlay::Editor
            | Overlay::CopyAs(_)
            | Overlay::Links
            | Overlay::Profiles(_) => self.close_overlay(),
        }
    }

    /// ↑↓ PgUp PgDn Home End in the open overlay: `step` moves a position by the key's amount.
    pub(in crate::tui::model) fn scroll_overlay(&mut self, step: impl Fn(usize) -> usize) {
        let unwrap_max = self.unwrap_layers().saturating_sub(1);
        let finding_max = self.finding_count().saturating_sub(1);
        let drawn_max = self.panes.drawn.view_max.unwrap_or(UNDRAWN_MAX);
        match &mut self.overlay {
            OverlayState::None | OverlayState::Aliases { .. } | OverlayState::Editor(_) => {}
            OverlayState::CopyAs { sel } => *sel = step(*sel).min(copy_as::COUNT - 1),
            OverlayState::Profiles { sel, .. } => *sel = step(*sel).min(profiles::COUNT - 1),
            OverlayState::Examples { sel } => *sel = step(*sel).min(examples::EXAMPLES.len() - 1),
            OverlayState::Unwrap { sel, top } => {
                let to = step(*sel).min(unwrap_max);
                if to != *sel {
                    // Another layer's text starts at its top.
                    *top = 0;
                }
                *sel = to;
            }
            OverlayState::Findings { sel } => *sel = step(*sel).min(finding_max),
            OverlayState::Practice(p) if p.lessons.is_some() => self.select_lesson(step),
            OverlayState::Practice(p) => {
                let to = step(p.sel);
                self.go_to_exercise(to);
            }
            // The lesson's keys walk it before they get here (`lesson_command`).
            OverlayState::Lesson(_) => {}
            OverlayState::Links => self.select_link(step),
            OverlayState::Resolve { top }
            | OverlayState::Parsers { top }
            | OverlayState::Same { top } => *top = step(*top).min(200),
            // The report wraps to the view's width, the compare view's rows depend on its
            // height: the last frame says where each ends.
            OverlayState::Host { top } | OverlayState::Compare { top } => {
                *top = step(*top).min(drawn_max);
            }
        }
    }

    /// Enter in the open overlay: load the example or layer, jump to the warning.
    pub(in crate::tui::model) fn choose(&mut self) -> Vec<Effect> {
        match &self.overlay {
            OverlayState::Examples { sel } => self.load_example(*sel),
            OverlayState::Unwrap { sel, .. } => self.load_layer(*sel),
            OverlayState::Findings { sel } => self.jump_to_finding(*sel),
            OverlayState::Practice(_) => self.choose_in_practice(),
            OverlayState::Lesson(_) => self.lesson_key(crate::tui::msg::command::Command::Choose),
            OverlayState::Editor(_) => self.commit_editor(),
            OverlayState::CopyAs { sel } => self.copy_as(*sel),
            OverlayState::Profiles { sel, .. } => self.choose_profile(*sel),
            OverlayState::Links => self.choose_link(),
            OverlayState::None
            | OverlayState::Same { .. }
            | OverlayState::Compare { .. }
            | OverlayState::Resolve { .. }
            | OverlayState::Aliases { .. }
            | OverlayState::Host { .. }
            | OverlayState::Parsers { .. } => Vec::new(),
        }
    }
}

/// The result on screen (what [`crate::tui::model::copy::result`] copies and Ctrl+O prints): what it is, and its octets.
pub fn shown(app: &App) -> Result<(String, Vec<u8>), Nothing> {
    let a = &app.analysis;
    let copy = |what: String, octets: Vec<u8>| Ok((what, octets));
    let profile = || result_what(a);
    if app.panes.help.is_some() {
        return copy(profile(), a.outcome.output.clone());
    }
    match &app.overlay {
        OverlayState::Resolve { .. } => {
            let r = resolve(&app.editing.base.buf, &app.editing.input.buf);
            match r.error {
                Some(e) => Err(Nothing(format!("the resolution failed ({e})"))),
                None => copy("the RFC 1808 result (resolve view)".into(), r.output),
            }
        }
        OverlayState::Compare { .. } => copy(
            format!("{} (compare view, ▶ row)", profile()),
            a.outcome.output.clone(),
        ),
        OverlayState::Parsers { .. } => {
            let Some(c) = &a.parsers else {
                return Err(Nothing("the parsers are still being compared".into()));
            };
            match c.cell(Row::EffectiveHost, Parser::Whatwg).value.text() {
                Some(h) => copy(
                    "the whatwg effective host (parsers view)".into(),
                    h.as_bytes().to_vec(),
                ),
                None => Err(Nothing("the whatwg column has no effective host".into())),
            }
        }
        OverlayState::Host { .. } => {
            let Some(r) = &a.host else {
                return Err(Nothing("the host is still being analysed".into()));
            };
            match &r.facts.host {
                Some(h) => copy(
                    "the WHATWG-serialized host (host view)".into(),
                    h.as_bytes().to_vec(),
                ),
                None => Err(Nothing(
                    "the URL has no host the WHATWG parser accepts".into(),
                )),
            }
        }
        OverlayState::Unwrap { .. } => {
            let Some(c) = &a.unwrap else {
                return Err(Nothing("the unwrap chain is still being computed".into()));
            };
            let n = c.layers.len() - 1;
            copy(
                format!("the target, layer {n} (unwrap view)"),
                c.target().text.clone().into_bytes(),
            )
        }
        OverlayState::Examples { sel } => {
            let ex = &examples::EXAMPLES[(*sel).min(examples::EXAMPLES.len() - 1)];
            copy(
                format!("example {}'s URL (examples list)", ex.id),
                ex.input.to_vec(),
            )
        }
        OverlayState::Same { .. } => match &a.same {
            Some(w) => copy(
                format!(
                    "the second line's {} result (compare-with)",
                    a.profile.label()
                ),
                w.sameness.profile(a.profile).output_b.clone(),
            ),
            None => Err(Nothing("the two URLs are still being compared".into())),
        },
        OverlayState::Practice(p) => {
            let all = &app.progress.exercises;
            let ex = &all[p.sel.min(all.len().saturating_sub(1))].1;
            copy(
                format!("exercise {}'s text (practice)", ex.id),
                ex.given().as_bytes().to_vec(),
            )
        }
        OverlayState::CopyAs { sel } => copy_as::shown(app, *sel),
        OverlayState::Links => {
            let Some((list, i)) = app
                .links
                .as_ref()
                .and_then(|l| l.selected().map(|i| (l, i)))
            else {
                return Err(Nothing("no link matches the filter".into()));
            };
            let print = app.exit.pick.unwrap_or_default();
            copy(
                format!("the link of line {} (link list)", list.link(i).line),
                list.printed(i, print),
            )
        }
        OverlayState::None
        | OverlayState::Aliases { .. }
        | OverlayState::Findings { .. }
        | OverlayState::Lesson(_)
        | OverlayState::Editor(_)
        | OverlayState::Profiles { .. } => copy(profile(), a.outcome.output.clone()),
    }
}

/// What the active profile's result is called when copied: its profile, and a warning when an
/// old rule's edit changed what today's parsers read (`modern::today`), so that nobody copies
/// a link that now means something else unwarned.
fn result_what(a: &crate::tui::analysis::Analysis) -> String {
    let label = format!("the {} result", a.profile.label());
    match urlscope_core::modern::meaning_changes(&a.outcome).first() {
        Some(c) => format!("{label} (⚠ {})", c.short()),
        None => label,
    }
}
