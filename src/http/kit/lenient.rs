//! Lenient number reading, as the existing web app needs (contract section 1.2): ids and counts
//! may arrive as JSON strings (`"3"` from a `<select>`), floats are truncated for integer
//! fields, and `null`, `""` or a missing value mean "none". Query values the same way: a blank
//! text is none, branch 0 is every branch.

use chrono::{Datelike, NaiveDate};
use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

use crate::error::AppError;

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

/// A number as the client sent it, kept as text so that the server reads it exactly: a JSON
/// number (through its shortest decimal text) or a string as typed such as `"1.234,56"`; `None`
/// for null or blank. The field's caller reads it (`read`) and names it in the Spanish refusal.
/// The second field says it came as a JSON number, whose point is always the decimal point
/// (12.345 stays twelve, never twelve thousand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumText(pub String, pub Sent);

/// How a number came.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sent {
    /// Typed text, read as people in Argentina write numbers.
    #[default]
    Typed,
    /// A JSON number.
    Number,
}

impl NumText {
    /// The number by `rule` (`optica_events::numbers`, as the web app reads typed numbers), in
    /// the rule's units; `None` when blank; the Spanish reason, after `what`, when it is not one.
    pub fn read(&self, rule: optica_events::numbers::NumberRule, what: &str) -> Result<Option<i64>, String> {
        use optica_events::numbers::{read_number, Reading};
        let text = match self.1 {
            Sent::Number => self.0.replace('.', ","),
            Sent::Typed => self.0.clone(),
        };
        match read_number(&text, rule) {
            Reading::Blank => Ok(None),
            Reading::Number(units) => Ok(Some(units)),
            Reading::Invalid(reason) => Err(format!("{what} ('{}'): {reason}", self.0.trim())),
        }
    }

    /// Pesos as typed (`1.234,56`, `1234.56`), not negative.
    pub fn pesos(&self, what: &str) -> Result<Option<optica_events::Money>, String> {
        Ok(self
            .read(optica_events::numbers::PESOS, what)?
            .map(optica_events::Money::from_cents))
    }

    /// A percentage as typed (`12,5`, `10 %`), two decimals.
    pub fn percent(&self, what: &str) -> Result<Option<optica_events::Medida>, String> {
        Ok(self
            .read(optica_events::numbers::PERCENT, what)?
            .map(optica_events::Medida::from_hundredths))
    }
}

impl<'de> Deserialize<'de> for NumText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl Visitor<'_> for Text {
            type Value = NumText;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<NumText, E> {
                Ok(NumText(v.to_string(), Sent::Number))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<NumText, E> {
                Ok(NumText(v.to_string(), Sent::Number))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<NumText, E> {
                // Display of f64 is the shortest text that reads back as the same number.
                Ok(NumText(v.to_string(), Sent::Number))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<NumText, E> {
                Ok(NumText(v.trim().to_string(), Sent::Typed))
            }
        }
        deserializer.deserialize_any(Text)
    }
}

/// For `#[serde(default, deserialize_with = "present")]`: a field that was sent (even as
/// `null`) reads `Some`, one left out stays `None` (its default). An edit tells "clear it" from
/// "the form did not know it" (the existing front end's) this way.
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Ok(Some(Option::deserialize(d)?))
}

/// The first year a record may be dated in.
pub const FIRST_YEAR: i32 = 2000;
/// How many years ahead of today a record may be dated (a promised job, a filter's end).
pub const YEARS_AHEAD: i32 = 10;

/// Whether a date is one the shop's records can hold: from 2000 to ten years ahead. Outside it
/// a date is a typo (0001, 9999) that would file money or a job where nobody looks.
pub fn in_window(date: NaiveDate) -> bool {
    let last = chrono::Utc::now().date_naive().year() + YEARS_AHEAD;
    (FIRST_YEAR..=last).contains(&date.year())
}

/// The refusal of a date outside `in_window`, naming the field.
pub fn out_of_window(what: &str, text: &str) -> String {
    let last = chrono::Utc::now().date_naive().year() + YEARS_AHEAD;
    format!("La {what} '{text}' está fuera del rango permitido (años {FIRST_YEAR} a {last})")
}

