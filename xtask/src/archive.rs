//! The release archive: a folder packed as a gzip-compressed tar under one top-level folder, and
//! its SHA-256 file in the form `sha256sum -c` reads.
//!
//! The archive is reproducible: entries in name order, fixed owner and time (tar's deterministic
//! header mode keeps only whether a file is executable), and a gzip header without a time. Two
//! builds of the same binary give the same checksum.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use flate2::Compression;
use flate2::write::GzEncoder;
use sha2::{Digest, Sha256};

use crate::process::{Context, Result};

/// Packs the files under `dir` into `out` as `top/…` (a gzip-compressed tar).
pub fn write_tar_gz(dir: &Path, top: &str, out: &Path) -> Result<()> {
    let file = File::create(out).context(format!("create {}", out.display()))?;
    let gz = GzEncoder::new(BufWriter::new(file), Compression::best());
    let mut tar = tar::Builder::new(gz);
    tar.mode(tar::HeaderMode::Deterministic);
    tar.follow_symlinks(false);
    append_tree(&mut tar, dir, Path::new(top))?;
    let gz = tar
        .into_inner()
        .context(format!("write {}", out.display()))?;
    let mut buffered = gz.finish().context(format!("write {}", out.display()))?;
    buffered.flush().context(format!("write {}", out.display()))
}

/// Appends `dir` as `name` and everything under it, in name order.
fn append_tree<W: Write>(tar: &mut tar::Builder<W>, dir: &Path, name: &Path) -> Result<()> {
    tar.append_dir(name, dir)
        .context(format!("add {}", dir.display()))?;
    let mut entries = std::fs::read_dir(dir)
        .context(format!("read {}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<Vec<PathBuf>>>()
        .context(format!("read {}", dir.display()))?;
    entries.sort();
    for path in entries {
        let inner = name.join(path.file_name().expect("a read_dir entry has a name"));
        if path.is_dir() {
            append_tree(tar, &path, &inner)?;
        } else {
            tar.append_path_with_name(&path, &inner)
                .context(format!("add {}", path.display()))?;
        }
    }
    Ok(())
}

/// The SHA-256 of the file at `path`, in lower-case hexadecimal.
pub fn sha256_hex(path: &Path) -> Result<String> {
    let mut file = File::open(path).context(format!("read {}", path.display()))?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0; 1 << 16];
    loop {
        let n = file
            .read(&mut buf)
            .context(format!("read {}", path.display()))?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// Writes `FILE.sha256` beside `file`: `HEX  NAME`, the line `sha256sum -c` checks from the
/// file's own folder. Returns its path and the hexadecimal digest.
pub fn write_sha256(file: &Path) -> Result<(PathBuf, String)> {
    let hex = sha256_hex(file)?;
    let name = file
        .file_name()
        .expect("an archive path has a file name")
        .to_string_lossy();
    let mut out = file.as_os_str().to_owned();
    out.push(".sha256");
    let out = PathBuf::from(out);
    std::fs::write(&out, format!("{hex}  {name}\n")).context(format!("write {}", out.display()))?;
    Ok((out, hex))
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::read::GzDecoder;

    /// A fresh empty folder under the system's temporary folder.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn sha256_of_a_file_is_the_standard_digest() {
        // FIPS 180-2, appendix B.1: the digest of "abc".
        let dir = scratch("sha");
        let file = dir.join("abc.tar.gz");
        std::fs::write(&file, "abc").unwrap();
        let (sum_file, hex) = write_sha256(&file).unwrap();
        assert_eq!(
            hex,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            std::fs::read_to_string(sum_file).unwrap(),
            format!("{hex}  abc.tar.gz\n")
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn archive_holds_the_tree_under_one_folder_in_order_and_is_reproducible() {
        let dir = scratch("tree");
        let src = dir.join("src");
        std::fs::create_dir_all(src.join("man")).unwrap();
        std::fs::write(src.join("b.txt"), "bee").unwrap();
        std::fs::write(src.join("a.txt"), "ay").unwrap();
        std::fs::write(src.join("man/x.1"), ".TH X 1").unwrap();
        let first = dir.join("one.tar.gz");
        write_tar_gz(&src, "pkg-1.0", &first).unwrap();

        let mut names = Vec::new();
        let mut archive = tar::Archive::new(GzDecoder::new(File::open(&first).unwrap()));
        for entry in archive.entries().unwrap() {
            let mut entry = entry.unwrap();
            let name = entry.path().unwrap().to_string_lossy().into_owned();
            let mut body = String::new();
            entry.read_to_string(&mut body).unwrap();
            names.push((name, body));
        }
        let got: Vec<(&str, &str)> = names
            .iter()
            .map(|(n, b)| (n.trim_end_matches('/'), b.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("pkg-1.0", ""),
                ("pkg-1.0/a.txt", "ay"),
                ("pkg-1.0/b.txt", "bee"),
                ("pkg-1.0/man", ""),
                ("pkg-1.0/man/x.1", ".TH X 1"),
            ]
        );

        // A file's time is not in the archive.
        let earlier = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        File::options()
            .write(true)
            .open(src.join("a.txt"))
            .unwrap()
            .set_modified(earlier)
            .unwrap();
        let second = dir.join("two.tar.gz");
        write_tar_gz(&src, "pkg-1.0", &second).unwrap();
        assert_eq!(sha256_hex(&first).unwrap(), sha256_hex(&second).unwrap());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
