//! What a command of the binding table does where it arrives: the same `Command` edits text in
//! an input or the alias editor, moves the character cursor in the characters pane, or scrolls
//! a view or the key list (the keymap stays free of context).

use crate::tui::model::app::App;
use crate::tui::model::copy;
use crate::tui::model::edit::EditOp;
use crate::tui::msg::command::Command;
use crate::tui::msg::{Effect, Focus, Level, Overlay, Status, ThemeChoice};
use urlscope_core::Profile;

impl App {
    /// What a command of the binding table does in the app's current context.
    pub(super) fn command(&mut self, cmd: Command) -> Vec<Effect> {
        let armed = self.exit.disarm();
        let effects = self.command_here(cmd, armed);
        self.letter_hint(cmd);
        effects
    }

    fn command_here(&mut self, cmd: Command, quit_armed: bool) -> Vec<Effect> {
        if self.overlay.lesson().is_some()
            && let Some(effects) = self.lesson_command(cmd)
        {
            return effects;
        }
        match cmd {
            Command::Backspace => return self.edit(EditOp::Backspace),
            Command::Delete => return self.edit(EditOp::Delete),
            Command::WordLeft => return self.edit(EditOp::WordLeft),
            Command::WordRight => return self.edit(EditOp::WordRight),
            Command::DeleteWordBack => return self.edit(EditOp::DeleteWordBack),
            Command::DeleteToStart => return self.edit(EditOp::DeleteToStart),
            Command::Newline => return self.edit(EditOp::Insert(b"\n".to_vec())),
            // ← → Home End edit where text is edited; elsewhere they move (below).
            Command::Left if self.edits_text() => return self.edit(EditOp::Left),
            Command::Right if self.edits_text() => return self.edit(EditOp::Right),
            Command::Home if self.edits_text() => return self.edit(EditOp::Home),
            Command::End if self.edits_text() => return self.edit(EditOp::End),
            Command::Quit => return self.exit.quit_now(),
            Command::FocusNext | Command::FocusPrev => {
                if !self.tab_in_overlay() {
                    self.set_focus(if cmd == Command::FocusNext {
                        self.panes.focus.next()
                    } else {
                        self.panes.focus.prev()
                    });
                }
            }
            Command::LeaveInput => {
                if self.panes.focus.is_input() {
                    self.set_focus(Focus::Components);
                }
                // The example's hint turns into the pane keys' hint.
                if self
                    .status
                    .message
                    .as_ref()
                    .is_some_and(|s| s.level == Level::Hint)
                {
                    self.status
                        .say(Status::hint(crate::tui::model::lines::PANES_HINT));
                }
            }
            Command::Profile(p) => return self.set_profile(p),
            // ↑↓ in the value editor: a query pair's name or value.
            Command::Up | Command::Down
                if self.overlay.editor().is_some() && self.panes.help.is_none() =>
            {
                self.editor_field(cmd == Command::Up)
            }
            Command::Up | Command::Down | Command::PageUp | Command::PageDown => self.scroll(cmd),
            // Home/End: the first/last row of an open list or of the components pane.
            Command::Home | Command::End
                if self.overlay_open() || self.panes.focus == Focus::Components =>
            {
                self.scroll(cmd)
            }
            Command::Left | Command::Right | Command::Home | Command::End => self.move_char(cmd),
            Command::CopyResult => match copy::result(self) {
                Ok(e) => return vec![e],
                Err(why) => self.status.say(why.said("copied")),
            },
            Command::CopyPart => match copy::part(self) {
                Ok(e) => return vec![e],
                Err(why) => self.status.say(why.said("copied")),
            },
            Command::Help => self.panes.toggle_help(),
            Command::CycleTheme if self.settings.theme == ThemeChoice::NoColour => {
                self.status.say(Status::info(
                    "NO_COLOR or --color never: the theme stays mono",
                ));
            }
            Command::CycleTheme => {
                return vec![Effect::NextTheme {
                    current: self.settings.theme.name().to_string(),
                }];
            }
            Command::Close => {
                if self.panes.help.is_some() {
                    self.panes.help = None;
                } else {
                    return self.close_overlay();
                }
            }
            Command::Show(o) => return self.show(o),
            Command::Choose => return self.choose(),
            Command::Hint => return self.next_hint(),
            Command::ShowAnswer => return self.show_answer(),
            Command::ResetProgress => return self.ask_reset(),
            Command::CycleClassification => return self.cycle_classification(),
            Command::CyclePreview => self.settings.cycle_preview(),
            Command::CyclePdfState => {
                self.settings.cycle_pdf_state();
                return self.reanalyse();
            }
            Command::Back => return self.unwrap_back(),
            Command::CopyWithoutTracking => match copy::without_tracking(self) {
                Ok(e) => return vec![e],
                Err(why) => self.status.say(why.said("copied")),
            },
            Command::PasteClipboard => return vec![Effect::ReadClipboard],
            Command::Undo => return self.undo_step(),
            Command::Redo => return self.redo_step(),
            Command::HistoryBack => return self.walk_inputs(true),
            Command::HistoryForward => return self.walk_inputs(false),
            Command::TrimEdges => return self.trim_edges(),
            Command::WhyUp => self.panes.scroll_why(-1),
            Command::WhyDown => self.panes.scroll_why(1),
            Command::ToggleCompareWith => return self.toggle_compare_with(),
            Command::ClearLine => return self.clear_line(),
            Command::ToUrlLine => self.back_to_url_line(),
            Command::QuitAsk => return self.quit_ask(quit_armed),
            Command::EditRow => return self.edit_row(),
            Command::AddItem => return self.add_item(),
            Command::DeleteItem => return self.delete_item(),
            Command::MoveItemUp => return self.move_item(true),
            Command::MoveItemDown => return self.move_item(false),
            Command::SortQuery => return self.sort_query(),
            Command::PrintResult => match copy::shown(self) {
                Ok((_, octets)) => return self.exit.print(octets),
                Err(why) => self.status.say(why.said("printed")),
            },
            // Ctrl+B reaches `update` first (it keeps the confirm); from here it only asks.
            Command::OpenInBrowser => return self.open_in_browser(None),
            Command::InspectLink => return self.inspect_link(),
            Command::MarkLink => return self.mark_link(),
            Command::ReturnToLinks => return self.return_to_links(),
        }
        Vec::new()
    }

