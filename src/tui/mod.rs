//! The interactive inspector (SPEC §7.1–7.7). Entry point: [`run`].

use crate::url::{PdfState, Profile};

/// What the command line hands to the inspector.
#[derive(Clone, Debug, Default)]
pub struct LaunchOptions {
    /// The URL (raw octets); `None` opens the built-in example.
    pub input: Option<Vec<u8>>,
    pub base: Vec<u8>,
    /// `None`: the app's default (RFC 1738).
    pub profile: Option<Profile>,
    pub pdf_state: PdfState,
    pub host_aliases: Vec<(Vec<u8>, Vec<u8>)>,
    /// `--theme NAME|PATH`.
    pub theme: Option<String>,
    /// `--color never` or NO_COLOR.
    pub no_color: bool,
}

/// Run the inspector until the user quits. Errors are one-line messages for the shell to print.
pub fn run(_opts: LaunchOptions) -> Result<(), String> {
    Err("the interactive inspector is not built yet".to_string())
}
