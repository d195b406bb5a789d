//! Errors across the wasm boundary as data: a JS `Error` that carries the core's stable `kind`
//! (see `crate::error`), the `param` it is about, the bad `value` and the `why` (empty where
//! the message says it all), besides its message. JS branches on the fields and never reads
//! the words.

use js_sys::Reflect;
use wasm_bindgen::JsValue;

use crate::error::Error;

/// The core's error as a JS `Error` with its fields.
pub(crate) fn js_err(e: Error) -> JsValue {
    fields(&e.to_string(), e.kind(), e.param(), e.value(), &e.why())
}

/// A bad argument of a binding itself (a budget, a seek target), not of the game: kind
/// `bad-argument`; its message is the why (the param and the value are fields of their own).
pub(crate) fn bad_argument(param: &str, value: &str, why: &str) -> JsValue {
    fields(why, "bad-argument", param, value, why)
}

/// A JS `Error` with these fields (see the module's doc).
pub(crate) fn fields(message: &str, kind: &str, param: &str, value: &str, why: &str) -> JsValue {
    let e: JsValue = js_sys::Error::new(message).into();
    for (k, v) in [
        ("kind", kind),
        ("param", param),
        ("value", value),
        ("why", why),
    ] {
        // setting a field on a fresh Error object cannot fail
        let _ = Reflect::set(&e, &JsValue::from_str(k), &JsValue::from_str(v));
    }
    e
}
