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
//! M17                 the meet's first half on an odd board, removed once W17 is made
//! F30.spill/map-0003  marker: input part 3 has been mapped
//! F30.spill/0007/0003-0000  codes for part 7 from chunk 0 of input part 3: a sorted run
//! ```
//!
//! A run is a u64 count, then the codes ascending as LEB128 gaps (the first gap from 0):
//! canonical codes of a level lie close together, so a code takes 2–4 bytes, not 8.
//!
//! A crash can be asked for at a given file, to test that a killed job resumes: with
//! `PEGWISE_OUTCORE_CRASH=PREFIX:N` in the environment the process aborts right after the N-th
//! file whose name starts with PREFIX is in place (`map-:1`: after the first input part is
//! mapped; `part-:1`: after the first part of a level is reduced). The test needs no clock.

use std::fs;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::{Error, JobError, Result};

/// The work directory.
pub struct Store {
    dir: PathBuf,
}

/// A failed file operation, naming the file.
pub fn io_error(path: &Path, e: std::io::Error) -> Error {
    JobError::WorkDir {
        path: path.to_path_buf(),
        cause: e.into(),
    }
    .into()
}

impl Store {
    /// Opens (or starts) a work directory for the job described by `job`. A directory that
    /// holds another job, or a path that is not a directory, is refused by name.
    pub fn open(dir: &Path, job: &str) -> Result<Store> {
        if dir.exists() && !dir.is_dir() {
            return Err(JobError::WorkDirIsFile(dir.to_path_buf()).into());
        }
        fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
        let store = Store {
            dir: dir.to_path_buf(),
        };
        let path = dir.join("job");
        match fs::read_to_string(&path) {
            Ok(old) if old == job => {}
            Ok(old) => {
                return Err(JobError::OtherJob {
                    dir: dir.to_path_buf(),
                    job: old.trim().to_string(),
                }
                .into())
            }
            Err(_) => {
                let stray = fs::read_dir(dir)
                    .map_err(|e| io_error(dir, e))?
                    .filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .next();
                if let Some(f) = stray {
                    return Err(JobError::NotEmpty {
                        dir: dir.to_path_buf(),
                        file: f,
                    }
                    .into());
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
        fs::rename(&tmp, path).map_err(|e| io_error(path, e))?;
        crash_if_asked(path);
        Ok(())
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

/// The LEB128 form of a gap (seven bits a byte, low first, the top bit set on every byte but
/// the last) and its length.
#[inline]
fn gap_bytes(mut gap: u64) -> ([u8; 10], usize) {
    let mut buf = [0u8; 10];
    let mut k = 0;
    while gap >= 0x80 {
        buf[k] = (gap & 0x7f) as u8 | 0x80;
        gap >>= 7;
        k += 1;
    }
    buf[k] = gap as u8;
    (buf, k + 1)
}

/// Writes sorted unique codes as a run (atomically). Slices of the codes are encoded in
/// parallel, each from the code before it, a few at a time so the bytes held stay small.
pub fn write_run(path: &Path, codes: &[u64]) -> Result<()> {
    use rayon::prelude::*;
    const SLICE: usize = 1 << 16;
    let mut w = RunWriter::create(path)?;
    let batch = SLICE * 2 * rayon::current_num_threads().max(1);
    for (b, part) in codes.chunks(batch).enumerate() {
        let bodies: Vec<Vec<u8>> = part
            .par_chunks(SLICE)
            .enumerate()
            .map(|(i, slice)| {
                let at = b * batch + i * SLICE;
                let mut prev = if at == 0 { 0 } else { codes[at - 1] };
                let mut out = Vec::with_capacity(slice.len() * 3);
                for &c in slice {
                    let (bytes, n) = gap_bytes(c - prev);
                    out.extend_from_slice(&bytes[..n]);
                    prev = c;
                }
                out
            })
            .collect();
        for (body, slice) in bodies.iter().zip(part.chunks(SLICE)) {
            w.push_encoded(body, slice)?;
        }
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
        let (bytes, n) = gap_bytes(code - self.prev);
        self.prev = code;
        self.count += 1;
        self.w
            .write_all(&bytes[..n])
            .map_err(|e| io_error(&self.tmp, e))
    }

    /// Adds `codes`, already encoded as `bytes` from the last code pushed.
    fn push_encoded(&mut self, bytes: &[u8], codes: &[u64]) -> Result<()> {
        self.count += codes.len() as u64;
        self.prev = codes.last().copied().unwrap_or(self.prev);
        self.w.write_all(bytes).map_err(|e| io_error(&self.tmp, e))
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
        fs::rename(&tmp, &path).map_err(|e| io_error(&path, e))?;
        crash_if_asked(&path);
        Ok(())
    }
}

/// Aborts the process once the file asked for by `PEGWISE_OUTCORE_CRASH` is in place (see the
/// module's doc); does nothing without it.
fn crash_if_asked(path: &Path) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static SEEN: AtomicUsize = AtomicUsize::new(0);
    let Ok(ask) = std::env::var("PEGWISE_OUTCORE_CRASH") else {
        return;
    };
    let Some((prefix, n)) = ask.split_once(':') else {
        return;
    };
    let name = path.file_name().map(|f| f.to_string_lossy().into_owned());
    if name.is_some_and(|f| f.starts_with(prefix))
        && n.parse::<usize>().ok() == Some(SEEN.fetch_add(1, Ordering::SeqCst) + 1)
    {
        std::process::abort();
    }
}

/// The number of codes in a run, from its first eight bytes.
pub fn run_len(path: &Path) -> Result<u64> {
    open_run(path).map(|(_, n)| n as u64)
}

/// Appends the codes of a run to `out`.
pub fn read_run(path: &Path, out: &mut Vec<u64>) -> Result<()> {
    let (file, n) = open_run(path)?;
    let start = out.len();
    out.resize(start + n, 0);
    let read = decode_run(path, file, &mut out[start..]);
    if read.is_err() {
        // what was there before stays as it was
        out.truncate(start);
    }
    read
}

/// Reads a run into `out`, which must be exactly as long as the run.
pub fn read_run_into(path: &Path, out: &mut [u64]) -> Result<()> {
    let (file, n) = open_run(path)?;
    if n != out.len() {
        return Err(damaged(path));
    }
    decode_run(path, file, out)
}

/// The error for a work file that does not read back as a run.
fn damaged(path: &Path) -> Error {
    JobError::Damaged(path.to_path_buf()).into()
}

/// A run file, past its header, and the count the header gives: at most one code a byte of
/// the rest, since a code takes a byte at least (a damaged header must not ask for terabytes).
fn open_run(path: &Path) -> Result<(fs::File, usize)> {
    let mut file = fs::File::open(path).map_err(|e| io_error(path, e))?;
    let len = file.metadata().map_err(|e| io_error(path, e))?.len();
    if len < 8 {
        return Err(damaged(path));
    }
    // a file long enough for its header that can't be read is an I/O error, not damage
    let mut head = [0u8; 8];
    file.read_exact(&mut head).map_err(|e| io_error(path, e))?;
    let n = u64::from_le_bytes(head);
    if n > len - 8 {
        return Err(damaged(path));
    }
    Ok((file, usize::try_from(n).map_err(|_| damaged(path))?))
}

/// Bytes of a run decoded at a time: a part's bytes run to hundreds of MB, and holding them
/// whole beside its codes would take as much memory again, past the job's cap.
const DECODE_BLOCK: usize = 1 << 20;

/// Decodes the codes of a run `file` (read past its header) into `out`, which its header says
/// how long to be, a block at a time.
fn decode_run(path: &Path, mut file: fs::File, out: &mut [u64]) -> Result<()> {
    let mut block = vec![0u8; DECODE_BLOCK];
    let (mut prev, mut gap, mut shift, mut k) = (0u64, 0u64, 0u32, 0usize);
    loop {
        let got = match file.read(&mut block) {
            Ok(0) => break,
            Ok(got) => got,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(io_error(path, e)),
        };
        for &b in &block[..got] {
            gap |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                prev += gap;
                *out.get_mut(k).ok_or_else(|| damaged(path))? = prev;
                k += 1;
                gap = 0;
                shift = 0;
            } else {
                shift += 7;
                if shift > 63 {
                    return Err(damaged(path));
                }
            }
        }
    }
    if k != out.len() || shift != 0 {
        return Err(damaged(path));
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
        // from the reader's buffer directly: a read call per byte cost more than the decoding
        'code: loop {
            let buf = self.r.fill_buf().ok()?;
            if buf.is_empty() {
                return None;
            }
            for (k, &b) in buf.iter().enumerate() {
                gap |= u64::from(b & 0x7f) << shift;
                if b & 0x80 == 0 {
                    self.r.consume(k + 1);
                    break 'code;
                }
                shift += 7;
                if shift > 63 {
                    return None;
                }
            }
            let n = buf.len();
            self.r.consume(n);
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

    #[test]
    fn long_runs_encoded_in_slices_read_back_every_way() {
        // more codes than several of write_run's parallel slices, with gaps of 1 to 5 bytes,
        // so slices start mid-stream and the streamed reader crosses its buffer's refills
        let dir = std::env::temp_dir().join(format!("pegwise-long-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let mut x = 0u64;
        let mut seed = 7u64;
        let codes: Vec<u64> = (0..700_000)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                x += 1 + ((seed >> 33) >> ((seed >> 20) % 32));
                x
            })
            .collect();
        let (whole, streamed_in) = (dir.join("whole"), dir.join("pushed"));
        write_run(&whole, &codes).unwrap();
        let mut w = RunWriter::create(&streamed_in).unwrap();
        codes.iter().for_each(|&c| w.push(c).unwrap());
        w.finish().unwrap();
        assert_eq!(fs::read(&whole).unwrap(), fs::read(&streamed_in).unwrap());
        let mut got = vec![5];
        read_run(&whole, &mut got).unwrap();
        assert_eq!(got[0], 5);
        assert_eq!(&got[1..], &codes[..]);
        let mut r = RunReader::open(&whole).unwrap();
        assert!(std::iter::from_fn(|| r.next_code()).eq(codes.iter().copied()));
        let mut short = vec![0; codes.len() - 1];
        assert!(read_run_into(&whole, &mut short).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_run_whose_header_claims_more_codes_than_its_bytes_is_damaged() {
        // a header asking for 2^40 codes on a file of 3 code bytes: refused before any memory
        // is taken for them; so are a file shorter than its header and a cut-off last code
        let dir = std::env::temp_dir().join(format!("pegwise-head-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let p = dir.join("run");
        let damaged = |bytes: &[u8]| {
            fs::write(&p, bytes).unwrap();
            let mut out = vec![9];
            let refused = match read_run(&p, &mut out) {
                Err(Error::Job(e)) => matches!(*e, JobError::Damaged(_)),
                _ => false,
            };
            refused && out == [9]
        };
        let mut big = (1u64 << 40).to_le_bytes().to_vec();
        big.extend([1, 2, 3]);
        assert!(damaged(&big));
        assert!(damaged(&[3, 0, 0]));
        let mut cut = 2u64.to_le_bytes().to_vec();
        cut.extend([1, 0x81]);
        assert!(damaged(&cut));
        let mut fine = 2u64.to_le_bytes().to_vec();
        fine.extend([1, 0x81, 1]);
        let mut out = Vec::new();
        fs::write(&p, &fine).unwrap();
        read_run(&p, &mut out).unwrap();
        assert_eq!(out, [1, 130]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
