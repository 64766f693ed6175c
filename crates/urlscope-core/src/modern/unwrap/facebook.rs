//! Facebook's link shim (`https://l.facebook.com/l.php?u=<link>&h=…`): every outgoing link of
//! Facebook passes through it; `h` is the shim's check hash.

use super::{Kind, Step, param_step, parse};

pub(crate) fn step(text: &str) -> Option<Step> {
    let u = parse(text)?;
    let host = u.host_str()?;
    if psl::domain_str(host)? != "facebook.com" || u.path() != "/l.php" {
        return None;
    }
    param_step(
        text,
        "u",
        Kind::Facebook,
        format!(
            "Facebook link shim ({host}/l.php): the real link is the `u` parameter, form-decoded \
             once; `h` is the shim's check hash"
        ),
    )
}
