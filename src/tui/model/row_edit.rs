//! Editing the URL from the components pane: Enter opens the editor on the selected row, `n`
//! adds a query pair or path segment after it, `d` deletes it, `<` `>` move a pair, `s` sorts
//! the query. Each change goes through the edit core (`urlscope_core::modern`) and is one undo
//! step.

use crate::tui::model::app::App;
use crate::tui::model::rows::{self, Row};
use crate::tui::model::value_editor::Editor;
use crate::tui::msg::{Effect, Focus, Status};
use urlscope_core::modern;
use urlscope_core::modern::{EditRules, Edited, SetError, Target};

/// What a row of the components pane is, for editing (indexes 0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Editable {
    Component(Target, Option<std::ops::Range<usize>>),
    Segment(usize, std::ops::Range<usize>),
    /// A `;param` of the last segment: the params are edited as one.
    Param,
    Pair(usize),
    /// Headings, notes, areatags.
    None,
}

/// What row `i` of the components pane is.
pub fn editable(app: &App, i: usize) -> Editable {
    let a = &app.analysis;
    match rows::rows(&a.parsed, &a.query, &a.input).nth(i) {
        Some(Row::Component(name, r, _)) => match Target::from_name(name) {
            Some(t) => Editable::Component(t, r),
            None => Editable::None,
        },
        Some(Row::Item("path segment", n, r, _, params)) => {
            let end = params.map_or(r.end, |(p, _)| p.end.max(r.end));
            Editable::Segment(n - 1, r.start..end)
        }
        Some(Row::Item("param", ..)) => Editable::Param,
        Some(Row::Pair(n, _)) => Editable::Pair(n - 1),
        Some(Row::Item(..) | Row::Header(_) | Row::Note(_)) | None => Editable::None,
    }
}

impl App {
    /// Whether a row operation can act: the components pane has focus and its rows are the
    /// URL line's (not an analysis still catching up with it).
    fn in_components(&mut self, what: &str) -> bool {
        if self.panes.focus != Focus::Components {
            self.status.say(Status::info(format!(
                "{what}: select a row of the components pane first (Tab to it)"
            )));
            return false;
        }
        if self.is_stale() || self.analysis.input[..] != self.editing.input.buf[..] {
            self.status.say(Status::info(format!(
                "{what}: the URL is still being analysed; try again"
            )));
            return false;
        }
        true
    }

    /// Enter on a row: the editor on its value.
    pub(in crate::tui::model) fn edit_row(&mut self) -> Vec<Effect> {
        if !self.in_components("Enter edits a row") {
            return Vec::new();
        }
        let a = self.analysis.clone();
        let x = &a.input[..];
        let e = match editable(self, self.panes.comp_sel) {
            Editable::Component(t, r) => Editor::component(t, r.map_or(&[][..], |r| &x[r])),
            Editable::Segment(i, r) => Editor::segment(i, &x[r]),
            Editable::Param => {
                let r = a.parsed.params.clone();
                Editor::component(Target::Params, r.map_or(&[][..], |r| &x[r]))
            }
            Editable::Pair(i) => {
                let p = &a.query.pairs[i];
                let value = p.value.clone().map_or(&[][..], |v| &x[v]);
                Editor::pair(i, &x[p.key.clone()], value)
            }
            Editable::None => {
                self.status.say(Status::info(
                    "this row cannot be edited: select a component, segment or query pair",
                ));
                return Vec::new();
            }
        };
        self.open_editor(e);
        Vec::new()
    }

