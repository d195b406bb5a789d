//! The work directory of an out-of-core job: sorted runs of codes on disk, and the markers
//! that let a killed job carry on where it stopped.
//!
//! Layout (every file is written under a temporary name and renamed into place, so a file
//! that exists is complete):
//!
//! ```text
//! job                 what the job is; a restart with other arguments is refused
//! F30/parts           how many parts level F_30 is split into (code mod parts)
//! F30/part-0007       part 7 of F_30: a sorted run
//! F30/done            the level's size, once every part is there
//! F30.spill/map-0003  marker: input part 3 has been mapped
//! F30.spill/0007/0003-0000  codes for part 7 from chunk 0 of input part 3: a sorted run
//! ```
//!
//! A run is a u64 count, then the codes ascending as LEB128 gaps (the first gap from 0):
//! canonical codes of a level lie close together, so a code takes 2–4 bytes, not 8.

use std::fs;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The work directory.
pub struct Store {
    dir: PathBuf,
}

/// A failed file operation, naming the file.
pub fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::BadArgument(format!(
        "work directory: cannot use '{}': {e}",
        path.display()
    ))
}

impl Store {
    /// Opens (or starts) a work directory for the job described by `job`. A directory that
    /// holds another job, or a path that is not a directory, is refused by name.
    pub fn open(dir: &Path, job: &str) -> Result<Store> {
        if dir.exists() && !dir.is_dir() {
            return Err(Error::BadArgument(format!(
                "work directory '{}' is a file, not a directory",
                dir.display()
            )));
        }
        fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        let store = Store {
            dir: dir.to_path_buf(),
        };
        let path = dir.join("job");
        match fs::read_to_string(&path) {
            Ok(old) if old == job => {}
            Ok(old) => {
                return Err(Error::BadArgument(format!(
                    "work directory '{}' holds another job ({}); use an empty directory, or \
                     the same arguments to resume that one",
                    dir.display(),
                    old.trim()
                )))
            }
            Err(_) => {
                let stray = fs::read_dir(dir)
                    .map_err(|e| io_error(dir, e))?
                    .filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .next();
                if let Some(f) = stray {
                    return Err(Error::BadArgument(format!(
                        "work directory '{}' is not empty (it holds '{f}') and has no job file: \
                         use an empty directory",
                        dir.display()
                    )));
                }
                store.write_atomic(&path, job.as_bytes())?;
            }
        }
        Ok(store)
    }

    /// A work directory as it is, without checking its job (for reading finished levels).
    pub fn at(dir: &Path) -> Store {
        Store {
            dir: dir.to_path_buf(),
        }
    }

    /// The path of a name inside the work directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Writes a whole file under a temporary name, then renames it into place.
    pub fn write_atomic(&self, path: &Path, bytes: &[u8]) -> Result<()> {
        let tmp = tmp_name(path);
        fs::write(&tmp, bytes).map_err(|e| io_error(&tmp, e))?;
        fs::rename(&tmp, path).map_err(|e| io_error(path, e))
    }

    /// Reads a small text file, if it is there.
    pub fn read_text(&self, path: &Path) -> Option<String> {
        fs::read_to_string(path).ok()
    }

    /// Creates a directory (and its parents).
    pub fn make_dir(&self, path: &Path) -> Result<()> {
        fs::create_dir_all(path).map_err(|e| io_error(path, e))
    }

    /// Removes a directory tree, if it is there.
    pub fn remove_dir(&self, path: &Path) -> Result<()> {
        match fs::remove_dir_all(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io_error(path, e)),
            _ => Ok(()),
        }
    }
}

fn tmp_name(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".tmp");
    PathBuf::from(s)
}

/// Writes sorted unique codes as a run (atomically).
pub fn write_run(path: &Path, codes: &[u64]) -> Result<()> {
    let mut w = RunWriter::create(path)?;
    for &c in codes {
        w.push(c)?;
    }
    w.finish()
}

/// Writes a run a code at a time: under a temporary name, renamed into place by `finish`.
pub struct RunWriter {
    w: BufWriter<fs::File>,
    path: PathBuf,
    tmp: PathBuf,
    count: u64,
    prev: u64,
}

impl RunWriter {
    /// Starts a run at `path`.
    pub fn create(path: &Path) -> Result<RunWriter> {
        let tmp = tmp_name(path);
        let file = fs::File::create(&tmp).map_err(|e| io_error(&tmp, e))?;
        let mut w = BufWriter::with_capacity(1 << 20, file);
        w.write_all(&[0u8; 8]).map_err(|e| io_error(&tmp, e))?;
        Ok(RunWriter {
            w,
            path: path.to_path_buf(),
            tmp,
            count: 0,
            prev: 0,
        })
    }

