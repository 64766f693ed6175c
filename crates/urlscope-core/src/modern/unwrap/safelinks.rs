//! Outlook SafeLinks (Microsoft Defender for Office 365 Safe Links): every link of a mail becomes
//! `https://<region>.safelinks.protection.outlook.com/?url=<link>&data=…&sdata=…&reserved=0`
//! (newer mails: the path `/ap/<id>/`; the US government cloud: `safelinks.protection.office365.us`).

use super::{Kind, Step, host_is, param_step, parse};

/// The SafeLinks hosts (a region label such as `nam12.` comes before them).
pub(crate) const HOSTS: &[&str] = &[
    "safelinks.protection.outlook.com",
    "safelinks.protection.office365.us",
];

pub(crate) fn step(text: &str) -> Option<Step> {
    let u = parse(text)?;
    let host = u.host_str()?;
    let matched = HOSTS.iter().find(|h| host_is(host, h))?;
    param_step(
        text,
        "url",
        Kind::SafeLinks,
        format!(
            "Outlook SafeLinks ({matched}): the real link is the `url` parameter, form-decoded \
             once; `data` and `sdata` name the recipient and sign the click"
        ),
    )
}
