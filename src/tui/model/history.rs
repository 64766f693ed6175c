//! The inputs inspected during the run (Alt+↑ / Alt+↓), and the unwrap view's "back"
//! (Backspace, Alt+←), which is the same walk: one list, one position.
//!
//! A new input (a paste into an empty or untouched line, an example, an unwrap layer) goes in
//! right after the current one, so going back returns to the input it came from, and nothing is
//! ever dropped during the run. Leaving an entry stores the text as it was edited.

#[derive(Clone, Debug)]
pub struct Inputs {
    list: Vec<Vec<u8>>,
    at: usize,
}

impl Inputs {
    pub fn new(first: Vec<u8>) -> Inputs {
        Inputs {
            list: vec![first],
            at: 0,
        }
    }

    /// The current input `now` is left for the new input `next`.
    pub fn visit(&mut self, now: &[u8], next: &[u8]) {
        self.store(now);
        if self.list[self.at].is_empty() {
            // An empty line inspected nothing: the new input takes its place.
            self.list[self.at] = next.to_vec();
            return;
        }
        if self.list.get(self.at + 1).is_some_and(|e| e == next) {
            self.at += 1;
            return;
        }
        self.list.insert(self.at + 1, next.to_vec());
        self.at += 1;
    }

    fn store(&mut self, now: &[u8]) {
        if self.list[self.at] != now {
            self.list[self.at] = now.to_vec();
        }
    }

    /// Alt+↑ / back: the input before the current one (`now` is stored first).
    pub fn back(&mut self, now: &[u8]) -> Option<Vec<u8>> {
        if self.at == 0 {
            return None;
        }
        self.store(now);
        // An empty line, or the same text as the entry before (an undo can bring an input
        // back), is no entry of its own.
        let dup = self.list[self.at] == self.list[self.at - 1];
        if self.list[self.at].is_empty() || dup {
            self.list.remove(self.at);
        }
        self.at -= 1;
        if dup {
            // The current input is the entry before: go back from there.
            if self.at == 0 {
                return None;
            }
            self.at -= 1;
        }
        Some(self.list[self.at].clone())
    }

    /// Alt+↓: the input after the current one.
    pub fn forward(&mut self, now: &[u8]) -> Option<Vec<u8>> {
        if self.at + 1 >= self.list.len() {
            return None;
        }
        self.store(now);
        let dup = self.list[self.at] == self.list[self.at + 1];
        if self.list[self.at].is_empty() || dup {
            self.list.remove(self.at);
        } else {
            self.at += 1;
        }
        if dup {
            // The current input is the entry after: go forward from there.
            if self.at + 1 >= self.list.len() {
                return None;
            }
            self.at += 1;
        }
        Some(self.list[self.at].clone())
    }

    /// How many inputs lie before the current one.
    pub fn before(&self) -> usize {
        self.at
    }

    /// How many inputs lie after the current one.
    pub fn after(&self) -> usize {
        self.list.len() - self.at - 1
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_returns_to_the_input_a_layer_came_from() {
        let mut h = Inputs::new(b"A".to_vec());
        h.visit(b"A", b"B");
        assert_eq!(h.back(b"B").unwrap(), b"A");
        // From A again, a new layer L1 and from there L2: back walks L1 then A.
        h.visit(b"A", b"L1");
        h.visit(b"L1", b"L2");
        assert_eq!(h.back(b"L2").unwrap(), b"L1");
        assert_eq!(h.back(b"L1").unwrap(), b"A");
        assert!(h.back(b"A").is_none());
        // Nothing was dropped: forward walks L1, L2, then B.
        assert_eq!(h.forward(b"A").unwrap(), b"L1");
        assert_eq!(h.forward(b"L1").unwrap(), b"L2");
        assert_eq!(h.forward(b"L2").unwrap(), b"B");
        assert_eq!(h.len(), 4);
    }

    #[test]
    fn an_input_brought_back_by_undo_is_not_listed_twice() {
        let mut h = Inputs::new(b"A".to_vec());
        h.visit(b"A", b"");
        h.visit(b"B", b"");
        // Undo brought B back into the empty entry: back goes to A, not to B again.
        assert_eq!(h.back(b"B").unwrap(), b"A");
        assert_eq!(h.len(), 2);
        assert_eq!(h.forward(b"A").unwrap(), b"B");
    }

    #[test]
    fn edits_are_kept_and_empty_lines_are_not_entries() {
        let mut h = Inputs::new(b"A".to_vec());
        h.visit(b"A edited", b"");
        h.visit(b"", b"C");
        assert_eq!(h.len(), 2);
        assert_eq!(h.back(b"C").unwrap(), b"A edited");
    }
}
