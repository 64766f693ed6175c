//! The link list (`urlscope pick`, piped text, Alt+L / `L`, a paste with several links): every
//! link the input core found, filtered by typing (a case-insensitive substring of the link or
//! its HTML text), one selected. Enter prints the selection and quits when picking, else puts
//! it into the URL line; Tab opens it in the inspector and Esc there comes back.
//!
//! The lenses' answers (target, registrable domain, findings) are computed only for the rows
//! drawn, once each ([`LinkList::facts`]): a list of 100,000 links is drawn without asking the
//! lenses about all of them.

use crate::tui::model::app::App;
use crate::tui::model::linklist::{FilterEdit, LinkList};
use crate::tui::model::overlay::OverlayState;
use crate::tui::msg::{Effect, Focus, Overlay, Reading, Status};
use urlscope_core::Link;

impl App {
    /// Alt+L / `L`: open the list (or say why there is none).
    pub(in crate::tui::model) fn show_links(&mut self) -> Vec<Effect> {
        match &self.links {
            Some(l) if !l.is_empty() => {
                self.overlay = OverlayState::Links;
                self.panes.help = None;
            }
            Some(_) | None => {
                self.status.say(Status::info(
                    "no link list: pipe a message or text into urlscope (urlscope pick), or paste \
                     text that holds several links",
                ));
            }
        }
        Vec::new()
    }

    /// The reader of a streamed input read further: its links join the list, and the list
    /// says how far it has read.
    pub(in crate::tui::model) fn read_further(&mut self, r: Reading) {
        let list = self
            .links
            .get_or_insert_with(|| LinkList::new(Vec::new().into()));
        list.append(r.links.into());
        if r.done {
            list.reading = None;
            list.messages = Some(r.messages);
        } else {
            list.reading = Some(r.messages);
        }
    }

    /// A key typed or text pasted in the list: it goes to the filter (the first line of a paste).
    pub(in crate::tui::model) fn filter_links(&mut self, edit: FilterEdit) {
        let Some(list) = self.links.as_mut() else {
            return;
        };
        let mut filter = list.filter.clone();
        match edit {
            FilterEdit::Push(s) => {
                let line = s.lines().next().unwrap_or("");
                filter.extend(line.chars().filter(|c| !c.is_control()));
            }
            FilterEdit::Pop => {
                filter.pop();
            }
            FilterEdit::PopWord => {
                let kept = filter
                    .trim_end()
                    .trim_end_matches(|c: char| !c.is_whitespace());
                filter.truncate(kept.len());
            }
            FilterEdit::Clear => filter.clear(),
        }
        list.set_filter(filter);
    }

    /// How many rows the filtered list has.
    pub(in crate::tui::model) fn link_rows(&self) -> usize {
        self.links.as_ref().map_or(0, |l| l.shown().len())
    }

    /// Move the selection (↑↓ PgUp PgDn Home End).
    pub(in crate::tui::model) fn select_link(&mut self, step: impl Fn(usize) -> usize) {
        let max = self.link_rows().saturating_sub(1);
        if let Some(list) = self.links.as_mut() {
            list.sel = step(list.sel).min(max);
        }
    }

    /// Enter in the list: when picking, the selected link is the answer and the app quits;
    /// otherwise it replaces the URL line (one undoable step) and the list closes.
    pub(in crate::tui::model) fn choose_link(&mut self) -> Vec<Effect> {
        let Some(list) = &self.links else {
            return Vec::new();
        };
        let Some(i) = list.selected() else {
            self.status
                .say(Status::info(format!("no link matches “{}”", list.filter)));
            return Vec::new();
        };
        if let Some(print) = self.exit.pick {
            // The marks, in list order, when there are any; else the selected link.
            let marked = list.marked();
            let chosen = if marked.is_empty() { vec![i] } else { marked };
            let lines = chosen.into_iter().map(|k| list.printed(k, print)).collect();
            return self.exit.print_lines(lines);
        }
        let url = list.link(i).url.clone();
        let line = list.link(i).line;
        self.overlay = OverlayState::None;
        let effects = self.replace_input(url);
        self.status.say(Status::info(format!(
            "the link of line {line} is in the URL line (Ctrl+Z: what was there)"
        )));
        effects
    }

    /// Tab in the list: with `pick --multi`, mark the selected link (or unmark it) and select
    /// the next one, as fzf's Tab does; otherwise inspect it, as → does.
    pub(in crate::tui::model) fn mark_link(&mut self) -> Vec<Effect> {
        if !(self.exit.multi && self.exit.pick.is_some()) {
            return self.inspect_link();
        }
        let Some(list) = self.links.as_mut() else {
            return Vec::new();
        };
        let Some(i) = list.selected() else {
            self.status.say(Status::info("no link matches the filter"));
            return Vec::new();
        };
        list.toggle_mark(i);
        list.sel = (list.sel + 1).min(list.shown().len().saturating_sub(1));
        let n = list.marked().len();
        self.status.say(Status::info(match n {
            0 => "no link marked: Enter prints the selected link".to_string(),
            1 => "1 link marked: Enter prints it (Tab on it again unmarks it)".to_string(),
            n => format!("{n} links marked: Enter prints each on a line of its own"),
        }));
        self.follow_picked_link()
    }

