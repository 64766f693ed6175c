//! iipc/urlcanon (`python/urlcanon/`, docs/canon.md): the parser, the steps, and the five canonicalizers as
//! `canon.py` composes them, plus SSURT.

pub(crate) mod forms;
pub(crate) mod parse;
pub(crate) mod steps;

use super::CanonStep::*;
use super::table::{Model, Row, Table};
pub(crate) use parse::UcUrl;
use steps::*;

impl Model for UcUrl {
    fn load(&mut self, x: &[u8], _: &crate::canon::W3libOptions) {
        self.parse_into(x);
    }
    fn write(&self, out: &mut Vec<u8>) {
        match &self.key {
            Some(k) => out.extend_from_slice(k),
            None => UcUrl::write(self, out),
        }
    }
}

type R = Row<UcUrl>;

/// `canon.whatwg`.
pub(crate) static WHATWG: Table<UcUrl> = Table {
    base: None,
    own: &[
        R::new(UcStripJunk, strip_junk),
        R::new(UcStripTabnl, strip_tabs_newlines),
        R::new(UcLowerScheme, lower_scheme),
        R::new(UcElidePort, elide_port),
        R::new(UcUserinfoTidy, userinfo_tidy),
        R::new(UcTwoSlashes, two_slashes),
        R::new(UcHostDec1, host_dec1),
        R::new(UcReparseIp, reparse_ip),
        R::new(UcIpNormalize, ip_normalize),
        R::new(UcIdna, idna),
        R::new(UcHostEnc, host_enc),
        R::new(UcBackslash, backslash),
        R::new(UcPathEnc, path_enc),
        R::new(UcLeadingSlash, leading_slash),
        R::new(UcPathDots, path_dots),
        R::new(UcEmptyPath, empty_path),
        R::new(UcUserinfoEnc, userinfo_enc),
        R::new(UcQueryEnc, query_enc),
        R::new(UcFragEnc, frag_enc),
    ],
};

/// `canon.google` without its last step: what Safe Browsing's recipe shares with it.
pub(crate) static GOOGLE_DECODED: Table<UcUrl> = Table {
    base: None,
    own: &[
        R::new(UcStripJunk, strip_junk),
        R::new(UcDefaultHttp, default_http),
        R::new(UcStripTabnl, strip_tabs_newlines),
        R::new(UcLowerScheme, lower_scheme),
        R::new(UcBackslash, backslash),
        R::new(UcPathEnc, path_enc),
        R::new(UcEmptyPath, empty_path),
        R::new(UcElidePort, elide_port),
        R::new(UcUserinfoTidy, userinfo_tidy),
        R::new(UcLeadingSlash, leading_slash),
        R::new(UcTwoSlashes, two_slashes),
        R::new(UcDropFragment, drop_fragment),
        R::new(UcDecrAll, decr_all),
        R::new(UcPathDots, path_dots),
        R::new(UcHostDots, host_dots),
        R::new(UcCollapseSlashes, collapse_slashes),
        R::new(UcIdna, idna),
        R::new(UcReparseIp, reparse_ip),
        R::new(UcIpNormalize, ip_normalize),
    ],
};

/// `canon.google` (Safe Browsing v2, keeping the port).
pub(crate) static GOOGLE: Table<UcUrl> = Table {
    base: Some(&GOOGLE_DECODED),
    own: &[R::new(UcGoogleEnc, google_enc)],
};

/// `canon.semantic_precise`.
pub(crate) static SEMANTIC_PRECISE: Table<UcUrl> = Table {
    base: None,
    own: &[
        R::new(UcStripJunk, strip_junk),
        R::new(UcDefaultHttp, default_http),
        R::new(UcStripTabnl, strip_tabs_newlines),
        R::new(UcLowerScheme, lower_scheme),
        R::new(UcElidePort, elide_port),
        R::new(UcUserinfoTidy, userinfo_tidy),
        R::new(UcTwoSlashes, two_slashes),
        R::new(UcDecrNonquery, decr_nonquery),
        R::new(UcReparseIp, reparse_ip),
        R::new(UcIpNormalize, ip_normalize),
        R::new(UcHostDots, host_dots),
        R::new(UcIdna, idna),
        R::new(UcDropUserinfo, drop_userinfo),
        R::new(UcLdEnc, ld_enc),
        R::new(UcLdQuery, ld_query),
        R::new(UcBackslash, backslash),
        R::new(UcLeadingSlash, leading_slash),
        R::new(UcPathDots, path_dots),
        R::new(UcCollapseSlashes, collapse_slashes),
        R::new(UcEmptyPath, empty_path),
        R::new(UcSortQuery, sort_query),
    ],
};

/// `canon.semantic` = `semantic_precise.steps + [remove_fragment]`.
pub(crate) static SEMANTIC: Table<UcUrl> = Table {
    base: Some(&SEMANTIC_PRECISE),
    own: &[R::new(UcDropFragment, drop_fragment)],
};

/// `canon.aggressive` = `semantic.steps + […]`, sorting the query again after lowercasing.
/// (A step id names one row per table, so the second sort is its own id.)
pub(crate) static AGGRESSIVE: Table<UcUrl> = Table {
    base: Some(&SEMANTIC),
    own: &[
        R::new(UcHttpsToHttp, https_to_http),
        R::new(UcStripWww, strip_www),
        R::new(UcLowerPath, lower_path),
        R::new(UcLowerQuery, lower_query),
        R::new(UcStripSidQuery, strip_sid_query),
        R::new(UcStripSidPath, strip_sid_path),
        R::new(UcStripTrailingSlash, strip_trailing_slash),
        R::new(UcDedupeAmp, dedupe_amp),
        R::new(UcDropEmptyQmark, drop_empty_qmark),
        R::new(UcResortQuery, sort_query),
    ],
};

fn ssurt_form(u: &mut UcUrl) -> steps::StepResult {
    u.key = Some(forms::ssurt(u));
    Ok(())
}

/// SSURT as urlcanon's README uses it: `whatwg`, then `ParsedUrl.ssurt()`.
pub(crate) static SSURT: Table<UcUrl> = Table {
    base: Some(&WHATWG),
    own: &[R::new(SsurtForm, ssurt_form)],
};
