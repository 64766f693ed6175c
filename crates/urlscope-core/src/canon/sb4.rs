//! Google Safe Browsing v4's canonicalization ("URLs and Hashing" of the v4 API documentation): no reference package exists,
//! so the recipe is a project decision, stated as urlcanon's `google` steps 1–19 plus the v4
//! rules urlcanon leaves out (lowercase host, no port, no userinfo, a host required).

use super::CanonStep::*;
use super::table::{Failure, Row, Table};
use super::urlcanon::{self, UcUrl, steps};

type R = Row<UcUrl>;

fn lower_host(u: &mut UcUrl) -> steps::StepResult {
    u.host.make_ascii_lowercase();
    Ok(())
}

fn drop_port(u: &mut UcUrl) -> steps::StepResult {
    u.colon_before_port.clear();
    u.port.clear();
    Ok(())
}

fn require_host(u: &mut UcUrl) -> steps::StepResult {
    if u.host.is_empty() {
        return Err(Failure::SbNoHost);
    }
    Ok(())
}

/// `sb4`.
pub(crate) static SB4: Table<UcUrl> = Table {
    base: Some(&urlcanon::GOOGLE_DECODED),
    own: &[
        R::new(SbLowerHost, lower_host),
        R::new(UcGoogleEnc, steps::google_enc),
        R::new(SbDropPort, drop_port),
        R::new(SbDropUserinfo, steps::drop_userinfo),
        R::new(SbRequireHost, require_host),
    ],
};
