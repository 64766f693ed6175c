//! `urlscope extract [FILE]...`: every link in e-mail messages (or mboxes), HTML pages or free
//! text, one a line, or one JSON object a line with `--json`. No FILE, or `-`, is standard input.
//!
//! The core (`urlscope_core::input`) decodes the input and finds the links: see its docs for MIME, HTML,
//! the repairs and the text scanner's rules (`<URL:…>`, FidoURL `%%` joins, `<…>` wrapped over
//! lines, bare URLs ending at markup, schemeless `www.`). Here each link is normalized by the
//! profile (default `none`) and printed with an LF (`--defang`: in its defanged form), or written
//! as JSON Lines with the lenses' answers. An mbox is read message by message (`input::mbox`), so one
//! of any size is listed in bounded memory; its records name each link's message. What was
//! skipped or repaired is one stderr line each, and the repairs are counted at the end; a
//! FidoURL joining error is `line N: E-…: text` and makes the status 1.
//!
//! Exit status: 0 links listed, 1 no link found or a link had an `E-…` error, 2 a FILE that
//! cannot be read.

use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::args::{HyperlinkChoice, InputKind};
use super::out::Out;
use super::{Fail, Result, json as cli_json, say, texts, write_stdout};
use urlscope_core::input::{MAX_MESSAGE, Mbox};
use urlscope_core::input::{Repair, Report};
use urlscope_core::modern::defang;
use urlscope_core::url::Normalizer;
use urlscope_core::{Kind, Limits, Link, input};
use urlscope_core::{Options, Profile};

/// Output is written whenever this much has gathered.
const OUT_CHUNK: usize = 1 << 16;

pub fn kind(k: InputKind) -> Kind {
    match k {
        InputKind::Mail => Kind::Mail,
        InputKind::Html => Kind::Html,
        InputKind::Text => Kind::Text,
    }
}

/// One link as a JSON object (the `--json` record).
pub fn record(link: &Link) -> Value {
    input::record(link)
}

/// What `extract` was asked for.
pub struct ExtractOptions {
    pub profile: Profile,
    pub kind: Option<InputKind>,
    pub json: bool,
    pub defang: bool,
    /// Plain output: each link after its message's index and Message-ID, tab-separated.
    pub with_message: bool,
    pub hyperlink: HyperlinkChoice,
    pub files: Vec<PathBuf>,
}

/// Where a link was found, beyond its line: the input (when there are several) and the message
/// of an mbox.
struct Place<'a> {
    file: Option<&'a Path>,
    message: Option<(usize, Option<&'a str>)>,
    /// Read from an mbox: `--json` names the message (a lone message keeps its records as
    /// they were).
    in_mbox: bool,
}

/// `FILE: ` before a stderr line when several inputs are read.
fn whose(file: Option<&Path>) -> String {
    file.map_or(String::new(), |f| format!("{}: ", f.display()))
}

/// The output, the counts and the status, across all inputs.
struct Lister {
    opts: ExtractOptions,
    norm: Normalizer,
    out: Vec<u8>,
    links: usize,
    failed: bool,
    repairs: BTreeMap<Repair, usize>,
    show: Out,
}

pub fn run(opts: ExtractOptions) -> Result<i32> {
    // A message is held whole: no transparent huge pages from here on. The allocator asks for
    // them, and each 2 MiB page a few small allocations touch counts whole against the memory
    // bound (docs/links.md); the batch keeps them.
    #[cfg(target_os = "linux")]
    let _ = rustix::thread::disable_transparent_huge_pages(true);
    let limits = Limits::default();
    let files = if opts.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        opts.files.clone()
    };
    let several = files.len() > 1;
    let mut l = Lister {
        show: Out::stdout(opts.hyperlink),
        norm: Normalizer::new(opts.profile, Options::default()),
        opts,
        out: Vec::new(),
        links: 0,
        failed: false,
        repairs: BTreeMap::new(),
    };
    for path in &files {
        let file = several.then_some(path.as_path());
        if path.as_os_str() == "-" {
            l.input(
                BufReader::with_capacity(1 << 18, io::stdin().lock()),
                file,
                &limits,
            )?;
        } else {
            let f = std::fs::File::open(path)
                .map_err(|e| Fail::Usage(format!("{}: {e}", path.display())))?;
            l.input(BufReader::with_capacity(1 << 18, f), file, &limits)?;
        }
    }
    write_stdout(&l.out)?;
    if !l.repairs.is_empty() {
        let counts: Vec<String> = l
            .repairs
            .iter()
            .map(|(r, n)| format!("{} {n}", r.name()))
            .collect();
        say(&format!("links from repaired text: {}", counts.join(", ")));
    }
    Ok(if l.links == 0 || l.failed { 1 } else { 0 })
}

