//! Legacy charsets for percent-encoded octets: the octets a component's `%XX` stand
//! for, decoded by a declared charset through `encoding_rs`, component by component (a path and
//! a query may be in different charsets). An octet sequence the charset cannot decode is kept in
//! place as its triplets (`⟨%FF⟩`), never replaced. `chardetng` may add a guess, shown as one.

use std::ops::Range;

use encoding_rs::{
    BIG5, DecoderResult, EUC_JP, EUC_KR, Encoding, GB18030, GBK, IBM866, KOI8_R, SHIFT_JIS, UTF_8,
    WINDOWS_1251, WINDOWS_1252,
};

use crate::url::syntax::octets;
use crate::url::syntax::span::{Role, SpanKind};
use crate::url::syntax::tokenize::Parsed;

/// The charsets the decoded preview and `explain --decode` offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Charset {
    /// `utf-8`.
    Utf8,
    /// Each octet is the code point of the same value (what the preview always did).
    Latin1,
    /// `windows-1252`.
    Windows1252,
    /// `koi8-r`.
    Koi8R,
    /// `ibm866`.
    Ibm866,
    /// `windows-1251`.
    Windows1251,
    /// Covers GBK and GB2312.
    Gb18030,
    /// `big5`.
    Big5,
    /// `shift_jis`.
    ShiftJis,
    /// `euc-jp`.
    EucJp,
    /// `euc-kr`.
    EucKr,
}

impl Charset {
    /// In the order the `l` cycle takes.
    pub const ALL: [Charset; 11] = [
        Charset::Utf8,
        Charset::Latin1,
        Charset::Windows1252,
        Charset::Koi8R,
        Charset::Ibm866,
        Charset::Windows1251,
        Charset::Gb18030,
        Charset::Big5,
        Charset::ShiftJis,
        Charset::EucJp,
        Charset::EucKr,
    ];

    /// The command-line name (`--decode`), lowercase.
    pub fn name(self) -> &'static str {
        match self {
            Charset::Utf8 => "utf-8",
            Charset::Latin1 => "iso-8859-1",
            Charset::Windows1252 => "windows-1252",
            Charset::Koi8R => "koi8-r",
            Charset::Ibm866 => "ibm866",
            Charset::Windows1251 => "windows-1251",
            Charset::Gb18030 => "gb18030",
            Charset::Big5 => "big5",
            Charset::ShiftJis => "shift_jis",
            Charset::EucJp => "euc-jp",
            Charset::EucKr => "euc-kr",
        }
    }

    /// The label people read.
    pub fn label(self) -> &'static str {
        match self {
            Charset::Utf8 => "UTF-8",
            Charset::Latin1 => "ISO-8859-1",
            Charset::Windows1252 => "windows-1252",
            Charset::Koi8R => "KOI8-R",
            Charset::Ibm866 => "IBM866 (CP866)",
            Charset::Windows1251 => "windows-1251",
            Charset::Gb18030 => "GB18030 (GBK, GB2312)",
            Charset::Big5 => "Big5",
            Charset::ShiftJis => "Shift_JIS",
            Charset::EucJp => "EUC-JP",
            Charset::EucKr => "EUC-KR",
        }
    }

    /// Our names, and any WHATWG Encoding Standard label of one of the charsets (`cp866`,
    /// `gbk`, `latin1` is ISO-8859-1 here, not windows-1252 as the Encoding Standard maps it).
    pub fn from_name(name: &str) -> Option<Charset> {
        let n = name.trim().to_ascii_lowercase();
        if let Some(c) = Charset::ALL.into_iter().find(|c| c.name() == n) {
            return Some(c);
        }
        if matches!(n.as_str(), "latin1" | "latin-1" | "iso8859-1" | "l1") {
            return Some(Charset::Latin1);
        }
        if matches!(n.as_str(), "cp866" | "koi8r" | "sjis" | "cp1251" | "cp1252") {
            return Some(match n.as_str() {
                "cp866" => Charset::Ibm866,
                "koi8r" => Charset::Koi8R,
                "sjis" => Charset::ShiftJis,
                "cp1251" => Charset::Windows1251,
                _ => Charset::Windows1252,
            });
        }
        let e = Encoding::for_label(n.as_bytes())?;
        // The Encoding Standard decodes GBK exactly as GB18030.
        let e = if e == GBK { GB18030 } else { e };
        Charset::ALL.into_iter().find(|c| c.encoding() == Some(e))
    }

    /// The `encoding_rs` encoding; `None` for ISO-8859-1, which is decoded octet by octet
    /// (encoding_rs maps that label to windows-1252).
    pub fn encoding(self) -> Option<&'static Encoding> {
        Some(match self {
            Charset::Utf8 => UTF_8,
            Charset::Latin1 => return None,
            Charset::Windows1252 => WINDOWS_1252,
            Charset::Koi8R => KOI8_R,
            Charset::Ibm866 => IBM866,
            Charset::Windows1251 => WINDOWS_1251,
            Charset::Gb18030 => GB18030,
            Charset::Big5 => BIG5,
            Charset::ShiftJis => SHIFT_JIS,
            Charset::EucJp => EUC_JP,
            Charset::EucKr => EUC_KR,
        })
    }

    /// The next charset of the `l` cycle.
    pub fn next(self) -> Charset {
        let i = Charset::ALL.iter().position(|&c| c == self).unwrap_or(0);
        Charset::ALL[(i + 1) % Charset::ALL.len()]
    }
}

