#![no_main]
//! Any text given as a board (name, row, or ASCII art) is a board or a clear error.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(b) = pegwise::Board::by_name(text) {
            assert!(b.len() >= 3 && b.len() <= 64);
            let _ = b.render(b.full());
        }
        let _ = pegwise::Board::parse_ascii("fuzz", pegwise::Lattice::Triangular, text);
    }
});