    /// Switch to profile `p` (the mouse on the profile bar, or its key).
    pub(in crate::tui::model) fn set_profile(&mut self, p: Profile) -> Vec<Effect> {
        if p == self.settings.profile {
            return Vec::new();
        }
        self.settings.profile = p;
        self.panes.step_sel = 0;
        self.reanalyse()
    }

    /// A view's key: open the view, leaving the open one as it is left for another (see
    /// `leave_overlay`), or close it when it is the open one. A view's key over the key list
    /// opens that view (the list closes).
    pub(in crate::tui::model) fn show(&mut self, o: Overlay) -> Vec<Effect> {
        self.panes.help = None;
        if std::mem::discriminant(&o) == std::mem::discriminant(&self.overlay()) {
            return self.show_again(o);
        }
        let mut effects = if self.opens_over_the_view(o) {
            Vec::new()
        } else {
            self.leave_overlay()
        };
        effects.extend(self.enter_overlay(o));
        effects
    }

    /// `c`: the profile's classification → C-1738 → C-2396 → C-Fido → C-3986 → C-WHATWG, said
    /// on the status line.
    fn cycle_classification(&mut self) -> Vec<Effect> {
        self.settings.cycle_classification();
        // Say what the `*` after the classification's name in the profile bar means.
        let own = self.settings.profile.classification().name();
        self.status
            .say(Status::info(match self.settings.classification {
                Some(c) => format!(
                    "{}* : chosen with c (display only); the {} profile itself uses {own}",
                    c.name(),
                    self.settings.profile.label()
                ),
                None => format!(
                    "{own}: the {} profile's own classification",
                    self.settings.profile.label()
                ),
            }));
        // The warnings list shows the hints of the classification in use.
        self.reanalyse()
    }
}
