//! What the profile bar says: a slot for each profile with a digit of its own (the sources and
//! today's two), one slot for the picker of every profile (the crawler canonicalizers live
//! there), and the key that works where the focus is. Pure: the view draws it, the mouse finds
//! a click's slot in it.

use crate::tui::analysis::compare::DIGITS;
use crate::tui::keys::keymap;
use crate::tui::model::app::App;
use crate::tui::msg::Overlay;
use crate::tui::msg::command::Command;
use urlscope_core::Profile;
use urlscope_core::url::Group;

/// The bar's slots: the profiles with a digit, then the picker.
pub const SLOTS: usize = DIGITS.len() + 1;

/// The short labels of the digit slots, for a narrow bar.
const SHORT: [&str; DIGITS.len()] = ["none", "1738", "Hyv", "PDF", "Fido", "3986", "WHATWG"];

/// The columns the bar keeps for what follows the slots (the classification's name) when it
/// chooses how long its labels can be.
const TAIL: usize = 8;

/// The bar as drawn: `lead` (the modifier every slot's key shares, `Alt+`, or nothing), then
/// each slot's text, one space apart; slot `i < DIGITS.len()` chooses `DIGITS[i]`, the last
/// opens the picker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    pub lead: String,
    pub slots: Vec<String>,
    /// The short labels: what follows the slots is shortened too.
    pub narrow: bool,
}

impl Bar {
    /// Columns the lead and the slots take, with the space after each.
    pub fn width(&self) -> usize {
        let lead = if self.lead.is_empty() {
            0
        } else {
            self.lead.chars().count() + 1
        };
        lead + self
            .slots
            .iter()
            .map(|s| s.chars().count() + 1)
            .sum::<usize>()
    }

    /// The slot at column `x` from the bar's left edge.
    pub fn slot_at(&self, x: usize) -> Option<usize> {
        let mut at = if self.lead.is_empty() {
            0
        } else {
            self.lead.chars().count() + 1
        };
        for (i, s) in self.slots.iter().enumerate() {
            let w = s.chars().count();
            if (at..at + w).contains(&x) {
                return Some(i);
            }
            at += w + 1;
        }
        None
    }
}

/// The command of slot `i`.
pub fn slot_command(i: usize) -> Command {
    match DIGITS.get(i) {
        Some(&p) => Command::Profile(p),
        None => Command::Show(Overlay::Profiles(0)),
    }
}

/// The key of each slot where the focus is (the binding table's, with the config file's keys),
/// `None` where nothing binds it.
fn keys(app: &App) -> Vec<Option<&'static str>> {
    (0..SLOTS)
        .map(|i| {
            keymap::binding_for(slot_command(i), app.panes.focus, app.overlay_open())
                .map(|b| b.label)
        })
        .collect()
}

/// The lead the keys share, and each key without it: `Alt+0`…`Alt+7` read `Alt+` once, then
/// `0`…`7`; keys that share nothing are written whole.
fn split_lead(keys: &[Option<&'static str>]) -> (String, Vec<Option<String>>) {
    let mut lead: Option<&str> = None;
    let shared = keys.iter().flatten().all(|k| match k.rsplit_once('+') {
        Some((m, rest)) if !rest.is_empty() => {
            let m = &k[..m.len() + 1];
            *lead.get_or_insert(m) == m
        }
        _ => false,
    });
    match lead {
        Some(l) if shared => (
            l.to_string(),
            keys.iter()
                .map(|k| k.map(|k| k[l.len()..].to_string()))
                .collect(),
        ),
        _ => (
            String::new(),
            keys.iter().map(|k| k.map(str::to_string)).collect(),
        ),
    }
}

/// The picker slot's label (`▾`: it opens a list): the active profile when it is one of the
/// picker's own, else what the picker holds (`more` where even that is too long).
fn picker_label(active: Profile, narrow: bool, more: bool) -> String {
    if active.group() == Group::Crawlers {
        let name = if narrow {
            active.name()
        } else {
            active.label()
        };
        format!("{name}▾")
    } else if more {
        "more▾".to_string()
    } else {
        "crawlers▾".to_string()
    }
}

/// The bar for `app` at `width` columns: the long labels when they fit, else the short ones,
/// else the shortest.
pub fn bar(app: &App, width: u16) -> Bar {
    let (lead, keys) = split_lead(&keys(app));
    let form = |narrow: bool, more: bool| {
        let slots = (0..SLOTS)
            .map(|i| {
                let label = match DIGITS.get(i) {
                    Some(_) if narrow => SHORT[i].to_string(),
                    Some(p) => p.label().to_string(),
                    None => picker_label(app.settings.profile, narrow, more),
                };
                match &keys[i] {
                    Some(k) if narrow => format!("{k}:{label}"),
                    Some(k) => format!("[{k}] {label}"),
                    None => label,
                }
            })
            .collect();
        Bar {
            lead: lead.clone(),
            slots,
            narrow,
        }
    };
    let forms = [form(false, false), form(true, false), form(true, true)];
    let fits = |b: &Bar| b.width() + TAIL <= width as usize;
    match forms.iter().position(fits) {
        Some(i) => forms[i].clone(),
        None => forms[2].clone(),
    }
}

/// The slot that shows `p` as chosen: its digit's, or the picker's.
pub fn slot_of(p: Profile) -> usize {
    DIGITS.iter().position(|&d| d == p).unwrap_or(DIGITS.len())
}
