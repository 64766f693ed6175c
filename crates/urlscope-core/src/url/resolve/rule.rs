//! Rule ids of resolution (docs/rules.md, "Resolution"; docs/lenses.md): RFC 1808 §4's rules with
//! the four dot rules, and the rules RFC 3986 and the WHATWG URL Standard report. Each has its
//! sentence in one exhaustive match (`url::explain_resolve`).

crate::url::syntax::id::id_enum! {
    /// A resolution rule id, as `Resolution::rules` and `Resolution::dot_steps` record it.
    pub enum ResolveRule {
        NoBase => "resolve-no-base",
        EmptyRef => "resolve-empty-ref",
        HasScheme => "resolve-has-scheme",
        NetworkPath => "resolve-network-path",
        InheritAuthority => "resolve-inherit-authority",
        AbsolutePath => "resolve-absolute-path",
        EmptyPath => "resolve-empty-path",
        MergePaths => "resolve-merge-paths",
        /// RFC 1808 §4 step 6a.
        DotSlash => "dot-remove-dot-slash",
        /// 6b.
        TrailingDot => "dot-remove-trailing-dot",
        /// 6c.
        SegmentDotdot => "dot-remove-segment-dotdot",
        /// 6d.
        TrailingDotdot => "dot-remove-trailing-dotdot",
        Recombine => "resolve-recombine",
        R3986NoBase => "rfc3986-no-base",
        R3986HasScheme => "rfc3986-has-scheme",
        R3986Authority => "rfc3986-has-authority",
        R3986EmptyPath => "rfc3986-empty-path",
        R3986AbsolutePath => "rfc3986-absolute-path",
        R3986Merge => "rfc3986-merge-paths",
        R3986RemoveDots => "rfc3986-resolve-dot-segments",
        R3986Recompose => "rfc3986-recompose",
        WhatwgJoin => "whatwg-join",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_keep_their_strings() {
        for (i, &r) in ResolveRule::EVERY.iter().enumerate() {
            assert_eq!(r as usize, i, "{r}");
            assert_eq!(ResolveRule::from_name(r.as_str()), Some(r));
            assert_eq!(format!("{r:<40}|").len(), 41);
            assert_eq!(format!("{r:?}"), format!("{:?}", r.as_str()));
            assert_eq!(serde_json::to_string(&r).unwrap(), format!("\"{r}\""));
        }
        assert_eq!(ResolveRule::EVERY.len(), 22);
        assert_eq!(ResolveRule::from_name("strip-fragment"), None);
    }
}
