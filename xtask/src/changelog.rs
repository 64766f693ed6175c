//! `cargo xtask changelog-section VERSION`: the CHANGELOG.md section of one version, the text of
//! its GitHub release.
//!
//! CHANGELOG.md follows Keep a Changelog 1.1.0: a version's section starts at its heading
//! `## [1.2.0] - 2026-12-01` and runs to the next `## ` heading; the link definitions at the
//! end of the file (`[1.2.0]: https://…`) belong to no section.

use crate::process::{Context, Fail, Result, root};

/// Prints the section of `version` (a leading `v`, as in a tag, is dropped).
pub fn run(version: &str) -> Result<()> {
    let path = root().join("CHANGELOG.md");
    let text = std::fs::read_to_string(&path).context(path.display())?;
    let version = version.strip_prefix('v').unwrap_or(version);
    match section(&text, version) {
        Some(body) => {
            println!("{body}");
            Ok(())
        }
        None => Err(Fail(format!(
            "CHANGELOG.md has no section for {version}: before tagging, move the [Unreleased] \
             entries under a heading `## [{version}] - YYYY-MM-DD`"
        ))),
    }
}

/// The body of `version`'s section (without its heading, blank lines around it trimmed), or
/// `None` when there is no such section or it is empty.
pub fn section(changelog: &str, version: &str) -> Option<String> {
    let mut lines = changelog.lines();
    lines.find(|l| heading_version(l) == Some(version))?;
    let body: Vec<&str> = lines
        .take_while(|l| !l.starts_with("## ") && !is_link_definition(l))
        .collect();
    let body = body.join("\n");
    let body = body.trim_matches('\n').trim_end();
    (!body.is_empty()).then(|| body.to_string())
}

/// The version a `## ` heading names: `## [1.2.0] - date`, `## [1.2.0]` or `## 1.2.0`.
fn heading_version(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("## ")?.trim_start();
    let name = match rest.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next()?,
        None => rest.split_whitespace().next()?,
    };
    Some(name.trim())
}

/// `[name]: target`, a Markdown link reference definition.
fn is_link_definition(line: &str) -> bool {
    line.starts_with('[') && line.contains("]: ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "# Changelog

Intro.

## [Unreleased]

### Added

- Something new.

## [0.2.0] - 2026-12-01

### Fixed

- A bug.

## [0.1.0] - 2026-11-23

The first version.

### Added

- Everything.

[Unreleased]: https://example.org/compare/v0.2.0...HEAD
[0.2.0]: https://example.org/releases/tag/v0.2.0
";

    #[test]
    fn a_middle_section_stops_at_the_next_heading() {
        assert_eq!(
            section(LOG, "0.2.0").as_deref(),
            Some("### Fixed\n\n- A bug.")
        );
    }

    #[test]
    fn the_last_section_stops_before_the_link_definitions() {
        assert_eq!(
            section(LOG, "0.1.0").as_deref(),
            Some("The first version.\n\n### Added\n\n- Everything.")
        );
    }

    #[test]
    fn a_missing_or_partial_version_has_no_section() {
        assert_eq!(section(LOG, "0.3.0"), None);
        assert_eq!(section(LOG, "0.2"), None);
        assert_eq!(
            section("## [1.0.0] - 2026-01-01\n\n## [0.9.0]\n- x\n", "1.0.0"),
            None
        );
    }

    #[test]
    fn unbracketed_headings_are_read_too() {
        assert_eq!(
            section("## 1.0.0 (2026-01-01)\n- x\n", "1.0.0").as_deref(),
            Some("- x")
        );
    }

    #[test]
    fn the_projects_own_changelog_has_its_first_version() {
        let text = std::fs::read_to_string(root().join("CHANGELOG.md")).unwrap();
        let first = section(&text, "0.1.0").expect("CHANGELOG.md has a 0.1.0 section");
        assert!(first.contains("### Added"), "{first}");
        assert!(!first.contains("]: https://"), "{first}");
    }
}
