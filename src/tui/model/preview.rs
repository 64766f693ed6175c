//! The decoded preview (`l`, docs/guide.md; the legacy charsets): display only, never part
//! of any output. The cycle is off → each charset of `modern::charset` (UTF-8, ISO-8859-1,
//! windows-1252, KOI8-R, IBM866, windows-1251, GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR) → the
//! `chardetng` guess. Decoding is per component: each data component's octets (its `%XX` as
//! octets) are decoded on their own, invalid sequences marked in place as `⟨%FF⟩`, never
//! replaced; under the guess each component gets its own guess (a path and a query may be in
//! different charsets).

use urlscope_core::Parsed;
use urlscope_core::modern;
use urlscope_core::modern::Charset;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Preview {
    #[default]
    Off,
    Charset(Charset),
    /// `chardetng`'s guess, per component.
    Guess,
}

impl Preview {
    pub fn next(self) -> Preview {
        match self {
            Preview::Off => Preview::Charset(Charset::ALL[0]),
            Preview::Charset(c) if c == Charset::ALL[Charset::ALL.len() - 1] => Preview::Guess,
            Preview::Charset(c) => Preview::Charset(c.next()),
            Preview::Guess => Preview::Off,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Preview::Off => "off",
            Preview::Charset(c) => c.label(),
            Preview::Guess => "guess",
        }
    }

    /// The charset for a component's octets (`None`: off, or nothing to guess from).
    pub fn charset_for(self, octets: &[u8]) -> Option<Charset> {
        match self {
            Preview::Off => None,
            Preview::Charset(c) => Some(c),
            Preview::Guess => modern::guess(octets),
        }
    }
}

/// One line of preview: `x` with each data component that holds a `%XX` or an octet ≥ 0x80
/// replaced by its decoding (the delimiters as written), and the charsets used, in order of
/// first use (under the guess, one per guessed component; "undecided" when nothing is guessed).
pub fn decode(x: &[u8], parsed: &Parsed, mode: Preview) -> (Vec<u8>, Vec<String>) {
    if mode == Preview::Off {
        return (x.to_vec(), Vec::new());
    }
    let parts = modern::decode_components_by(x, parsed, |_| Charset::Utf8);
    let mut out = Vec::with_capacity(x.len());
    let mut used: Vec<String> = Vec::new();
    let mut at = 0;
    for p in parts {
        let octets = modern::octets_of(x, p.range.clone());
        let name = match mode.charset_for(&octets) {
            Some(cs) => {
                out.extend_from_slice(&x[at..p.range.start]);
                out.extend_from_slice(modern::decode_octets(&octets, cs).display().as_bytes());
                at = p.range.end;
                cs.label().to_string()
            }
            None => "undecided".to_string(),
        };
        if !used.contains(&name) {
            used.push(name);
        }
    }
    out.extend_from_slice(&x[at..]);
    (out, used)
}

#[cfg(test)]
mod tests {
    use super::*;
    use urlscope_core::tokenize;

    fn line(x: &[u8], mode: Preview) -> String {
        String::from_utf8(decode(x, &tokenize(x), mode).0).unwrap()
    }

    #[test]
    fn each_component_is_decoded_and_invalid_octets_stay_marked() {
        let x = b"http://h/%C3%A9?q=%FF%41";
        assert_eq!(
            line(x, Preview::Charset(Charset::Utf8)),
            "http://h/é?q=⟨%FF⟩A"
        );
        assert_eq!(
            line(x, Preview::Charset(Charset::Latin1)),
            "http://h/Ã©?q=ÿA"
        );
        assert_eq!(line(x, Preview::Off).as_bytes(), x);
    }

    #[test]
    fn koi8r_and_the_cycle() {
        // "Привет" in KOI8-R.
        let (v, _, _) = encoding_rs::KOI8_R.encode("Привет");
        let mut x = b"http://h/?q=".to_vec();
        for b in v.iter() {
            x.extend_from_slice(format!("%{b:02X}").as_bytes());
        }
        assert_eq!(
            line(&x, Preview::Charset(Charset::Koi8R)),
            "http://h/?q=Привет"
        );
        let mut p = Preview::Off;
        let mut seen = Vec::new();
        loop {
            p = p.next();
            if p == Preview::Off {
                break;
            }
            seen.push(p.name());
        }
        assert_eq!(seen.len(), Charset::ALL.len() + 1);
        assert_eq!(seen[0], "UTF-8");
        assert_eq!(seen.last(), Some(&"guess"));
    }
}
