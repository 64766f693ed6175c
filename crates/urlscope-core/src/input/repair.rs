//! The repairs the link reader makes to read what mail clients read: each has a name that goes
//! into the record of every link it yields, and a sentence in [`super::Extraction::repaired`].
//! Nothing is repaired silently.

/// One repair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Repair {
    /// A base64 part with text after its padding (a mailing list's footer): the base64 lines are
    /// decoded and the text after them is read as text.
    Base64TrailingText,
    /// Quoted-printable in a part whose `Content-Transfer-Encoding` says `7bit`, `8bit`,
    /// `binary` or nothing: decoded.
    QpIn7bit,
    /// Quoted-printable left in raw text (`=3D`, soft line breaks): decoded.
    QpInText,
    /// HTML in a `text/plain` part or in raw text: read by the HTML tokenizer.
    HtmlInText,
    /// An `href` or `src` whose value a stray `=` or quoted-printable leftovers damaged
    /// (`href=="http://…"`, `href=3D"http://…"`): the URL inside it read.
    DamagedAttribute,
}

impl Repair {
    /// Every repair, in the order they are applied.
    pub const ALL: [Repair; 5] = [
        Repair::Base64TrailingText,
        Repair::QpIn7bit,
        Repair::QpInText,
        Repair::HtmlInText,
        Repair::DamagedAttribute,
    ];

    /// The repair's name as output writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Repair::Base64TrailingText => "base64-trailing-text",
            Repair::QpIn7bit => "qp-in-7bit",
            Repair::QpInText => "qp-in-text",
            Repair::HtmlInText => "html-in-text",
            Repair::DamagedAttribute => "damaged-attribute",
        }
    }

    /// What was done, for the stderr line.
    pub const fn what(self) -> &'static str {
        match self {
            Repair::Base64TrailingText => {
                "text after the base64 padding: the base64 decoded, the text after it read as text"
            }
            Repair::QpIn7bit => {
                "quoted-printable under another Content-Transfer-Encoding: decoded as quoted-printable"
            }
            Repair::QpInText => "quoted-printable in raw text (=3D, soft line breaks): decoded",
            Repair::HtmlInText => "HTML markup in text: read by the HTML tokenizer",
            Repair::DamagedAttribute => {
                "a link attribute whose value a stray '=' or quoted-printable leftovers damaged (href==\"…\", href=3D\"…\"): the URL inside read"
            }
        }
    }
}
