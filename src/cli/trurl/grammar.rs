//! trurl's command line, read as trurl 0.16 reads it: options and URLs in any order, an option's
//! argument as the next word, glued to a short option (`-shost=x`) or after `=` of a long one
//! (`--set=host=x`); `--` ends the options. A mistake is a [`Refusal`] with trurl's exit code.

use std::ffi::OsString;

use crate::cli::bytes;

/// trurl's exit codes, so that a script checking them keeps working.
pub mod code {
    pub const FILE: i32 = 1;
    pub const APPEND: i32 = 2;
    pub const ARG: i32 = 3;
    pub const FLAG: i32 = 4;
    pub const SET: i32 = 5;
    pub const URL: i32 = 7;
    pub const TRIM: i32 = 8;
    pub const BADURL: i32 = 9;
    pub const GET: i32 = 10;
    pub const ITER: i32 = 11;
    pub const REPLACE: i32 = 12;
}

/// A command line trurl would refuse, or an option urlscope does not take: the exit code and
/// one line.
#[derive(Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: i32,
    pub message: String,
}

fn refuse<T>(code: i32, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        code,
        message: message.into(),
    })
}

/// Everything a trurl command line asks for.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// `--url` and bare arguments, in order.
    pub urls: Vec<Vec<u8>>,
    /// `--url-file FILE` (`-` is standard input).
    pub url_file: Option<OsString>,
    pub sets: Vec<Vec<u8>>,
    pub get: Option<String>,
    pub appends: Vec<Vec<u8>>,
    /// `--trim query=PATTERN` and `--qtrim PATTERN`: the patterns.
    pub trims: Vec<Vec<u8>>,
    pub replaces: Vec<Vec<u8>>,
    /// `--replace-append` (or its old name `--force-replace`) was given.
    pub replace_append: bool,
    pub redirect: Option<Vec<u8>>,
    pub iterate: Vec<Vec<u8>>,
    pub sort_query: bool,
    pub json: bool,
    pub verify: bool,
    pub accept_space: bool,
    pub no_guess_scheme: bool,
    pub quiet: bool,
    /// `--keep-port`: a port written in the URL stays, even the scheme's default.
    pub keep_port: bool,
    /// `--urlencode`: parts as written (percent-encoded), not decoded.
    pub urlencode: bool,
    /// `--punycode` / `--as-idn`: the host as A-labels / as Unicode.
    pub punycode: bool,
    pub as_idn: bool,
    pub help: bool,
    pub version: bool,
    /// `--curl`: only the schemes libcurl speaks are URLs.
    pub curl: bool,
    /// `--default-port`: a URL without a port gets its scheme's.
    pub default_port: bool,
    /// `--query-separator C`: the octet that separates query pairs instead of `&`.
    pub query_separator: Option<u8>,
}

/// Options that take an argument, by every name trurl knows them.
const WITH_ARGUMENT: &[&str] = &[
    "--url",
    "-f",
    "--url-file",
    "-a",
    "--append",
    "-s",
    "--set",
    "--iterate",
    "--redirect",
    "--trim",
    "--qtrim",
    "-g",
    "--get",
    "--replace",
    "--replace-append",
    "--force-replace",
    "--query-separator",
];

