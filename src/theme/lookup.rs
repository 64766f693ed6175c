//! Which slot styles a span kind (the URL line, the components pane) and a character class
//! (the strip), and the mark that stands for a class where colour cannot show it.

use ratatui::style::Style;

use super::Theme;
use urlscope_core::Class;
use urlscope_core::url::PctSet;
use urlscope_core::url::SpanKind;

impl Theme {
    /// The style of a span kind in the input line and the components pane.
    pub fn span(&self, kind: SpanKind) -> Style {
        use SpanKind::*;
        match kind {
            Scheme => self.scheme,
            User => self.userinfo,
            Password => self.password,
            Host => self.host,
            Port => self.port,
            PathSegment => self.path,
            SegmentParam | Param => self.param,
            QueryKey => self.query_key,
            QueryValue => self.query_value,
            Fragment => self.fragment,
            Areatag => self.areatag,
            FtnDomain => self.ftn_domain,
            Frame => self.frame,
            _ => self.delimiter,
        }
    }

    /// The style of a character class in the strip.
    pub fn class(&self, class: Class) -> Style {
        use Class::*;
        match class {
            Alnum | Plain => self.class_alnum,
            Safe | Mark => self.class_safe,
            Reserved => self.class_reserved,
            Unmentioned | Hyphen => self.class_other,
            UnsafeDelim | UnsafeTransport | Unsafe | UnsafeSpace | ExcludedDelims
            | ExcludedSpace => self.class_unsafe,
            Unwise => self.class_unwise,
            Control | ExcludedControl | NoGraphic => self.class_control,
            NonAscii | Unclassified => self.class_non_ascii,
            InvalidPercent | PctEncodedBroken => self.class_invalid,
            // Today's classes reuse the slots of their nearest historical kin.
            Unreserved
            | Whatwg {
                encoded: false,
                set: Some(_),
            } => self.class_alnum,
            PctEncoded => self.class_safe,
            GenDelim => self.class_reserved,
            SubDelim | Whatwg { set: None, .. } => self.class_other,
            NotAllowed => self.class_unsafe,
            Whatwg {
                encoded: true,
                set: Some(PctSet::C0Control),
            } => self.class_control,
            Whatwg { encoded: true, .. } => self.class_unsafe,
        }
    }

    /// The mark the strip puts after a unit when colours cannot show its class (NO_COLOR or
    /// the mono theme): one per style of [`Theme::class`], so the grouping stays the same.
    pub fn class_mark(class: Class) -> &'static str {
        use Class::*;
        match class {
            Alnum | Plain => "",
            Safe | Mark => "ˢ",
            Reserved => "ʳ",
            Unmentioned | Hyphen => "ᵒ",
            UnsafeDelim | UnsafeTransport | Unsafe | UnsafeSpace | ExcludedDelims
            | ExcludedSpace => "ᵘ",
            Unwise => "ʷ",
            Control | ExcludedControl | NoGraphic => "ᶜ",
            NonAscii | Unclassified => "ⁿ",
            InvalidPercent | PctEncodedBroken => "ⁱ",
            Unreserved
            | Whatwg {
                encoded: false,
                set: Some(_),
            } => "",
            PctEncoded => "ˢ",
            GenDelim => "ʳ",
            SubDelim | Whatwg { set: None, .. } => "ᵒ",
            NotAllowed => "ᵘ",
            Whatwg {
                encoded: true,
                set: Some(PctSet::C0Control),
            } => "ᶜ",
            Whatwg { encoded: true, .. } => "ᵘ",
        }
    }
}
