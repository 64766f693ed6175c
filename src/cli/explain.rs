//! `urlscope explain`.
use super::Result;
use super::args::ExplainArgs;

pub fn run(_a: ExplainArgs) -> Result<i32> {
    Ok(0)
}
