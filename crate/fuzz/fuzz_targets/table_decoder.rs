#![no_main]
//! Any bytes are a valid table or a refusal; a decoded table re-encodes to the same bytes.
use libfuzzer_sys::fuzz_target;
use pegwise::table::Table;

fuzz_target!(|data: &[u8]| {
    if let Ok(t) = Table::decode(data) {
        assert_eq!(Table::decode(&t.encode()).ok(), Some(t));
    }
});