/// A piece of a decoding: text, or octets the charset cannot decode there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Invalid(Vec<u8>),
}

/// Octets decoded by one charset, invalid sequences kept in place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decoded {
    pub pieces: Vec<Piece>,
}

impl Decoded {
    pub fn has_invalid(&self) -> bool {
        self.pieces.iter().any(|p| matches!(p, Piece::Invalid(_)))
    }

    /// The decoding as one line: invalid octets written `⟨%FF%FE⟩`. Control characters are
    /// left as they are: whoever prints this escapes them (the terminal rule).
    pub fn display(&self) -> String {
        let mut s = String::new();
        for p in &self.pieces {
            match p {
                Piece::Text(t) => s.push_str(t),
                Piece::Invalid(v) => {
                    s.push('⟨');
                    for &b in v {
                        s.push('%');
                        s.push_str(octets::hex_pair(b));
                    }
                    s.push('⟩');
                }
            }
        }
        s
    }

    fn push_text(&mut self, t: &str) {
        if t.is_empty() {
            return;
        }
        match self.pieces.last_mut() {
            Some(Piece::Text(s)) => s.push_str(t),
            _ => self.pieces.push(Piece::Text(t.to_owned())),
        }
    }

    fn push_invalid(&mut self, v: &[u8]) {
        match self.pieces.last_mut() {
            Some(Piece::Invalid(w)) => w.extend_from_slice(v),
            _ => self.pieces.push(Piece::Invalid(v.to_vec())),
        }
    }
}

/// Decode raw octets by `cs`.
pub fn decode_octets(v: &[u8], cs: Charset) -> Decoded {
    let mut out = Decoded::default();
    let Some(enc) = cs.encoding() else {
        out.push_text(&v.iter().map(|&b| char::from(b)).collect::<String>());
        return out;
    };
    let mut pos = 0;
    while pos < v.len() {
        // A fresh decoder after each malformed sequence: the octets it read past the sequence
        // are decoded again from a clean state, so nothing is lost or replaced.
        let mut dec = enc.new_decoder_without_bom_handling();
        let rest = &v[pos..];
        let mut s = String::with_capacity(
            dec.max_utf8_buffer_length_without_replacement(rest.len())
                .unwrap_or(rest.len() * 3 + 16),
        );
        let (res, read) = dec.decode_to_string_without_replacement(rest, &mut s, true);
        out.push_text(&s);
        match res {
            DecoderResult::InputEmpty => break,
            DecoderResult::Malformed(bad, after) => {
                let end = read - usize::from(after);
                let start = end.saturating_sub(usize::from(bad));
                out.push_invalid(&rest[start..end]);
                pos += end.max(1);
            }
            // The buffer was sized for the whole input; should it still run out, the rest
            // is decoded by the next round.
            DecoderResult::OutputFull => pos += read.max(1),
        }
    }
    out
}

/// The octets a stretch of `x` stands for: each `%XX` as its octet, everything else as written.
pub fn octets_of(x: &[u8], range: Range<usize>) -> Vec<u8> {
    octets::units_in(x, range).map(|u| u.value).collect()
}

/// One component's decoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentDecoding {
    pub kind: SpanKind,
    pub range: Range<usize>,
    pub decoded: Decoded,
}

/// Every data span of `x` holding a `%XX` or a raw octet ≥ 0x80, decoded by `cs`.
pub(crate) fn decode_components(x: &[u8], parsed: &Parsed, cs: Charset) -> Vec<ComponentDecoding> {
    decode_components_by(x, parsed, |_| cs)
}

/// Like `decode_components`, with a charset chosen per span kind (a path in one charset, a
/// query in another).
pub fn decode_components_by(
    x: &[u8],
    parsed: &Parsed,
    charset_of: impl Fn(SpanKind) -> Charset,
) -> Vec<ComponentDecoding> {
    parsed
        .spans
        .iter()
        .filter(|s| s.kind.role() == Role::Data)
        // A parse of other octets (a stale analysis) has spans past `x`: those are skipped, so
        // any octets and any parse are a valid input.
        .filter(|s| {
            x.get(s.range.clone())
                .is_some_and(|v| v.iter().any(|&b| b == b'%' || !b.is_ascii()))
        })
        .map(|s| ComponentDecoding {
            kind: s.kind,
            range: s.range.clone(),
            decoded: decode_octets(&octets_of(x, s.range.clone()), charset_of(s.kind)),
        })
        .collect()
}

