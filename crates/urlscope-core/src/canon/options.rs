//! The canonicalizers' options: w3lib's keyword arguments (`canonicalize_url`).

/// `canonicalize_url`'s keyword options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct W3libOptions {
    /// Keep query fields without a value (`canonicalize_url`'s `keep_blank_values`).
    pub keep_blank_values: bool,
    /// Keep the fragment (`canonicalize_url`'s `keep_fragments`).
    pub keep_fragments: bool,
    /// The query's and fragment's encoding (`None`: UTF-8); a WHATWG label or Python's
    /// `latin1`.
    pub encoding: Option<String>,
    /// The octet that separates query fields (`&` unless set).
    pub query_separator: u8,
}

impl Default for W3libOptions {
    fn default() -> W3libOptions {
        W3libOptions {
            keep_blank_values: true,
            keep_fragments: false,
            encoding: None,
            query_separator: b'&',
        }
    }
}
