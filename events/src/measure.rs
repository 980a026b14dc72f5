//! Exact prescription values: hundredths (esférico `-1.25`, eje `90`, dnp `31.5`).
//!
//! Like `Money`, a value read from JSON goes through its shortest decimal text, so what the
//! optometrist typed is what is stored; unlike money, a value with more than two decimals is not
//! rounded but refused (`parse` answers `None`), because a prescription is never approximate.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::money::parse_scaled;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Medida(i64);

impl Medida {
    pub const ZERO: Medida = Medida(0);

    pub const fn from_hundredths(hundredths: i64) -> Self {
        Medida(hundredths)
    }

    pub const fn hundredths(self) -> i64 {
        self.0
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// Reads a decimal text the way the prescription inputs accept it: an optional sign (a
    /// leading `+` is dropped), `.` or `,` as decimal separator, at most two decimals (trailing
    /// zeros aside). `None` for anything else or for absurd magnitudes.
    pub fn parse(text: &str) -> Option<Medida> {
        let text = text.trim();
        let decimals = text.split_once(['.', ',']).map_or("", |(_, f)| f);
        if decimals.trim_end_matches('0').len() > 2 {
            return None;
        }
        let value = parse_scaled(text, 2)?;
        (value.abs() <= 1_000_000).then_some(Medida(value as i64))
    }

    pub fn checked_add(self, other: Medida) -> Option<Medida> {
        self.0.checked_add(other.0).map(Medida)
    }
}

impl fmt::Display for Medida {
    /// `-1.25`, `90`, `31.5`: the shortest exact text, for messages and documents.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (int, frac) = (self.0.abs() / 100, self.0.abs() % 100);
        match frac {
            0 => write!(f, "{sign}{int}"),
            f10 if f10 % 10 == 0 => write!(f, "{sign}{int}.{}", f10 / 10),
            _ => write!(f, "{sign}{int}.{frac:02}"),
        }
    }
}

impl Serialize for Medida {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.as_f64())
    }
}

impl<'de> Deserialize<'de> for Medida {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(MedidaVisitor)
    }
}

struct MedidaVisitor;

impl Visitor<'_> for MedidaVisitor {
    type Value = Medida;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number with at most two decimals")
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Medida, E> {
        self.visit_str(&v.to_string())
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Medida, E> {
        self.visit_str(&v.to_string())
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Medida, E> {
        if !v.is_finite() {
            return Err(E::custom("not a number"));
        }
        self.visit_str(&v.to_string())
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Medida, E> {
        Medida::parse(v).ok_or_else(|| E::custom("not a number with at most two decimals"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prescription_texts_are_read_exactly() {
        assert_eq!(Medida::parse("+1,25"), Some(Medida(125)));
        assert_eq!(Medida::parse("-0.5"), Some(Medida(-50)));
        assert_eq!(Medida::parse("090"), Some(Medida(9000)));
        assert_eq!(Medida::parse("1.2500"), Some(Medida(125)));
        assert_eq!(Medida::parse("1.125"), None);
        assert_eq!(Medida::parse("abc"), None);
        assert_eq!(Medida::parse(""), None);
    }

    #[test]
    fn json_numbers_keep_their_decimals() {
        let m: Medida = serde_json::from_str("-1.1").unwrap();
        assert_eq!(m, Medida(-110));
        assert_eq!(serde_json::to_string(&m).unwrap(), "-1.1");
        assert_eq!(Medida(9000).to_string(), "90");
        assert_eq!(Medida(-125).to_string(), "-1.25");
        assert!(serde_json::from_str::<Medida>("0.333").is_err());
    }
}
