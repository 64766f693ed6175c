//! The link list's data: the links the input core found, a filter typed over them
//! (a case-insensitive substring of the link or its HTML text), the rows it lets through and
//! the selected one; the lenses' answers per link, computed once and only for the rows drawn
//! or chosen; the one-line verdict. What the keys do with it is in `overlays/links.rs`.

use std::cell::OnceCell;
use std::sync::Arc;

use memchr::memmem;

use crate::tui::msg::Print;
use urlscope_core::Link;
use urlscope_core::input::LinkFacts;

/// The links, the filter and the selection.
pub struct LinkList {
    /// The links in the order found, in the pieces they came in (all at once, or message by
    /// message from a streamed mbox): shared, never copied.
    chunks: Vec<Arc<[Link]>>,
    /// The index of each chunk's first link.
    starts: Vec<usize>,
    /// The lenses' answers, filled in as rows are drawn or chosen.
    facts: Vec<OnceCell<LinkFacts>>,
    /// Every link's URL and HTML text, ASCII-lowercased, each followed by a line feed (which a
    /// filter never holds, so a match never spans two links); `ends[i]` is where link i's ends.
    hay: Vec<u8>,
    ends: Vec<usize>,
    /// What was typed to filter with.
    pub(crate) filter: String,
    /// The indices of the links that match the filter, in input order.
    shown: Vec<usize>,
    /// The selected row of `shown`.
    pub(crate) sel: usize,
    /// The input is still being read (a streamed mbox): the messages read so far. `None`
    /// once it is all read, or when it came whole.
    pub(crate) reading: Option<usize>,
    /// Messages in the streamed mbox, once it is all read.
    pub(crate) messages: Option<usize>,
    /// The marked links (`pick --multi`), as indices into the whole list: a mark stays while
    /// the filter hides its row.
    marked: Vec<bool>,
}

/// Read access for the library's users (the crate changes the fields).
impl LinkList {
    /// The filter typed.
    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// The selected row of the filtered list.
    pub fn sel(&self) -> usize {
        self.sel
    }

    /// The messages read so far while a streamed input is still being read.
    pub fn reading(&self) -> Option<usize> {
        self.reading
    }

    /// Messages in the streamed mbox, once it is all read.
    pub fn messages(&self) -> Option<usize> {
        self.messages
    }
}

impl LinkList {
    pub fn new(links: Arc<[Link]>) -> LinkList {
        let mut list = LinkList {
            chunks: Vec::new(),
            starts: Vec::new(),
            facts: Vec::new(),
            hay: Vec::new(),
            ends: Vec::new(),
            filter: String::new(),
            shown: Vec::new(),
            sel: 0,
            reading: None,
            messages: None,
            marked: Vec::new(),
        };
        list.append(links);
        list
    }

    /// More links at the end (a streamed input read further): the rows the filter lets
    /// through grow; the selection stays where it is.
    pub fn append(&mut self, links: Arc<[Link]>) {
        if links.is_empty() {
            return;
        }
        let first = self.len();
        self.hay
            .reserve(links.iter().map(|l| l.url.len() + 2).sum());
        for l in links.iter() {
            self.hay.extend(l.url.iter().map(u8::to_ascii_lowercase));
            if let Some(t) = &l.text {
                self.hay.push(b' ');
                self.hay.extend(t.bytes().map(|b| b.to_ascii_lowercase()));
            }
            self.hay.push(b'\n');
            self.ends.push(self.hay.len());
            self.facts.push(OnceCell::new());
            self.marked.push(false);
        }
        self.starts.push(first);
        self.chunks.push(links);
        let needle = self.filter.to_ascii_lowercase();
        let finder = memmem::Finder::new(needle.as_bytes());
        for i in first..self.len() {
            if needle.is_empty() || finder.find(self.hay_of(i)).is_some() {
                self.shown.push(i);
            }
        }
    }

    /// Link `i`'s part of the filter's haystack.
    fn hay_of(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.hay[start..self.ends[i]]
    }

    /// Every link found (unfiltered).
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The links the filter lets through, as indices into the whole list.
    pub fn shown(&self) -> &[usize] {
        &self.shown
    }

    pub fn link(&self, i: usize) -> &Link {
        let k = self.starts.partition_point(|&s| s <= i) - 1;
        &self.chunks[k][i - self.starts[k]]
    }

    /// The lenses' answers about link `i`, computed on first use.
    pub fn facts(&self, i: usize) -> &LinkFacts {
        self.facts[i].get_or_init(|| self.link(i).facts())
    }

    /// The index (into the whole list) of the selected row, if any row is shown.
    pub fn selected(&self) -> Option<usize> {
        self.shown.get(self.sel).copied()
    }