    /// Adds a code, greater than the one before.
    pub fn push(&mut self, code: u64) -> Result<()> {
        let mut gap = code - self.prev;
        self.prev = code;
        self.count += 1;
        let mut buf = [0u8; 10];
        let mut k = 0;
        loop {
            let b = (gap & 0x7f) as u8;
            gap >>= 7;
            if gap == 0 {
                buf[k] = b;
                k += 1;
                break;
            }
            buf[k] = b | 0x80;
            k += 1;
        }
        self.w
            .write_all(&buf[..k])
            .map_err(|e| io_error(&self.tmp, e))
    }

    /// Writes the count, closes the file and renames it into place.
    pub fn finish(self) -> Result<()> {
        use std::io::{Seek, SeekFrom};
        let RunWriter {
            w,
            path,
            tmp,
            count,
            ..
        } = self;
        let mut file = w.into_inner().map_err(|e| io_error(&tmp, e.into_error()))?;
        file.seek(SeekFrom::Start(0))
            .and_then(|_| file.write_all(&count.to_le_bytes()))
            .map_err(|e| io_error(&tmp, e))?;
        drop(file);
        fs::rename(&tmp, &path).map_err(|e| io_error(&path, e))
    }
}

/// The number of codes in a run, from its first eight bytes.
pub fn run_len(path: &Path) -> Result<u64> {
    let mut f = fs::File::open(path).map_err(|e| io_error(path, e))?;
    let mut n = [0u8; 8];
    f.read_exact(&mut n).map_err(|e| io_error(path, e))?;
    Ok(u64::from_le_bytes(n))
}

/// Appends the codes of a run to `out`.
pub fn read_run(path: &Path, out: &mut Vec<u64>) -> Result<()> {
    let bytes = fs::read(path).map_err(|e| io_error(path, e))?;
    let bad = || Error::BadArgument(format!("work file '{}' is damaged", path.display()));
    let (head, body) = bytes.split_at_checked(8).ok_or_else(bad)?;
    let n = u64::from_le_bytes(head.try_into().map_err(|_| bad())?) as usize;
    out.reserve(n);
    let (mut prev, mut gap, mut shift) = (0u64, 0u64, 0u32);
    let start = out.len();
    for &b in body {
        gap |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            prev += gap;
            out.push(prev);
            gap = 0;
            shift = 0;
        } else {
            shift += 7;
            if shift > 63 {
                return Err(bad());
            }
        }
    }
    if out.len() - start != n || shift != 0 {
        return Err(bad());
    }
    Ok(())
}

/// Streams the codes of a run, for merges that can't hold a whole part.
pub struct RunReader {
    r: BufReader<fs::File>,
    left: u64,
    prev: u64,
}

impl RunReader {
    /// Opens a run.
    pub fn open(path: &Path) -> Result<RunReader> {
        let f = fs::File::open(path).map_err(|e| io_error(path, e))?;
        let mut r = BufReader::with_capacity(1 << 16, f);
        let mut n = [0u8; 8];
        r.read_exact(&mut n).map_err(|e| io_error(path, e))?;
        Ok(RunReader {
            r,
            left: u64::from_le_bytes(n),
            prev: 0,
        })
    }

    /// The next code, or None at the end (or on a damaged file, which the count then shows).
    pub fn next_code(&mut self) -> Option<u64> {
        if self.left == 0 {
            return None;
        }
        let (mut gap, mut shift) = (0u64, 0u32);
        let mut b = [0u8; 1];
        loop {
            self.r.read_exact(&mut b).ok()?;
            gap |= u64::from(b[0] & 0x7f) << shift;
            if b[0] & 0x80 == 0 {
                break;
            }
            shift += 7;
            if shift > 63 {
                return None;
            }
        }
        self.left -= 1;
        self.prev += gap;
        Some(self.prev)
    }
}

/// Every file name in a directory (empty when it is missing), sorted.
pub fn list(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .map(|it| {
            it.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| !p.to_string_lossy().ends_with(".tmp"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_round_trip() {
        let dir = std::env::temp_dir().join(format!("pegwise-run-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let codes: Vec<u64> = vec![0, 1, 2, 127, 128, 300, 1 << 40, u64::MAX >> 1];
        let p = dir.join("r");
        write_run(&p, &codes).unwrap();
        let mut got = Vec::new();
        read_run(&p, &mut got).unwrap();
        assert_eq!(got, codes);
        assert_eq!(run_len(&p).unwrap(), codes.len() as u64);
        let mut r = RunReader::open(&p).unwrap();
        let streamed: Vec<u64> = std::iter::from_fn(|| r.next_code()).collect();
        assert_eq!(streamed, codes);
        fs::remove_dir_all(&dir).unwrap();
    }
}
