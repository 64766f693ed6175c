//! The URL Standard's corners, generated from a seed: backslashes; tab and newline inside; C0
//! and space at the ends; IPv4 in every radix and with too many parts; IPv6 with compression
//! and embedded IPv4; percent-encoded, full-width and other Unicode hosts; file URLs with drive
//! letters and `|`; non-special and opaque-path URLs; credentials; ports out of range; dot
//! segments in every spelling. `whatwg_differential` holds urlscope's parser against the url
//! crate on them; `benches/ada-baseline`'s `ada-diff` includes this file to hold it against ada.

/// SplitMix64: a small seeded generator, so a failure is reproducible from its index.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

const SCHEMES: &[&str] = &[
    "http:",
    "https:",
    "HTTP:",
    "hTtPs:",
    "ws:",
    "wss:",
    "ftp:",
    "file:",
    "FILE:",
    "foo:",
    "non-spec:",
    "sc:",
    "data:",
    "javascript:",
    "mailto:",
    "blob:",
    "a+b-c.d:",
    "urn:",
    "",
];
const AFTER_SCHEME: &[&str] = &[
    "//", "//", "//", "/", "", "\\\\", "///", "/\\", "\\/", "////", "\\", "/ /",
];
const USERINFO: &[&str] = &[
    "",
    "",
    "",
    "",
    "user@",
    "user:pass@",
    ":@",
    "@",
    "u:@",
    ":p@",
    "a@b@",
    "%zz@",
    "ü@",
    "us er:pa ss@",
    "a:b:c@",
    "a%40b@",
    "@@",
];
const HOSTS: &[&str] = &[
    "example.com",
    "EXAMPLE.com",
    "example.com.",
    "xn--nxasmq6b",
    "xn--",
    "xn--a.com",
    "a.b.c.xn--pokxncvks",
    "ümlaut.de",
    "ＥＸＡＭＰＬＥ．ｃｏｍ",
    "%41.com",
    "a%2eb",
    "exa mple",
    "ex<ample",
    "%zz",
    "a%00b",
    "ß.de",
    "faß.example",
    "xn--zca.de",
    "_under.score",
    "a..b",
    "0x7f.1",
    "0177.0.0.1",
    "127.1",
    "127.0.0.1",
    "4294967295",
    "4294967296",
    "1.2.3.4.5",
    "0x",
    "09",
    "1.2.3.4.",
    "1..2",
    "0x100.0",
    "0xffffffff",
    "1.2.3.09",
    "1.256",
    "0.0.0.0x100",
    "[::1]",
    "[1:2::3]",
    "[::ffff:1.2.3.4]",
    "[1:2:3:4:5:6:7:8:9]",
    "[::1.2.3]",
    "[:::]",
    "[0:0::0]",
    "[1::]",
    "[fe80::1%25eth0]",
    "[::1",
    "[1:2:3:4:5:6:7:8]",
    "[1:2:3:4:5:6:1.2.3.4]",
    "[::127.0.0.1.1]",
    "[0::0::0]",
    "[FFFF::1]",
    "[::0001]",
    "",
    "localhost",
    "LOCALHOST",
    "localhost.",
    "C|",
    "C:",
    "c|",
    "a:b",
    "a^b",
    "a|b",
    "münchen.de",
    "xn--mnchen-3ya.de",
    "\u{200b}x.com",
    "a\u{ad}b.com",
    "１２７．０．０．１",
    "％４１.com",
    "x.com%2e",
    "\u{fffd}.com",
    "a b",
    "%61",
    "@",
    "#",
    "?",
    ":",
    "[",
    "]",
];
const PORTS: &[&str] = &[
    "",
    "",
    "",
    "",
    ":",
    ":80",
    ":0080",
    ":65535",
    ":65536",
    ":99999999999",
    ":8a",
    ":443",
    ":21",
    ":0",
    ":00000000000000000000080",
    ": 1",
    ":+1",
];
const SEGMENTS: &[&str] = &[
    "a",
    "b",
    ".",
    "..",
    "%2e",
    "%2E",
    ".%2e",
    "%2e.",
    "%2E%2e",
    "",
    "C:",
    "c|",
    "C|",
    "ü",
    " ",
    "%",
    "%zz",
    "a b",
    "%2f",
    "<>",
    "{}",
    "^",
    "`",
    "|",
    "\"",
    "'",
    "a?b",
    "a#b",
    "\u{0}",
    "\u{7f}",
    "\u{fffe}",
    "\u{1f4a9}",
    "...",
    "%2e%2e%2e",
    "d:",
    "a:b",
    "@",
    ";p=1",
    "%00",
];
const QUERIES: &[&str] = &[
    "", "", "?", "?a=b", "?'\"<>", "?ü", "? #", "?%", "?%zz", "?a b", "?\u{0}", "?`{}", "??",
];
const FRAGMENTS: &[&str] = &[
    "", "", "#", "#f", "#ü", "#`<>", "# ", "#%", "##", "#\"", "#\u{0}", "#a?b",
];
const NOISE: &[&str] = &["\t", "\n", "\r", " ", "\u{0}", "\u{1f}", "\u{c}"];
const BASES: &[&str] = &[
    "http://example.com/a/b?q#f",
    "https://user:pass@host:8080/dir/file",
    "file:///C:/dir/file",
    "file://host/dir/file",
    "file:///",
    "sc://h/p/q",
    "sc:opaque",
    "about:blank",
    "http://[::1]:8080/",
    "non-spec:/a/b",
    "non-spec:/.//a",
];
const RELATIVES: &[&str] = &[
    "",
    "//",
    "/",
    "\\",
    "\\\\",
    "?",
    "#",
    "../",
    "./",
    "..\\",
    "///",
    "//h",
    "C|/",
    "/C:/",
    "C|",
    "c:",
    "%2e%2e/",
    ".%2E/",
    "//localhost/",
];

/// One generated input, and a base for a relative one.
pub fn generate(r: &mut Rng) -> (String, Option<&'static str>) {
    let mut s = String::new();
    let scheme = r.pick(SCHEMES);
    let base = if scheme.is_empty() {
        s.push_str(r.pick(RELATIVES));
        Some(r.pick(BASES))
    } else {
        s.push_str(scheme);
        s.push_str(r.pick(AFTER_SCHEME));
        None
    };
    if !r.chance(15) {
        s.push_str(r.pick(USERINFO));
        s.push_str(r.pick(HOSTS));
        s.push_str(r.pick(PORTS));
    }
    for _ in 0..r.below(5) {
        s.push(if r.chance(85) { '/' } else { '\\' });
        s.push_str(r.pick(SEGMENTS));
    }
    s.push_str(r.pick(QUERIES));
    s.push_str(r.pick(FRAGMENTS));
    // Noise: tab or newline inside, C0 or space at the ends.
    if r.chance(20) {
        let mut at = r.below(s.len() + 1);
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        s.insert_str(at, r.pick(&NOISE[..3]));
    }
    if r.chance(10) {
        s.insert_str(0, r.pick(NOISE));
    }
    if r.chance(10) {
        s.push_str(r.pick(NOISE));
    }
    (s, base)
}
