#![no_main]
//! Any bytes are a valid level shard or a refusal. Under `cfg(fuzzing)` the shard skips its
//! header CRC and chunk hashes, so mutations reach the index checks and the chunk decoder.
use libfuzzer_sys::fuzz_target;
use pegwise::shard::{Found, Shard};

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = Shard::decode(data) {
        let _ = s.all();
        for probe in [0u64, 1, 12345, u64::MAX / 2] {
            if let Found::Missing(c) = s.find(probe) {
                assert!(c < s.index.len());
            }
        }
    }
});
