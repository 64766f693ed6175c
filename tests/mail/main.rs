//! Links out of mail: `urlscope extract` on the composed corpus, mbox files and the real corpus.
//!
//! One test binary of the root crate's integration tests (tests/README.md lists the groups):
//! each file of this folder is a module, so the crate and its dependencies are linked once.

#[path = "../support/mod.rs"]
mod support;

mod extract_mail;
mod extract_mbox;
mod mail_corpus;
