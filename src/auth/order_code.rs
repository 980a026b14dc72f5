//! The public order-status link: `/estadoCompra/{id}-{tag}`, where the tag signs the movement id
//! with the server's key. Ids are sequential, so the tag is what keeps one customer's link from
//! leading to every other order; the page behind it shows only the order's state.

use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// 12 bytes of the signature: 96 bits, far beyond guessing by trying.
const TAG_BYTES: usize = 12;

fn tag(key: &[u8], id: i64) -> String {
    // The domain prefix keeps this signature from ever equalling a token's.
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(format!("estado-compra:{id}").as_bytes());
    let bytes = mac.finalize().into_bytes();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes[..TAG_BYTES])
}

/// The code staff copy for a movement.
pub fn code(key: &[u8], id: i64) -> String {
    format!("{id}-{}", tag(key, id))
}

/// The movement a code names, when its tag is right.
pub fn movement_of(key: &[u8], code: &str) -> Option<i64> {
    let (id, given) = code.split_once('-')?;
    let id: i64 = id.parse().ok()?;
    let expected = tag(key, id);
    // Constant-time comparison, so the tag cannot be found byte by byte.
    let same = expected.len() == given.len()
        && expected
            .bytes()
            .zip(given.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0;
    same.then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_opens_its_own_order_only() {
        let key = b"0123456789abcdef0123456789abcdef";
        let code = code(key, 501);
        assert!(code.starts_with("501-"));
        assert_eq!(movement_of(key, &code), Some(501));
        let other = code.replacen("501", "502", 1);
        assert_eq!(movement_of(key, &other), None);
        assert_eq!(movement_of(key, "501"), None);
        assert_eq!(movement_of(key, "501-"), None);
        assert_eq!(movement_of(b"another key of thirty-two bytes!", &code), None);
        assert_ne!(tag(key, 501), tag(key, 502));
    }
}
