//! File output shared by the subcommands: writing a file atomically (a temporary file in
//! the same directory, then a rename), so a failed run never leaves a half-written output.

use std::io::Write;

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename,
/// so readers never see a half-written file. Paths that exist but are not regular files
/// (`/dev/null`, `/dev/stdout`, FIFOs) are written in place: renaming over them would
/// replace the device or pipe with a plain file.
pub fn write_atomically(path: &str, bytes: &[u8]) -> std::io::Result<()> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)?;
        return out.flush();
    }
    let target = std::path::Path::new(path);
    if let Ok(meta) = std::fs::metadata(target) {
        if !meta.is_file() {
            let mut f = std::fs::OpenOptions::new().write(true).open(target)?;
            return f.write_all(bytes);
        }
    }
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let file_name = target
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{file_name}.lattice-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
