#![no_main]
//! Any move text on the English and 15-hole boards is played or refused, all or nothing.
use libfuzzer_sys::fuzz_target;
use pegwise::{game::Game, Board, Problem};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for (board, start) in [("english", "d4"), ("triangle5", "a1")] {
            let Ok(b) = Board::by_name(board) else { return };
            let Ok(p) = Problem::parse(b, start, "start") else { return };
            let Ok(mut g) = Game::new(p) else { return };
            let before = g.code();
            if g.play_text(text).is_err() {
                assert_eq!(g.code(), before);
            }
        }
    }
});
