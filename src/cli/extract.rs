//! `urlscope extract`.
use super::Result;
use crate::url::Profile;

pub fn run(_p: Profile) -> Result<i32> {
    Ok(0)
}