impl Lister {
    /// Read one input: an mbox message by message, anything else whole (up to the limit).
    fn input<R: Read>(
        &mut self,
        mut r: BufReader<R>,
        file: Option<&Path>,
        limits: &Limits,
    ) -> Result<()> {
        let kind = self.opts.kind.map(kind);
        let mbox = matches!(kind, None | Some(Kind::Mail)) && r.fill_buf()?.starts_with(b"From ");
        if mbox {
            let mut messages = Mbox::new(r, MAX_MESSAGE);
            while let Some(m) = messages.next_message()? {
                let n = m.index;
                if m.dropped > 0 {
                    say(&format!(
                        "skipped: message {n}: {} octets long, over the cap of {MAX_MESSAGE}: only the first {MAX_MESSAGE} were read",
                        m.octets.len() as u64 + m.dropped
                    ));
                }
                let mut failed = Ok(());
                let report = input::message_links_each(
                    &m.octets,
                    n,
                    limits,
                    self.opts.json,
                    &mut |link, context| {
                        let place = Place {
                            file,
                            message: Some((n, context.message_id)),
                            in_mbox: true,
                        };
                        if failed.is_ok() {
                            failed = self.link(&link, &place);
                        }
                    },
                );
                failed?;
                drop(m);
                self.said(&report, file);
                // The links so far go out before a read that may wait (a slow writer).
                if messages.get_ref().buffer().is_empty() {
                    self.flush()?;
                }
            }
            return Ok(());
        }
        // Room for the most that is read, taken at once: a buffer grown by doubling would be
        // copied at each step, and the old copies' pages stay counted (about 1.5 times the input
        // at the peak). Pages never written are not memory the process holds.
        let mut text = Vec::with_capacity(limits.max_input + 1);
        r.take(limits.max_input as u64 + 1).read_to_end(&mut text)?;
        let mut failed = Ok(());
        let report =
            input::links_each(&text, kind, limits, self.opts.json, &mut |link, context| {
                let place = Place {
                    file,
                    message: (context.kind == Kind::Mail).then_some((1, context.message_id)),
                    in_mbox: false,
                };
                if failed.is_ok() {
                    failed = self.link(&link, &place);
                }
            });
        failed?;
        self.said(&report, file);
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        write_stdout(&self.out)?;
        self.out.clear();
        Ok(())
    }

    /// What was skipped and what was repaired in one input (or message), one stderr line each,
    /// after its links.
    fn said(&mut self, report: &Report, file: Option<&Path>) {
        let whose = whose(file);
        for s in &report.skipped {
            say(&format!("skipped: {whose}{s}"));
        }
        for s in &report.repaired {
            say(&format!("repaired: {whose}{s}"));
        }
    }

    /// Write one link (and count it) as it is found.
    fn link(&mut self, link: &Link, place: &Place) -> Result<()> {
        let whose = whose(place.file);
        self.links += 1;
        for &r in &link.repairs {
            *self.repairs.entry(r).or_default() += 1;
        }
        if let Some(e) = link.error {
            say(&format!(
                "{whose}line {}: {e}: {}",
                link.line,
                texts::diagnostic_text(e)
            ));
            self.failed = true;
        }
        if self.opts.json {
            let mut rec = record(link);
            if let Value::Object(m) = &mut rec {
                if self.opts.defang {
                    m.insert("defanged".into(), cli_json::octets(&defang(&link.url)));
                }
                if let Some(f) = place.file {
                    m.insert("file".into(), json!(f.display().to_string()));
                }
                if let Some((n, id)) = place.message.as_ref().filter(|_| place.in_mbox) {
                    m.insert("message".into(), json!(n));
                    m.insert("message_id".into(), json!(id));
                }
            }
            let line = serde_json::to_string(&rec).map_err(io::Error::other)?;
            self.show.json(&line, &mut self.out);
        } else {
            let mut one = Vec::new();
            let flags = self.norm.normalize_into(&link.url, &mut one);
            for &e in flags.iter().filter(|f| f.is_error()) {
                say(&format!(
                    "{whose}line {}: {e}: {}",
                    link.line,
                    texts::diagnostic_text(e)
                ));
                self.failed = true;
            }
            if self.opts.defang {
                one = defang(&one);
            }
            if self.opts.with_message {
                self.message_columns(place);
            }
            self.show.link(&one, &mut self.out);
        }
        self.out.push(b'\n');
        // Written in pieces: a million records are never held at once.
        if self.out.len() >= OUT_CHUNK {
            self.flush()?;
        }
        Ok(())
    }

    /// `--with-message`: the message's index and Message-ID, each followed by a tab (`-` when
    /// the input is not mail, or the message has no Message-ID). Whitespace and control
    /// characters in the ID are written `%XX`, so the columns stay three.
    fn message_columns(&mut self, place: &Place) {
        match &place.message {
            Some((n, id)) => {
                self.out.extend_from_slice(format!("{n}\t").as_bytes());
                match id {
                    Some(id) => {
                        let mut safe = Vec::with_capacity(id.len());
                        for &b in id.as_bytes() {
                            if b <= b' ' || b == 0x7f {
                                safe.extend_from_slice(format!("%{b:02X}").as_bytes());
                            } else {
                                safe.push(b);
                            }
                        }
                        self.show.data(&safe, &mut self.out);
                    }
                    None => self.out.push(b'-'),
                }
            }
            None => self.out.extend_from_slice(b"-\t-"),
        }
        self.out.push(b'\t');
    }
}
