//! The crawler canonicalizers against the projects' own vectors, the fast path against the
//! traced steps, and properties over any octets. They reach the models and steps, which are not
//! public, so they live beside the code; the vectors are the repository's `tests/vectors/canon`.

mod fast;
mod properties;
mod vectors;
