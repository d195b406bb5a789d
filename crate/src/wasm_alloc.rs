//! The wasm build's allocator: Talc instead of Rust's default dlmalloc, which is larger in
//! the shipped wasm and slower. Single-threaded (the engine's worker runs one wasm instance
//! without shared memory), so no lock.

#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