/// `chardetng`'s guess for some octets: only a guess, and `None` when it names a charset this
/// list does not offer or the octets are all ASCII.
pub fn guess(v: &[u8]) -> Option<Charset> {
    if v.is_ascii() {
        return None;
    }
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    det.feed(v, true);
    let e = det.guess(None, chardetng::Utf8Detection::Allow);
    Charset::ALL.into_iter().find(|c| c.encoding() == Some(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known text in each charset, encoded by encoding_rs itself (Latin-1 by code point).
    const SAMPLES: [(Charset, &str); 11] = [
        (Charset::Utf8, "héllo мир 世界"),
        (Charset::Latin1, "café ÿ"),
        (Charset::Windows1252, "€uro “quoted”"),
        (Charset::Koi8R, "Привет, мир"),
        (Charset::Ibm866, "Фидонет"),
        (Charset::Windows1251, "Здравствуй"),
        (Charset::Gb18030, "统一资源定位符"),
        (Charset::Big5, "統一資源定位符"),
        (Charset::ShiftJis, "日本語のテキスト"),
        (Charset::EucJp, "日本語のテキスト"),
        (Charset::EucKr, "한국어 텍스트"),
    ];

    fn encode(cs: Charset, s: &str) -> Vec<u8> {
        match cs.encoding() {
            Some(e) => {
                let (v, _, unmappable) = e.encode(s);
                assert!(!unmappable, "{s} in {}", cs.label());
                v.into_owned()
            }
            None => s.chars().map(|c| c as u32 as u8).collect(),
        }
    }

    fn pct(v: &[u8]) -> Vec<u8> {
        v.iter().flat_map(|&b| octets::encoded(b)).collect()
    }

    #[test]
    fn each_charset_decodes_its_own_percent_encoded_text() {
        for (cs, text) in SAMPLES {
            let x = pct(&encode(cs, text));
            let d = decode_octets(&octets_of(&x, 0..x.len()), cs);
            assert_eq!(d.display(), text, "{}", cs.label());
            assert!(!d.has_invalid());
        }
    }

    #[test]
    fn names_round_trip_and_common_labels_are_known() {
        for cs in Charset::ALL {
            assert_eq!(Charset::from_name(cs.name()), Some(cs));
        }
        assert_eq!(Charset::from_name("CP866"), Some(Charset::Ibm866));
        assert_eq!(Charset::from_name("gbk"), Some(Charset::Gb18030));
        assert_eq!(Charset::from_name("gb2312"), Some(Charset::Gb18030));
        assert_eq!(Charset::from_name("latin1"), Some(Charset::Latin1));
        assert_eq!(Charset::from_name("ebcdic"), None);
    }

    #[test]
    fn invalid_sequences_stay_in_place() {
        let d = decode_octets(b"a\xffb", Charset::Utf8);
        assert_eq!(d.display(), "a⟨%FF⟩b");
        // A Shift_JIS lead octet followed by an octet that cannot trail it: the second is
        // decoded on its own, not swallowed.
        let d = decode_octets(b"\x81\x20x", Charset::ShiftJis);
        assert_eq!(d.display(), "⟨%81⟩ x");
        let d = decode_octets(b"ok\xe4", Charset::EucKr);
        assert_eq!(d.display(), "ok⟨%E4⟩");
        assert!(d.has_invalid());
        // Nothing is ever U+FFFD.
        for cs in Charset::ALL {
            let d = decode_octets(&(0..=255u8).collect::<Vec<_>>(), cs);
            assert!(!d.display().contains('\u{FFFD}'), "{}", cs.label());
        }
    }

    #[test]
    fn components_are_decoded_each_by_its_own_charset() {
        let path = pct(&encode(Charset::Koi8R, "мир"));
        let query = pct(&encode(Charset::Gb18030, "世界"));
        let mut x = b"http://h/".to_vec();
        x.extend_from_slice(&path);
        x.extend_from_slice(b"?q=");
        x.extend_from_slice(&query);
        let parsed = crate::url::tokenize(&x);
        let got = decode_components_by(&x, &parsed, |k| match k {
            SpanKind::PathSegment => Charset::Koi8R,
            _ => Charset::Gb18030,
        });
        let shown: Vec<(SpanKind, String)> =
            got.iter().map(|c| (c.kind, c.decoded.display())).collect();
        assert_eq!(
            shown,
            [
                (SpanKind::PathSegment, "мир".to_owned()),
                (SpanKind::QueryValue, "世界".to_owned())
            ]
        );
    }

    #[test]
    fn the_guess_names_a_charset_for_longer_text() {
        let v = encode(
            Charset::Windows1251,
            "Съешь же ещё этих мягких французских булок, да выпей чаю",
        );
        assert_eq!(guess(&v), Some(Charset::Windows1251));
        assert_eq!(guess(b"plain"), None);
    }
}
