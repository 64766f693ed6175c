//! The decoded preview (SPEC §7.4, `l`): display only, never part of any output. Under Latin-1,
//! triplets and raw octets A1–FF are shown as U+00A1–U+00FF (\[000\]: "I would even display
//! characters 0xa1-0xff in ISO-8859-1", "but in a request send them to a server in encoded
//! form"); under UTF-8, each maximal run of octets ≥ 0x80 (raw or as triplets) is decoded where
//! it is valid UTF-8 and stays as written where it is not.

use crate::url::octets;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Preview {
    #[default]
    Off,
    Latin1,
    Utf8,
}

impl Preview {
    pub fn next(self) -> Preview {
        match self {
            Preview::Off => Preview::Latin1,
            Preview::Latin1 => Preview::Utf8,
            Preview::Utf8 => Preview::Off,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Preview::Off => "off",
            Preview::Latin1 => "Latin-1",
            Preview::Utf8 => "UTF-8",
        }
    }
}

/// The preview of `x` (octets for `text::cells` to draw: decoded characters as UTF-8, everything
/// else as written). `Off` gives `x` unchanged.
pub fn decode(x: &[u8], mode: Preview) -> Vec<u8> {
    let mut out = Vec::with_capacity(x.len());
    match mode {
        Preview::Off => out.extend_from_slice(x),
        Preview::Latin1 => {
            for u in octets::units(x) {
                if u.value >= 0xA1 {
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(char::from(u.value).encode_utf8(&mut buf).as_bytes());
                } else {
                    out.extend_from_slice(&x[u.start..u.end()]);
                }
            }
        }
        Preview::Utf8 => {
            let units: Vec<octets::Unit> = octets::units(x).collect();
            let mut i = 0;
            while i < units.len() {
                if units[i].value < 0x80 {
                    out.extend_from_slice(&x[units[i].start..units[i].end()]);
                    i += 1;
                    continue;
                }
                let run_end = units[i..]
                    .iter()
                    .position(|u| u.value < 0x80)
                    .map_or(units.len(), |k| i + k);
                let values: Vec<u8> = units[i..run_end].iter().map(|u| u.value).collect();
                let mut k = i;
                for chunk in values.utf8_chunks() {
                    out.extend_from_slice(chunk.valid().as_bytes());
                    k += chunk.valid().len();
                    for u in &units[k..k + chunk.invalid().len()] {
                        out.extend_from_slice(&x[u.start..u.end()]);
                    }
                    k += chunk.invalid().len();
                }
                i = run_end;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_shows_a1_to_ff_only() {
        let x = b"http://h/%7e%e9%A0\xe9%41";
        assert_eq!(
            String::from_utf8(decode(x, Preview::Latin1)).unwrap(),
            "http://h/%7eé%A0é%41"
        );
    }

    #[test]
    fn utf8_decodes_valid_runs_and_keeps_invalid_as_written() {
        let x = b"/%C3%A9\xc3\xa9%C3x%E2%82%AC%FF";
        assert_eq!(decode(x, Preview::Utf8), "/éé%C3x€%FF".as_bytes());
        assert_eq!(decode(b"\xff%41", Preview::Utf8), b"\xff%41");
        assert_eq!(decode(x, Preview::Off), x);
    }
}
