//! Themes for everyone, computed from the theme files themselves.
//!
//! - Contrast: every style a theme defines, and the combinations the view draws (a class with
//!   the triplet underline or the strip cursor, a component on the selected row), reaches the
//!   WCAG 2.x contrast ratio 4.5:1 (WCAG 2.2 SC 1.4.3, "relative luminance" and "contrast ratio"
//!   definitions). Colours are the RGB values a theme names, or for ANSI names and palette indices
//!   xterm's default palette; the terminal's own colours are taken from the theme's `background`
//!   (dark: #e5e5e5 on #000000, light: #000000 on #ffffff). Reverse swaps the two; dim draws the
//!   text halfway to the background.
//! - Colour vision: the default theme's nine character-class styles stay apart under simulated
//!   protanopia and deuteranopia: CIE76 ΔE ≥ 12 between every two classes, in text or background
//!   colour.

use ratatui::style::{Color, Modifier, Style};
use urlscope::theme::{BUILT_IN, Background, Slot, Theme};

type Rgb = [f64; 3];

/// xterm's default palette (its `charproc.c` / XTerm-col.ad defaults), for colours 0–15.
const XTERM16: [u32; 16] = [
    0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5, 0x7f7f7f,
    0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
];

fn hex(v: u32) -> Rgb {
    [
        ((v >> 16) & 0xff) as f64,
        ((v >> 8) & 0xff) as f64,
        (v & 0xff) as f64,
    ]
}

/// The RGB an xterm with its default palette shows for `c` (`None`: the terminal default).
fn rgb(c: Color) -> Option<Rgb> {
    let index = match c {
        Color::Reset => return None,
        Color::Rgb(r, g, b) => return Some([r as f64, g as f64, b as f64]),
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        Color::White => 15,
        Color::Indexed(i) => i,
    };
    Some(match index {
        0..=15 => hex(XTERM16[index as usize]),
        16..=231 => {
            let level = |v: u8| if v == 0 { 0.0 } else { 55.0 + 40.0 * v as f64 };
            let i = index - 16;
            [level(i / 36), level(i / 6 % 6), level(i % 6)]
        }
        _ => {
            let g = 8.0 + 10.0 * (index - 232) as f64;
            [g, g, g]
        }
    })
}

/// The text and background colour of a cell drawn with `style`.
fn cell(style: Style, bg: Background) -> (Rgb, Rgb) {
    let (dfg, dbg) = match bg {
        Background::Dark => (hex(0xe5e5e5), hex(0x000000)),
        Background::Light => (hex(0x000000), hex(0xffffff)),
    };
    let mut text = style.fg.and_then(rgb).unwrap_or(dfg);
    let mut back = style.bg.and_then(rgb).unwrap_or(dbg);
    if style.add_modifier.contains(Modifier::REVERSED) {
        std::mem::swap(&mut text, &mut back);
    }
    if style.add_modifier.contains(Modifier::DIM) {
        text = [0, 1, 2].map(|i| (text[i] + back[i]) / 2.0);
    }
    (text, back)
}

fn linear(c: f64) -> f64 {
    let c = c / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// WCAG relative luminance.
fn luminance(c: Rgb) -> f64 {
    0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2])
}

fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

fn themes() -> Vec<Theme> {
    BUILT_IN
        .iter()
        .map(|(name, _)| Theme::load(name).unwrap())
        .collect()
}

const CLASSES: &[Slot] = &[
    Slot::ClassAlnum,
    Slot::ClassSafe,
    Slot::ClassReserved,
    Slot::ClassUnsafe,
    Slot::ClassUnwise,
    Slot::ClassControl,
    Slot::ClassNonAscii,
    Slot::ClassInvalidPercent,
    Slot::ClassOther,
];

const COMPONENTS: &[Slot] = &[
    Slot::Scheme,
    Slot::User,
    Slot::Password,
    Slot::Host,
    Slot::Port,
    Slot::Path,
    Slot::Param,
    Slot::QueryKey,
    Slot::QueryValue,
    Slot::Fragment,
    Slot::Areatag,
    Slot::FtnDomain,
    Slot::Delimiter,
    Slot::Frame,
];

/// Every style the view draws text with: each slot, and the patched combinations.
fn drawn(t: &Theme) -> Vec<(String, Style)> {
    let mut out: Vec<(String, Style)> = Slot::ALL
        .iter()
        .map(|&s| (format!("{s:?}"), t.style(s)))
        .collect();
    for &c in CLASSES {
        for over in [Slot::Triplet, Slot::Cursor, Slot::Selected] {
            out.push((format!("{c:?}+{over:?}"), t.style(c).patch(t.style(over))));
        }
    }
    for &c in COMPONENTS {
        out.push((
            format!("{c:?}+Selected"),
            t.style(c).patch(t.style(Slot::Selected)),
        ));
    }
    out
}

