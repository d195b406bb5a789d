#![no_main]
//! Any saved-game text restores to a game that saves back to itself, or is refused.
use libfuzzer_sys::fuzz_target;
use pegwise::game::Game;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(g) = Game::restore(text) {
            let again = Game::restore(&g.save()).expect("a saved game restores");
            assert_eq!(again.code(), g.code());
        }
    }
});