/// A date as the contract reads it (§1.2): `yyyy-MM-dd`, or a JS `Date` string
/// (`2025-05-01T23:10:00.000Z`), whose first ten characters are its UTC calendar date; `None`
/// also when it is outside `in_window`.
pub fn lenient_date(text: &str) -> Option<chrono::NaiveDate> {
    any_date(text).filter(|d| in_window(*d))
}

/// The same, whatever the year.
fn any_date(text: &str) -> Option<chrono::NaiveDate> {
    let text = text.trim();
    let date = match text.len() {
        10 => text,
        n if n > 10 && text.as_bytes()[10] == b'T' => &text[..10],
        _ => return None,
    };
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()
}

/// A date given by a person: its Spanish refusal names `what`, and says whether it could not be
/// read or is out of the window.
pub fn checked_date(text: &str, what: &str) -> Result<NaiveDate, String> {
    match any_date(text) {
        Some(d) if in_window(d) => Ok(d),
        Some(_) => Err(out_of_window(what, text.trim())),
        None => Err(format!("La {what} '{}' no es válida (formato aaaa-mm-dd)", text.trim())),
    }
}

/// `0` or nothing means every branch.
pub fn branch(id: Option<i64>) -> Option<i64> {
    id.filter(|id| *id != 0)
}

/// A query text, trimmed; blank means not given.
pub fn text(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

/// A query date (`aaaa-mm-dd`, or a full timestamp); `what` names it in the Spanish refusal.
pub fn day(value: Option<String>, what: &str) -> Result<Option<NaiveDate>, AppError> {
    match text(value) {
        None => Ok(None),
        Some(t) => checked_date(&t, what).map(Some).map_err(AppError::BadRequest),
    }
}

/// A period typed as two query dates, both required and in order: (from, to), `to` included.
pub fn period(fecha_inicio: Option<String>, fecha_fin: Option<String>) -> Result<(NaiveDate, NaiveDate), AppError> {
    let desde = day(fecha_inicio, "fecha de inicio")?;
    let hasta = day(fecha_fin, "fecha de fin")?;
    let (Some(desde), Some(hasta)) = (desde, hasta) else {
        return Err(AppError::BadRequest("Ingresar fecha de inicio y fin por favor".into()));
    };
    if hasta < desde {
        return Err(AppError::BadRequest(
            "La fecha de fin no puede ser anterior a la de inicio".into(),
        ));
    }
    Ok((desde, hasta))
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

    #[test]
    fn dates_arrive_as_days_or_js_instants() {
        let day = chrono::NaiveDate::from_ymd_opt(2025, 5, 1);
        assert_eq!(lenient_date("2025-05-01"), day);
        assert_eq!(lenient_date("2025-05-01T23:10:00.000Z"), day);
        assert_eq!(lenient_date("01/05/2025"), None);
        assert_eq!(lenient_date("2025-13-01"), None);
    }

    #[test]
    fn numbers_keep_the_text_the_client_meant() {
        let n: Option<NumText> = serde_json::from_str("-1.1").unwrap();
        assert_eq!(n, Some(NumText("-1.1".into(), Sent::Number)));
        let n: Option<NumText> = serde_json::from_str(r#"" +1,25 ""#).unwrap();
        assert_eq!(n, Some(NumText("+1,25".into(), Sent::Typed)));
        // A JSON number's point is its decimal point; a typed one before three digits groups
        // thousands, as people in Argentina write them.
        let read = |json: &str| {
            let n: NumText = serde_json::from_str(json).unwrap();
            n.pesos("El monto").map(|m| m.map(optica_events::Money::cents))
        };
        assert_eq!(read(r#""15.000""#), Ok(Some(1_500_000)));
        assert_eq!(read(r#""73.800,00""#), Ok(Some(7_380_000)));
        assert_eq!(read("15.5"), Ok(Some(1_550)));
        assert_eq!(
            read("12.345"),
            Err("El monto ('12.345'): Admite como máximo 2 decimales.".to_string())
        );
        let n: Option<NumText> = serde_json::from_str("null").unwrap();
        assert_eq!(n, None);
    }
}
