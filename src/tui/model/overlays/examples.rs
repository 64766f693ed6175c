//! The sources' own examples for the F2 pick-list (docs/guide.md): the resolution examples of URL编码
//! (S-01…S-05), the RFC 1808 §5 examples (X-01…X-39), the FidoURL `%%` texts (J-01…J-05)
//! and Hyvätti's URLs, generated from `tests/vectors/` (same octets); then two constructed
//! examples each for RFC 1738 §2.2 and the PDF steps, so every profile has a group.

use crate::tui::model::app::App;
use crate::tui::model::overlay::OverlayState;
use crate::tui::msg::{Effect, Focus, Status};
use urlscope_core::Profile;

pub struct Example {
    pub id: &'static str,
    /// The URL (or reference, when `base` is not empty).
    pub input: &'static [u8],
    pub base: &'static [u8],
    /// The profile the example is about, if any.
    pub profile: Option<Profile>,
    pub note: &'static str,
}

pub const EXAMPLES: &[Example] = &[
    Example {
        id: "S-01",
        input: b"rel1",
        base: b"http://www.blah.com/yadda1/yadda2/yadda3?param1=foo#bar",
        profile: None,
        note: "URL编码 (an RFC 2396 tutorial) resolution example: expect http://www.blah.com/yadda1/yadda2/rel1",
    },
    Example {
        id: "S-02",
        input: b"/rel1",
        base: b"http://www.blah.com/yadda1/yadda2/yadda3?param1=foo#bar",
        profile: None,
        note: "URL编码 (an RFC 2396 tutorial) resolution example: expect http://www.blah.com/rel1",
    },
    Example {
        id: "S-03",
        input: b"../rel1",
        base: b"http://www.blah.com/yadda1/yadda2/yadda3?param1=foo#bar",
        profile: None,
        note: "URL编码 (an RFC 2396 tutorial) resolution example: expect http://www.blah.com/yadda1/rel1",
    },
    Example {
        id: "S-04",
        input: b"./rel1?param2=baz#bar2",
        base: b"http://www.blah.com/yadda1/yadda2/yadda3?param1=foo#bar",
        profile: None,
        note: "URL编码 (an RFC 2396 tutorial) resolution example: expect http://www.blah.com/yadda1/yadda2/rel1?param2=baz#bar2",
    },
    Example {
        id: "S-05",
        input: b"..",
        base: b"http://www.blah.com/yadda1/yadda2/yadda3?param1=foo#bar",
        profile: None,
        note: "URL编码 (an RFC 2396 tutorial) resolution example: expect http://www.blah.com/yadda1/",
    },
    Example {
        id: "X-01",
        input: b"g:h",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect g:h",
    },
    Example {
        id: "X-02",
        input: b"g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g",
    },
    Example {
        id: "X-03",
        input: b"./g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g",
    },
    Example {
        id: "X-04",
        input: b"g/",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g/",
    },
    Example {
        id: "X-05",
        input: b"/g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/g",
    },
    Example {
        id: "X-06",
        input: b"//g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://g",
    },
    Example {
        id: "X-07",
        input: b"?y",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/d;p?y",
    },
    Example {
        id: "X-08",
        input: b"g?y",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g?y",
    },
    Example {
        id: "X-09",
        input: b"g?y/./x",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g?y/./x",
    },
    Example {
        id: "X-10",
        input: b"#s",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/d;p?q#s",
    },
    Example {
        id: "X-11",
        input: b"g#s",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g#s",
    },
    Example {
        id: "X-12",
        input: b"g#s/./x",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g#s/./x",
    },
    Example {
        id: "X-13",
        input: b"g?y#s",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g?y#s",
    },
    Example {
        id: "X-14",
        input: b";x",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/d;x",
    },
    Example {
        id: "X-15",
        input: b"g;x",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g;x",
    },
    Example {
        id: "X-16",
        input: b"g;x?y#s",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g;x?y#s",
    },
    Example {
        id: "X-17",
        input: b".",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/",
    },
    Example {
        id: "X-18",
        input: b"./",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/",
    },
    Example {
        id: "X-19",
        input: b"..",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/",
    },
    Example {
        id: "X-20",
        input: b"../",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/",
    },
    Example {
        id: "X-21",
        input: b"../g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/g",
    },
    Example {
        id: "X-22",
        input: b"../..",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/",
    },
    Example {
        id: "X-23",
        input: b"../../",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/",
    },
    Example {
        id: "X-24",
        input: b"../../g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/g",
    },
    Example {
        id: "X-25",
        input: b"",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/d;p?q#f",
    },
    Example {
        id: "X-26",
        input: b"../../../g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/../g",
    },
    Example {
        id: "X-27",
        input: b"../../../../g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/../../g",
    },
    Example {
        id: "X-28",
        input: b"/./g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/./g",
    },
    Example {
        id: "X-29",
        input: b"/../g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/../g",
    },
    Example {
        id: "X-30",
        input: b"g.",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g.",
    },
    Example {
        id: "X-31",
        input: b".g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/.g",
    },
    Example {
        id: "X-32",
        input: b"g..",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g..",
    },
    Example {
        id: "X-33",
        input: b"..g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/..g",
    },
    Example {
        id: "X-34",
        input: b"./../g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/g",
    },
    Example {
        id: "X-35",
        input: b"./g/.",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g/",
    },
    Example {
        id: "X-36",
        input: b"g/./h",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/g/h",
    },
    Example {
        id: "X-37",
        input: b"g/../h",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http://a/b/c/h",
    },
    Example {
        id: "X-38",
        input: b"http:g",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http:g",
    },
    Example {
        id: "X-39",
        input: b"http:",
        base: b"http://a/b/c/d;p?q#f",
        profile: None,
        note: "RFC 1808 §5 (base http://a/b/c/d;p?q#f): expect http:",
    },
    Example {
        id: "J-01",
        input: b"MtW>> To track Fidonet software development in Russian,\nMtW>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%%\nMtW>> %%Soft+Ru.FIPS/ is often used.",
        base: b"",
        profile: Some(Profile::Fido),
        note: "FidoURL §5.2.2 (2007) %% continuation: joins to area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/",
    },
    Example {
        id: "J-02",
        input: b"MtW>>>>> To track Fidonet software development in Russian,\nMtW>>>>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.W%%\nMtW>>>>> %%inSoft+Ru.FIPS/ is often used.",
        base: b"",
        profile: Some(Profile::Fido),
        note: "FidoURL §5.2.2 (2007) %% continuation: joins to area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/",
    },
    Example {
        id: "J-03",
        input: b"+==========================================================+\n+ +\n+ To track Fidonet software development in Russian, +\n+ a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%% +\n+ %%Soft+Ru.FIPS/ is often used. +\n+ +\n+==========================================================+",
        base: b"",
        profile: Some(Profile::Fido),
        note: "FidoURL §5.2.2 (2007) %% continuation: joins to area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/",
    },
    Example {
        id: "J-04",
        input: b"***********************************************************\n***********************************************************\n** **\n** ATTENTION! Grab the N5019 pointlist at fecho://p%% **\n** %%ntlist/pnt5019.zip **\n** **\n***********************************************************\n***********************************************************",
        base: b"",
        profile: Some(Profile::Fido),
        note: "FidoURL §5.2.2 (2007) %% continuation: joins to fecho://pntlist/pnt5019.zip",
    },
    Example {
        id: "J-05",
        input: b"MtW> ******************************************************\nMtW> *****\nMtW> ******************************************************\nMtW> *****\nMtW> **\nMtW> **\nMtW> ** ATTENTION! Grab the N5019 pointlist at fecho://p%%\nMtW> **\nMtW> ** %%ntlist/pnt5019.zip\nMtW> **\nMtW> **\nMtW> **\nMtW> ******************************************************\nMtW> *****\nMtW> ******************************************************\nMtW> *****",
        base: b"",
        profile: Some(Profile::Fido),
        note: "FidoURL §5.2.2 (2007) %% continuation: joins to fecho://pntlist/pnt5019.zip",
    },
    Example {
        id: "H-01",
        input: b"<URL:http://www.funet.fi/pub/doc/rfc/rfc1738.txt>",
        base: b"",
        profile: Some(Profile::Hyvatti),
        note: "Hyvätti 1996 (robots list): a URL in its <URL:…> frame",
    },
    Example {
        id: "H-02",
        input: b"http://www.iki.fi/%7ehyvatti/",
        base: b"",
        profile: Some(Profile::Hyvatti),
        note: "Hyvätti 1996 (robots list): the author's home page, %7e for ~",
    },
    Example {
        id: "R-01",
        input: b"http://example.com/a b<c>{d}~e",
        base: b"",
        profile: Some(Profile::Rfc1738),
        note: "RFC 1738 §2.2 (constructed): space, '<', '>', '{', '}' and '~' are unsafe and get encoded",
    },
    Example {
        id: "R-02",
        input: b"http://example.com/%41%62c;x=%3B?q=%7e",
        base: b"",
        profile: Some(Profile::Rfc1738),
        note: "RFC 1738 §2.2 (constructed): needless %41 %62 decoded, reserved %3B kept, %7e upper-cased",
    },
    Example {
        id: "P-01",
        input: b"file://localhost/etc/hosts",
        base: b"",
        profile: Some(Profile::Pdf),
        note: "PDF Reference, ch. 10 'URL Strings', step 5: the host localhost is removed (constructed)",
    },
    Example {
        id: "P-02",
        input: b"HTTP://WWW.Example.COM:80/a/./b/../c#frag",
        base: b"",
        profile: Some(Profile::Pdf),
        note: "PDF Reference, ch. 10 'URL Strings', steps 2-7: fragment, case, port 80, dot segments (constructed)",
    },
];

