//! Lenient number reading, as the existing web app needs (contract section 1.2): ids and counts
//! may arrive as JSON strings (`"3"` from a `<select>`), floats are truncated for integer
//! fields, and `null`, `""` or a missing value mean "none".

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

/// An integer given as a number (floats truncated) or a numeric string; `None` for null or "".
pub fn opt_i64<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    deserializer.deserialize_any(LenientInt)
}

struct LenientInt;

impl Visitor<'_> for LenientInt {
    type Value = Option<i64>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an integer")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        i64::try_from(v)
            .map(Some)
            .map_err(|_| E::custom("integer out of range"))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        if v.is_finite() && v.abs() < 9.0e15 {
            Ok(Some(v.trunc() as i64))
        } else {
            Err(E::custom("integer out of range"))
        }
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        let v = v.trim();
        if v.is_empty() {
            return Ok(None);
        }
        match v.parse::<i64>() {
            Ok(n) => Ok(Some(n)),
            Err(_) => v
                .parse::<f64>()
                .map_err(|_| E::custom("not an integer"))
                .and_then(|f| self.visit_f64(f)),
        }
    }
}

/// `{"id": …}` as the web app sends references to lookups; other fields are ignored.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct IdRef {
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub id: Option<i64>,
}

impl IdRef {
    /// The id, when it names a saved record (0 or none means "nothing chosen").
    pub fn get(&self) -> Option<i64> {
        self.id.filter(|id| *id > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Body {
        #[serde(default, deserialize_with = "opt_i64")]
        n: Option<i64>,
    }

    fn read(json: &str) -> Option<i64> {
        serde_json::from_str::<Body>(json).unwrap().n
    }

    #[test]
    fn ids_arrive_as_numbers_strings_or_nothing() {
        assert_eq!(read(r#"{"n": 3}"#), Some(3));
        assert_eq!(read(r#"{"n": "3"}"#), Some(3));
        assert_eq!(read(r#"{"n": 3.9}"#), Some(3));
        assert_eq!(read(r#"{"n": ""}"#), None);
        assert_eq!(read(r#"{"n": null}"#), None);
        assert_eq!(read(r#"{}"#), None);
        assert!(serde_json::from_str::<Body>(r#"{"n": "tres"}"#).is_err());
    }
}