#[test]
fn every_theme_reaches_wcag_contrast_4_5_to_1() {
    let mut failures = Vec::new();
    for t in themes() {
        for (what, style) in drawn(&t) {
            let (text, back) = cell(style, t.background);
            let ratio = contrast(text, back);
            if ratio < 4.5 {
                failures.push(format!("{} {what}: {ratio:.2}:1", t.name));
            }
        }
    }
    assert!(failures.is_empty(), "below 4.5:1:\n{}", failures.join("\n"));
}

#[test]
fn contrast_arithmetic_matches_known_values() {
    // WCAG's own extremes, and xterm's blue on black (a known failure).
    assert!((contrast(hex(0xffffff), hex(0x000000)) - 21.0).abs() < 1e-9);
    assert!((contrast(hex(0x777777), hex(0xffffff)) - 4.48).abs() < 0.01);
    assert!(contrast(hex(0x0000ee), hex(0x000000)) < 3.0);
    assert_eq!(rgb(Color::Indexed(16)), Some([0.0, 0.0, 0.0]));
    assert_eq!(rgb(Color::Indexed(28)), Some([0.0, 135.0, 0.0]));
    assert_eq!(rgb(Color::Indexed(244)), Some([128.0, 128.0, 128.0]));
}

/// Colour-vision-deficiency simulation matrices for severity 1.0, applied to linear RGB, from
/// G. M. Machado, M. M. Oliveira and L. A. F. Fernandes, "A Physiologically-based Model for
/// Simulation of Color Vision Deficiency", IEEE Transactions on Visualization and Computer
/// Graphics 15(6), 2009, pp. 1291–1298 (Table 1, as published on the authors' page
/// www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html).
const PROTANOPIA: [[f64; 3]; 3] = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
];
const DEUTERANOPIA: [[f64; 3]; 3] = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
];

/// CIELAB (D65) of an sRGB colour seen through `m`.
fn lab(c: Rgb, m: &[[f64; 3]; 3]) -> Rgb {
    let l = c.map(linear);
    let s = [0, 1, 2].map(|i| (m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]).clamp(0.0, 1.0));
    let x = 0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2];
    let y = 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
    let z = 0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2];
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

fn delta_e(a: Rgb, b: Rgb) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

const IDENTITY: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
const MIN_DELTA_E: f64 = 12.0;

#[test]
fn default_class_colours_stay_apart_under_protanopia_and_deuteranopia() {
    let t = Theme::default_theme();
    let mut failures = Vec::new();
    for (vision, m) in [
        ("normal", &IDENTITY),
        ("protanopia", &PROTANOPIA),
        ("deuteranopia", &DEUTERANOPIA),
    ] {
        for (i, &a) in CLASSES.iter().enumerate() {
            for &b in &CLASSES[i + 1..] {
                let (ta, ba) = cell(t.style(a), t.background);
                let (tb, bb) = cell(t.style(b), t.background);
                let d = delta_e(lab(ta, m), lab(tb, m)).max(delta_e(lab(ba, m), lab(bb, m)));
                if d < MIN_DELTA_E {
                    failures.push(format!("{vision}: {a:?} vs {b:?}: ΔE {d:.1}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_simulation_collapses_red_and_green_as_published() {
    // Sanity: under deuteranopia pure red and green come close; blue and yellow stay apart.
    let (r, g) = (hex(0xff0000), hex(0x00ff00));
    assert!(delta_e(lab(r, &IDENTITY), lab(g, &IDENTITY)) > 100.0);
    let d = delta_e(lab(r, &DEUTERANOPIA), lab(g, &DEUTERANOPIA));
    assert!(d < 40.0, "{d}");
    let (b, y) = (hex(0x0000ff), hex(0xffff00));
    assert!(delta_e(lab(b, &PROTANOPIA), lab(y, &PROTANOPIA)) > 80.0);
}

#[test]
fn a_theme_names_its_background_or_gets_dark() {
    let t = Theme::parse("t", "t.toml", "background = \"light\"\n").unwrap();
    assert_eq!(t.background, Background::Light);
    assert_eq!(
        Theme::parse("t", "t", "").unwrap().background,
        Background::Dark
    );
    let e = Theme::parse("t", "t.toml", "name = \"x\"\nbackground = \"grey\"\n").unwrap_err();
    assert_eq!((e.line, e.key.as_deref()), (Some(2), Some("background")));
}