/// The heading of the group an example belongs to (by its id's letter).
pub fn group(id: &str) -> &'static str {
    match id.as_bytes().first() {
        Some(b'R') => "RFC 1738 §2.2",
        Some(b'H') => "Hyvätti 1996 (robots list)",
        Some(b'P') => "PDF Reference, ch. 10 'URL Strings' (PDF Web Capture)",
        Some(b'J') => "FidoURL §5.2.2 (2007): '%%' line continuation",
        Some(b'S') => "resolution: URL编码 (an RFC 2396 tutorial)",
        Some(b'X') => "resolution: RFC 1808 §5 (base http://a/b/c/d;p?q#f)",
        _ => "other",
    }
}

impl App {
    /// Enter on example `sel`: load it into the input (and the base, or clear it).
    pub(in crate::tui::model) fn load_example(&mut self, sel: usize) -> Vec<Effect> {
        let ex = &EXAMPLES[sel.min(EXAMPLES.len() - 1)];
        if let Some(p) = ex.profile {
            self.settings.profile = p;
        }
        self.panes.focus = Focus::Input;
        self.overlay = if ex.base.is_empty() {
            OverlayState::None
        } else {
            OverlayState::Resolve { top: 0 }
        };
        let effects = self.replace_both(ex.input.to_vec(), ex.base.to_vec());
        self.status.say(Status::info(format!(
            "loaded example {} (Ctrl+Z undoes)",
            ex.id
        )));
        effects
    }
}