    /// Mark link `i`, or unmark it when it is marked.
    pub fn toggle_mark(&mut self, i: usize) {
        if let Some(m) = self.marked.get_mut(i) {
            *m = !*m;
        }
    }

    pub fn is_marked(&self, i: usize) -> bool {
        self.marked.get(i).copied().unwrap_or(false)
    }

    /// The marked links, in list order (hidden by the filter or not).
    pub fn marked(&self) -> Vec<usize> {
        (0..self.marked.len()).filter(|&i| self.marked[i]).collect()
    }

    /// Set the filter and recompute the rows. A filter that extends the previous one only
    /// narrows the rows already shown; any other searches the whole list once (memchr's
    /// substring search over one buffer). The selection stays on its link when it still
    /// matches, else on the first row.
    pub fn set_filter(&mut self, filter: String) {
        let before = self.selected();
        let needle = filter.to_ascii_lowercase();
        let old = self.filter.to_ascii_lowercase();
        let narrows = !old.is_empty() && needle.starts_with(&old);
        self.filter = filter;
        if needle.is_empty() {
            self.shown = (0..self.len()).collect();
        } else if narrows {
            let finder = memmem::Finder::new(needle.as_bytes());
            let mut shown = std::mem::take(&mut self.shown);
            shown.retain(|&i| finder.find(self.hay_of(i)).is_some());
            self.shown = shown;
        } else {
            let mut shown = Vec::new();
            for at in memmem::find_iter(&self.hay, needle.as_bytes()) {
                let i = self.ends.partition_point(|&e| e <= at);
                if shown.last() != Some(&i) {
                    shown.push(i);
                }
            }
            self.shown = shown;
        }
        self.sel = before
            .and_then(|b| self.shown.binary_search(&b).ok())
            .unwrap_or(0);
    }

    /// What Enter prints (and Ctrl+Y copies) for link `i`: `--print`'s choice.
    pub fn printed(&self, i: usize, print: Print) -> Vec<u8> {
        let link = self.link(i);
        match print {
            Print::Found => link.url.clone(),
            Print::Target => self.facts(i).target.clone().into_bytes(),
            Print::Canonical => canonical(&link.url),
        }
    }
}

/// The link as the WHATWG URL parser serializes it (what a browser loads); the link as found
/// when that parser rejects it. A schemeless `www.` link is read with `http://` in front.
pub fn canonical(url: &[u8]) -> Vec<u8> {
    let text = urlscope_core::input::lens_text(url);
    match url::Url::parse(&String::from_utf8_lossy(&text)) {
        Ok(u) => u.as_str().as_bytes().to_vec(),
        Err(_) => url.to_vec(),
    }
}

/// A change to the list's filter.
pub enum FilterEdit {
    Push(String),
    Pop,
    /// Ctrl+W: the last word (and the spaces after it).
    PopWord,
    Clear,
}

/// How a link looks, most serious first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// An HTML link whose text names another site.
    Danger,
    /// A host finding (the host lens's most serious), or no host.
    Warning,
    /// Wrapped by a redirector: the target is elsewhere.
    Wrapped,
    Ok,
}

/// The verdict on a link: its level (from its most serious finding) and its words — every
/// finding's id, most serious first (the core's order); without a finding, the wrapping, a
/// mail address, "no host" or "ok".
pub fn verdict(facts: &LinkFacts) -> (Level, Vec<String>) {
    use urlscope_core::input::LINK_TEXT_MISMATCH;
    use urlscope_core::modern::Severity;
    if let Some(f) = facts.findings.first() {
        let level = if f.id == LINK_TEXT_MISMATCH {
            Level::Danger
        } else {
            match f.severity {
                Severity::High => Level::Danger,
                Severity::Warning | Severity::Info => Level::Warning,
            }
        };
        return (
            level,
            facts.findings.iter().map(|f| f.id.to_string()).collect(),
        );
    }
    let (level, word) = verdict_without_findings(facts);
    (level, vec![word])
}

fn verdict_without_findings(facts: &LinkFacts) -> (Level, String) {
    if facts.host.is_none() {
        // A mail address is not a site to visit; other links without a host are odd.
        return if facts
            .target
            .get(..7)
            .is_some_and(|s| s.eq_ignore_ascii_case("mailto:"))
        {
            (Level::Ok, "mail address".into())
        } else {
            (Level::Warning, "no host".into())
        };
    }
    match facts.wrapper_layers {
        0 => (Level::Ok, "ok".into()),
        1 => (Level::Wrapped, "wrapped (1 layer)".into()),
        n => (Level::Wrapped, format!("wrapped ({n} layers)")),
    }
}
