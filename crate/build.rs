//! Writes the pins the library compiles in: from `data/MANIFEST`, the name and SHA-256 (its
//! first 128 bits in the wasm) of each
//! head file (`.pgt`), one `name hash` line each. Only heads are checked against the build
//! (a head pins its shards' headers, and an index pins each chunk), so the shard lines and the
//! other columns stay out of the binary, and out of the page's wasm.

use std::{env, fs, path::Path};

fn main() {
    let manifest =
        Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("../data/MANIFEST");
    println!("cargo:rerun-if-changed={}", manifest.display());
    let text = match fs::read_to_string(&manifest) {
        Ok(t) => t,
        Err(e) => {
            println!("cargo:warning=cannot read {}: {e}", manifest.display());
            std::process::exit(1);
        }
    };
    // the page's wasm pins the first 128 bits of each SHA-256 (collision-proof all the same,
    // and half the bytes every page downloads); native builds pin all 256
    let wasm = env::var("TARGET").is_ok_and(|t| t.starts_with("wasm32"));
    let pins: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let (name, hash) = (f.first()?, f.last()?);
            let hash = if wasm { hash.get(..32)? } else { hash };
            (name.ends_with(".pgt") || name.ends_with(".pgc")).then(|| format!("{name} {hash}\n"))
        })
        .collect();
    let out = Path::new(&env::var("OUT_DIR").unwrap_or_default()).join("pins.txt");
    if let Err(e) = fs::write(&out, pins) {
        println!("cargo:warning=cannot write {}: {e}", out.display());
        std::process::exit(1);
    }
}