    /// `n`: a new pair after the selected pair (or at the end, on the query row), a new
    /// segment after the selected segment (or at the end, on the path row).
    pub(in crate::tui::model) fn add_item(&mut self) -> Vec<Effect> {
        if !self.in_components("n adds a query pair or path segment") {
            return Vec::new();
        }
        let pairs = self.analysis.query.pairs.len();
        let segs = self.analysis.parsed.segments.len();
        let e = match editable(self, self.panes.comp_sel) {
            Editable::Pair(i) => Editor::new_pair(i + 1),
            Editable::Component(Target::Query, _) => Editor::new_pair(pairs),
            Editable::Segment(i, _) => Editor::new_segment(i + 1),
            Editable::Component(Target::Path, _) => Editor::new_segment(segs),
            Editable::Component(..) | Editable::Param | Editable::None => {
                self.status.say(Status::info(
                    "n adds after a query pair or path segment: select one (or the query or path row)",
                ));
                return Vec::new();
            }
        };
        self.open_editor(e);
        Vec::new()
    }

    /// `d`: delete the selected pair or segment.
    pub(in crate::tui::model) fn delete_item(&mut self) -> Vec<Effect> {
        if !self.in_components("d deletes a query pair or path segment") {
            return Vec::new();
        }
        let rules = self.edit_rules();
        let x = self.editing.input.buf.clone();
        match editable(self, self.panes.comp_sel) {
            Editable::Pair(i) => {
                let r = modern::delete_pair(&x, i, rules);
                self.write_op(r, format!("query pair {} deleted", i + 1))
            }
            Editable::Segment(i, _) => {
                let r = modern::delete_segment(&x, i, rules);
                self.write_op(r, format!("path segment {} deleted", i + 1))
            }
            Editable::Component(..) | Editable::Param | Editable::None => {
                self.status.say(Status::info(
                    "d deletes a query pair or path segment: select one first",
                ));
                Vec::new()
            }
        }
    }

    /// `<` (`up`) or `>`: move the selected pair; the selection follows it.
    pub(in crate::tui::model) fn move_item(&mut self, up: bool) -> Vec<Effect> {
        if !self.in_components("< > move a query pair") {
            return Vec::new();
        }
        let Editable::Pair(i) = editable(self, self.panes.comp_sel) else {
            self.status
                .say(Status::info("< > move a query pair: select one first"));
            return Vec::new();
        };
        let n = self.analysis.query.pairs.len();
        let to = if up { i.checked_sub(1) } else { Some(i + 1) };
        let Some(to) = to.filter(|&t| t < n) else {
            self.status.say(Status::info(format!(
                "query pair {} is already the {}",
                i + 1,
                if up { "first" } else { "last" }
            )));
            return Vec::new();
        };
        let r = modern::move_pair(&self.editing.input.buf.clone(), i, to, self.edit_rules());
        let effects = self.write_op(r, format!("query pair {} moved to {}", i + 1, to + 1));
        if !effects.is_empty() {
            // The pair's rows are consecutive: the selection moves with it.
            self.panes.comp_sel = if up {
                self.panes.comp_sel - 1
            } else {
                self.panes.comp_sel + 1
            };
        }
        effects
    }

    /// `s`: sort the query's pairs by name.
    pub(in crate::tui::model) fn sort_query(&mut self) -> Vec<Effect> {
        if self.is_stale() {
            self.status.say(Status::info(
                "s sorts the query: the URL is still being analysed; try again",
            ));
            return Vec::new();
        }
        if self.analysis.query.query.is_none() {
            self.status
                .say(Status::warning("nothing to sort: the URL has no query"));
            return Vec::new();
        }
        let r = modern::sort_pairs(&self.editing.input.buf.clone(), self.edit_rules());
        let n = self.analysis.query.pairs.len();
        self.write_op(r, format!("the query's {n} pairs sorted by name"))
    }

    /// A pane operation's outcome: the new URL as one undo step, or the refusal.
    fn write_op(&mut self, r: Result<Edited, SetError>, done: String) -> Vec<Effect> {
        match r {
            Ok(e) => {
                let rules: EditRules = e.rules;
                self.apply_url_edit(e.url, format!("{done} (by {})", rules.title()))
            }
            Err(why) => {
                self.status.say(Status::info(format!("not changed: {why}")));
                Vec::new()
            }
        }
    }
}
