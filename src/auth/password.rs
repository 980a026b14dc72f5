//! Password hashing with argon2id (PHC strings).

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

pub fn hash(password: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// Spends the same time as a real check, so an unknown username is not told apart by timing.
pub fn verify_dummy(password: &str) {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let stored = DUMMY.get_or_init(|| hash("optica-dummy-password").unwrap_or_default());
    let _ = verify(password, stored);
}

/// A random password for the first admin, readable enough to type.
pub fn generate() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::thread_rng();
    (0..16)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_hash_verifies_only_its_password() {
        let h = super::hash("secreto").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(super::verify("secreto", &h));
        assert!(!super::verify("Secreto", &h));
        assert!(!super::verify("secreto", "not a hash"));
    }
}
