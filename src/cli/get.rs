//! `urlscope get FORMAT [URL…]`: trurl's `--get` format strings over urlscope's own readings.
//! The template language and each placeholder's value are the core's
//! ([`urlscope_core::modern`]); here the records are read, each value made a terminal
//! hyperlink where asked, and `--json` written.

use serde::Serialize;

use super::args::GetArgs;
use super::batch::{self, Answer};
use super::json::Octets;
use super::out::Out;
use super::records::Framing;
use super::{Fail, Result};
use urlscope_core::Parsed;
use urlscope_core::modern::Template;

/// One `--json` record.
#[derive(Serialize)]
struct JsonRecord<'a> {
    record: u64,
    input: Octets<'a>,
    output: Octets<'a>,
    /// Each placeholder (its text) and its value; absent ones are `null`.
    values: Vec<(String, Option<Octets<'a>>)>,
}

pub fn run(a: GetArgs) -> Result<i32> {
    let format = Template::parse(&a.format).map_err(Fail::Usage)?;
    let framing = if a.null { Framing::Nul } else { Framing::Lines };
    let mut parsed = Parsed::default();
    let show = Out::stdout(a.hyperlink);
    let failed = batch::run(&a.urls, framing, |n, x, out| {
        urlscope_core::url::tokenize_into(
            &mut parsed,
            x,
            true,
            urlscope_core::url::Detail::Structure,
        );
        let start = out.len();
        let mut values: Vec<(String, Option<Vec<u8>>)> = Vec::new();
        let rendered = format.render(x, &parsed, a.profile, out, &mut |v, at, present, out| {
            if a.json {
                values.push((v.text().to_string(), present.then(|| out[at..].to_vec())));
            } else {
                // Each value is data (the format's own text is the user's).
                show.link_in_place(out, at);
            }
        });
        if let Err(miss) = rendered {
            batch::say_record(n, &miss.to_string());
            return Answer::Dropped;
        }
        if a.json {
            let line = out.split_off(start);
            let j = JsonRecord {
                record: n,
                input: Octets(x),
                output: Octets(&line),
                values: values
                    .iter()
                    .map(|(k, v)| (k.clone(), v.as_deref().map(Octets)))
                    .collect(),
            };
            let line = serde_json::to_string(&j).expect("a record serializes");
            show.json(&line, out);
        }
        Answer::Done
    })?;
    Ok(if failed { 1 } else { 0 })
}
