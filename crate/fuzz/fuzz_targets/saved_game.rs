#![no_main]
//! Any saved-game text restores to a game that saves back to itself, or is refused.
use libfuzzer_sys::fuzz_target;
use pegwise::game_id::GameId;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(g) = GameId::from_save(text).and_then(|id| id.restore()) {
            let saved = GameId::of(&g).save();
            let again = GameId::from_save(&saved)
                .and_then(|id| id.restore())
                .expect("a saved game restores");
            assert_eq!(again.code(), g.code());
        }
    }
});
