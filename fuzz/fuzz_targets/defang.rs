//! Defang and refang on any octets: no panic; the defanged form of a web link (one that holds no
//! defanged link itself), where refang reads it back, is read back as the link, octet for octet; a text refanged once is not refanged again
//! into something else.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlscope_core::modern::{defang, refang};

fuzz_target!(|data: &[u8]| {
    let _ = refang(data);
    // A web link as defanging meets it: a scheme it renames and a plain host.
    let plain =
        data.iter().all(|b| b.is_ascii_graphic()) && !data.iter().any(|b| b"[](){}".contains(b));
    let scheme = [&b"http://"[..], b"https://", b"ftp://"]
        .into_iter()
        .find(|s| data.len() > s.len() && data[..s.len()].eq_ignore_ascii_case(s));
    // A link that itself holds a defanged link (`…/?u=hxxps://…`) is read back with that one
    // refanged too: the round trip holds for links that hold none.
    let lower = data.to_ascii_lowercase();
    let holds_defanged = lower.windows(4).skip(1).any(|w| w == b"hxxp")
        || lower.windows(3).skip(1).any(|w| w == b"fxp");
    if plain && scheme.is_some() && !holds_defanged {
        let d = defang(data);
        // Refang reads a text back only where the reading is a URL (a host it can check); what it
        // reads back is always the link itself.
        let back = refang(&d);
        assert!(
            back.is_none() || back.as_deref() == Some(data),
            "refang(defang(x)) != x for {:?} (defanged {:?})",
            String::from_utf8_lossy(data),
            String::from_utf8_lossy(&d)
        );
    }
    if let Some(r) = refang(data)
        && let Some(again) = refang(&r)
    {
        assert_eq!(again, r, "refanging is not idempotent");
    }
});
