#![no_main]
//! Any bytes are a valid table head or a refusal. The CRC is recomputed first, so mutations
//! reach the header checks and the inline levels' decoders; every level that decodes is read
//! whole and looked up.
use libfuzzer_sys::fuzz_target;
use pegwise::table::Table;

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.to_vec();
    if bytes.len() >= 4 {
        let n = bytes.len();
        let crc = crc32fast::hash(&bytes[..n - 4]);
        bytes[n - 4..].copy_from_slice(&crc.to_le_bytes());
    }
    if let Ok(t) = Table::decode(&bytes) {
        for n in 0..t.levels.len() {
            if let Ok(Some(codes)) = t.level_codes(n) {
                assert!(codes.len() <= t.codes());
            }
        }
    }
});