    /// Tab / → in the list: inspect the selected link; Esc or Backspace in the panes comes back.
    pub(in crate::tui::model) fn inspect_link(&mut self) -> Vec<Effect> {
        let Some(i) = self.links.as_ref().and_then(LinkList::selected) else {
            self.status.say(Status::info("no link selected"));
            return Vec::new();
        };
        let url = self.links.as_ref().map(|l| l.link(i).url.clone());
        self.overlay = OverlayState::None;
        self.panes.focus = Focus::Components;
        let mut effects = Vec::new();
        if let Some(url) = url
            && url != self.editing.input.buf
        {
            effects = self.replace_input(url);
        }
        self.status.say(Status::info(
            "Esc or Backspace: back to the link list · Ctrl+O prints the result shown",
        ));
        effects
    }

    /// While picking, the URL line is the selected link, so that the status line, the analysis
    /// and every key that acts on the URL (Alt+C, Ctrl+O, Ctrl+B, Ctrl+Y) speak of the link the
    /// list highlights: moving the selection or filtering moves it (no undo step; the line is
    /// not the user's text while picking).
    pub(in crate::tui::model) fn follow_picked_link(&mut self) -> Vec<Effect> {
        if self.exit.pick.is_none() || self.overlay() != Overlay::Links {
            return Vec::new();
        }
        let Some(url) = self
            .links
            .as_ref()
            .and_then(|l| l.selected().map(|i| l.link(i).url.clone()))
        else {
            return Vec::new();
        };
        if url == self.editing.input.buf {
            return Vec::new();
        }
        self.set_input(url);
        self.reanalyse()
    }

    /// Esc / Backspace in a pane: back to the link list the link came from (nothing without one).
    pub(in crate::tui::model) fn return_to_links(&mut self) -> Vec<Effect> {
        if self.links.as_ref().is_some_and(|l| !l.is_empty()) {
            self.overlay = OverlayState::Links;
            self.status.message = None;
        }
        Vec::new()
    }
}

impl App {
    /// A command while the list is open: the filter's editing keys, Esc (cancel when picking),
    /// and the rest as anywhere else.
    pub(in crate::tui::model) fn links_command(
        &mut self,
        cmd: crate::tui::msg::command::Command,
    ) -> Vec<Effect> {
        use crate::tui::msg::command::Command;
        // Not a `match`: every other command does what it does anywhere (the model's
        // wildcard lint asks for each variant to be named in a `match`).
        if cmd == Command::Backspace {
            self.filter_links(FilterEdit::Pop);
        } else if cmd == Command::DeleteWordBack {
            self.filter_links(FilterEdit::PopWord);
        } else if cmd == Command::DeleteToStart {
            self.filter_links(FilterEdit::Clear);
        } else if matches!(cmd, Command::Delete | Command::Newline) {
            // The filter is edited at its end only: these have nothing to do here, and must
            // not reach the URL line hidden under the list.
        } else if cmd == Command::Close && self.exit.pick.is_some() {
            // fzf's convention: nothing chosen, nothing written, status 130.
            return self.exit.quit_now();
        } else if cmd == Command::Close {
            self.overlay = OverlayState::None;
        } else {
            return self.command(cmd);
        }
        Vec::new()
    }

    /// Ctrl+B: the first press shows the host the target goes to; a second press in a row
    /// (`pending` is what the first showed) asks the shell to open it.
    pub(in crate::tui::model) fn open_in_browser(
        &mut self,
        pending: Option<String>,
    ) -> Vec<Effect> {
        let target = match (&self.links, self.overlay()) {
            (Some(list), Overlay::Links) => match list.selected() {
                Some(i) => list.facts(i).target.clone(),
                None => {
                    self.status.say(Status::info("no link matches the filter"));
                    return Vec::new();
                }
            },
            _ => {
                Link::new(
                    self.editing.input.buf.clone(),
                    1,
                    urlscope_core::input::Source::Text,
                )
                .facts()
                .target
            }
        };
        let host = match url::Url::parse(&target) {
            Ok(u) if matches!(u.scheme(), "http" | "https") => {
                u.host_str().unwrap_or_default().to_string()
            }
            Ok(u) if matches!(u.scheme(), "javascript" | "vbscript" | "data") => {
                self.status.say(Status::info(format!(
                    "not opened: a {}: link runs code or shows a page with no site behind it \
                     (script-scheme); only http and https links open in the browser",
                    u.scheme()
                )));
                return Vec::new();
            }
            Ok(_) | Err(_) => {
                self.status.say(Status::info(
                    "not opened: only http and https links open in the browser",
                ));
                return Vec::new();
            }
        };
        if pending.as_deref() == Some(target.as_str()) {
            self.status
                .say(Status::info(format!("opening {host} in the browser")));
            return vec![Effect::OpenBrowser(target)];
        }
        self.status.say(Status::info(format!(
            "{host}: Ctrl+B again opens it in the browser (any other key: no)"
        )));
        self.open_pending = Some(target);
        Vec::new()
    }

    /// A paste into the URL line that holds several links keeps them as the link list and
    /// returns the status line that offers it.
    pub(in crate::tui::model) fn offer_paste_links(&mut self, bytes: &[u8]) -> Option<String> {
        let found = urlscope_core::links(
            bytes,
            Some(urlscope_core::Kind::Text),
            &urlscope_core::Limits::default(),
        );
        let n = found.links.len();
        if n < 2 {
            return None;
        }
        self.links = Some(LinkList::new(found.links.into()));
        Some(format!("{n} links in the paste — Alt+L lists them"))
    }
}