/// Read trurl's arguments (without the program name).
pub fn parse(args: &[OsString]) -> Result<Request, Refusal> {
    let mut r = Request::default();
    let mut end_of_options = false;
    let mut i = 0;
    while i < args.len() {
        let word = bytes(&args[i]);
        i += 1;
        if end_of_options || word.first() != Some(&b'-') || word == b"-" {
            r.urls.push(word.to_vec());
            continue;
        }
        let text = String::from_utf8_lossy(word).into_owned();
        // The option's name, and its argument when glued to it.
        let (name, glued): (String, Option<Vec<u8>>) = if text.starts_with("--") {
            match text.split_once('=') {
                Some((n, _)) => (n.to_string(), Some(word[n.len() + 1..].to_vec())),
                None => (text.clone(), None),
            }
        } else if word.len() > 2 {
            (text[..2].to_string(), Some(word[2..].to_vec()))
        } else {
            (text.clone(), None)
        };
        let takes = WITH_ARGUMENT.contains(&name.as_str());
        let arg = if !takes {
            if glued.is_some() {
                return refuse(code::FLAG, format!("unknown option: {text}"));
            }
            None
        } else if let Some(g) = glued {
            Some(g)
        } else if i < args.len() {
            i += 1;
            Some(bytes(&args[i - 1]).to_vec())
        } else if name.starts_with("--replace") || name == "--force-replace" {
            return refuse(code::REPLACE, "no data passed to --replace");
        } else {
            return refuse(code::ARG, format!("missing argument for {name}"));
        };
        let arg_text = || String::from_utf8_lossy(arg.as_deref().unwrap_or_default()).into_owned();
        match name.as_str() {
            "--" => end_of_options = true,
            "-h" | "--help" => r.help = true,
            "-v" | "--version" => r.version = true,
            "--url" => r.urls.extend(arg),
            "-f" | "--url-file" => {
                if r.url_file.is_some() {
                    return refuse(code::FLAG, "only one --url-file is supported");
                }
                r.url_file = Some(args_os(arg));
            }
            "-a" | "--append" => r.appends.extend(arg),
            "-s" | "--set" => r.sets.extend(arg),
            "--iterate" => r.iterate.extend(arg),
            "--redirect" => {
                if r.redirect.is_some() {
                    return refuse(code::FLAG, "only one --redirect is supported");
                }
                r.redirect = arg;
            }
            "--trim" => match arg.as_deref().and_then(|a| a.strip_prefix(b"query=")) {
                Some(p) => r.trims.push(p.to_vec()),
                None => {
                    return refuse(
                        code::TRIM,
                        format!(
                            "--trim: only query=PATTERN is supported, not '{}'",
                            arg_text()
                        ),
                    );
                }
            },
            "--qtrim" => r.trims.extend(arg),
            "-g" | "--get" => {
                if r.get.is_some() {
                    return refuse(code::FLAG, "only one --get is supported");
                }
                if r.json {
                    return refuse(code::FLAG, "--get is mutually exclusive with --json");
                }
                r.get = Some(arg_text());
            }
            "--json" => {
                if r.get.is_some() {
                    return refuse(code::FLAG, "--json is mutually exclusive with --get");
                }
                r.json = true;
            }
            "--replace" => r.replaces.extend(arg),
            "--replace-append" | "--force-replace" => {
                r.replaces.extend(arg);
                r.replace_append = true;
            }
            "--sort-query" => r.sort_query = true,
            "--curl" => r.curl = true,
            "--default-port" => r.default_port = true,
            "--query-separator" => match arg.as_deref() {
                Some([c]) => r.query_separator = Some(*c),
                _ => {
                    return refuse(
                        code::FLAG,
                        "only single-letter query separators are supported",
                    );
                }
            },
            "--verify" => r.verify = true,
            "--accept-space" => r.accept_space = true,
            "--no-guess-scheme" => r.no_guess_scheme = true,
            "--quiet" => r.quiet = true,
            "--keep-port" => r.keep_port = true,
            "--urlencode" => r.urlencode = true,
            "--punycode" | "--as-idn" => {
                if r.punycode || r.as_idn {
                    return refuse(code::FLAG, "--punycode and --as-idn exclude each other");
                }
                r.punycode = name == "--punycode";
                r.as_idn = name == "--as-idn";
            }
            other => return refuse(code::FLAG, format!("unknown option: {other}")),
        }
    }
    Ok(r)
}

/// A file name given as octets, back as an OS string.
fn args_os(arg: Option<Vec<u8>>) -> OsString {
    let b = arg.unwrap_or_default();
    // Arguments came from OS strings: on Unix any octets, on Windows their WTF-8.
    String::from_utf8(b)
        .map(OsString::from)
        .unwrap_or_else(|e| {
            #[cfg(unix)]
            {
                use std::os::unix::ffi::OsStringExt;
                OsString::from_vec(e.into_bytes())
            }
            #[cfg(not(unix))]
            {
                OsString::from(String::from_utf8_lossy(e.as_bytes()).into_owned())
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Request, Refusal> {
        let v: Vec<OsString> = args.iter().map(OsString::from).collect();
        parse(&v)
    }

    #[test]
    fn every_spelling_of_an_argument() {
        let r = p(&[
            "-shost=a",
            "--set=port=1",
            "-s",
            "scheme=ftp",
            "x",
            "--url",
            "y",
            "-g{host}",
            "--",
            "--z",
        ])
        .unwrap();
        assert_eq!(r.sets, [&b"host=a"[..], b"port=1", b"scheme=ftp"]);
        assert_eq!(r.urls, [&b"x"[..], b"y", b"--z"]);
        assert_eq!(r.get.as_deref(), Some("{host}"));
    }

    #[test]
    fn trurl_refusals_keep_trurl_codes() {
        assert_eq!(p(&["url", "--redirect"]).unwrap_err().code, code::ARG);
        assert_eq!(p(&["url", "--replace"]).unwrap_err().code, code::REPLACE);
        assert_eq!(p(&["--trim", "path=x"]).unwrap_err().code, code::TRIM);
        assert_eq!(p(&["-g", "x", "--json"]).unwrap_err().code, code::FLAG);
        assert_eq!(p(&["-f", "a", "-f", "b"]).unwrap_err().code, code::FLAG);
        assert_eq!(p(&["--nope"]).unwrap_err().code, code::FLAG);
        assert!(p(&["--default-port"]).unwrap().default_port);
        assert_eq!(p(&["--punycode", "--as-idn"]).unwrap_err().code, code::FLAG);
    }

    #[test]
    fn trims_and_replaces() {
        let r = p(&[
            "--trim",
            "query=utm_*",
            "--qtrim",
            "a",
            "--replace-append",
            "k=v",
        ])
        .unwrap();
        assert_eq!(r.trims, [&b"utm_*"[..], b"a"]);
        assert_eq!(r.replaces, [&b"k=v"[..]]);
        assert!(r.replace_append);
    }
}
