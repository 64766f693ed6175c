//! The command line's colour (`explain`, `parsers`): SGR parameter strings of SPEC §7.3's
//! palette in the 16 ANSI colours, as SPEC §7.3 names them (scheme magenta, path blue, …).
//! The inspector's `themes/default.toml` starts from the same palette but moves the shades that
//! fall below WCAG contrast 4.5:1 on black (blue, red, magenta) to lighter ones; the text output
//! keeps SPEC §7.3's colours, byte for byte.

pub const HEADING: &str = "1";
pub const DIM: &str = "2";
pub const DELIMITER: &str = "1;97";
/// Escape tokens (`\xHH`, `⟨U+XXXX⟩`) stand out from the text around them.
pub const ESCAPE: &str = "1;95";
pub const FRAME: &str = "2;90";
pub const WARNING: &str = "33";
pub const ERROR: &str = "31";
pub const DELETED: &str = "31;9";
pub const INSERTED: &str = "1;32";

/// Colour of a span kind.
pub fn span(kind: &str) -> &'static str {
    match kind {
        "scheme" => "35",
        "user" | "password" => "33",
        "host" | "areatag" => "32",
        "port" | "ftn-domain" => "36",
        "path-segment" => "34",
        "segment-param" | "param" => "94",
        "query-key" => "93",
        "query-value" => "33",
        "fragment" => "37",
        "frame" => FRAME,
        _ => DELIMITER,
    }
}

/// Colour of a class in the character strip.
pub fn class(class: &str) -> &'static str {
    match class {
        "safe" | "mark" => "32",
        "reserved" => "33",
        "unsafe-delim" | "unsafe-transport" | "unsafe" | "unsafe-space" | "excluded-delims"
        | "excluded-space" => "31",
        // Orange is not among the 16 ANSI colours; bright red stands in for it.
        "unwise" => "91",
        "control" | "excluded-control" | "no-graphic" => "7;31",
        "non-ascii" | "unclassified" => "35",
        "invalid-percent" => "97;41",
        "hyphen" | "unmentioned" => "36",
        _ => "",
    }
}
