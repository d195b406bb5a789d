//! CRC-32 (IEEE) of the table files. Natively this is crc32fast (fast, with 16 KB of tables);
//! in the wasm build it is the plain byte-at-a-time form with one 1 KB table, which keeps 15 KB
//! out of the page's download. Both give the same checksums (tested below).

/// The 256-entry table of the reflected polynomial 0xEDB88320, built at compile time.
#[cfg(any(target_arch = "wasm32", test))]
static TABLE: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
};

/// CRC-32 a byte at a time (the wasm build's).
#[cfg(any(target_arch = "wasm32", test))]
fn small(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c = TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
    }
    !c
}

/// The CRC-32 (IEEE, as zlib and PNG compute it) of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    #[cfg(target_arch = "wasm32")]
    {
        small(bytes)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        crc32fast::hash(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_table_form_equals_crc32fast() {
        assert_eq!(small(b"123456789"), 0xCBF4_3926);
        let mut x = 0x9E37_79B9_u32;
        for len in [0, 1, 3, 4, 15, 16, 17, 255, 4096, 10_007] {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    (x >> 24) as u8
                })
                .collect();
            assert_eq!(small(&bytes), crc32fast::hash(&bytes), "length {len}");
            assert_eq!(crc32(&bytes), crc32fast::hash(&bytes));
        }
    }
}
