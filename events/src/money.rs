//! Exact money: integer cents. On the wire (and in event payloads) a JSON number of pesos, the
//! way the contract shows prices (`45000.0`, `12.5`); numbers given as strings are accepted too.
//!
//! A number read from JSON goes through its shortest decimal text (what the client typed), never
//! through float arithmetic, so `0.1 + 0.2`-style drift cannot enter a stored amount.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Amounts above this (a hundred billion pesos) are refused: they are typing mistakes, and the
/// cents stay far inside the range where a JSON number is exact.
pub const MAX_CENTS: i64 = 10_000_000_000_000;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn from_cents(cents: i64) -> Self {
        Money(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// Pesos as a float, for spreadsheets and JSON output only.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// Parses a decimal text of pesos (`"1500"`, `"-12.5"`, `"3,75"`), rounding to cents half
    /// away from zero. `None` for anything else or for amounts beyond `MAX_CENTS`.
    pub fn parse(text: &str) -> Option<Money> {
        let cents = parse_scaled(text, 2)?;
        (cents.abs() <= i128::from(MAX_CENTS)).then_some(Money(cents as i64))
    }

    /// `self × numerator / denominator`, rounded to cents half away from zero.
    pub fn scaled(self, numerator: i128, denominator: i128) -> Option<Money> {
        let product = i128::from(self.0).checked_mul(numerator)?;
        let cents = div_round(product, denominator)?;
        (cents.abs() <= i128::from(MAX_CENTS)).then_some(Money(cents as i64))
    }

    pub fn checked_add(self, other: Money) -> Option<Money> {
        let sum = self.0.checked_add(other.0)?;
        (sum.abs() <= MAX_CENTS).then_some(Money(sum))
    }

    pub fn is_negative(self) -> bool {
        self.0 < 0
    }
}

/// Division rounding half away from zero.
fn div_round(value: i128, divisor: i128) -> Option<i128> {
    if divisor == 0 {
        return None;
    }
    let (q, r) = (value / divisor, value % divisor);
    if 2 * r.abs() >= divisor.abs() {
        Some(q + if (value < 0) == (divisor < 0) { 1 } else { -1 })
    } else {
        Some(q)
    }
}

/// Parses a decimal text into an integer of `10^-scale` units, rounding half away from zero.
/// Accepts an optional sign, digits, and one `.` or `,` decimal separator; no exponent.
pub fn parse_scaled(text: &str, scale: u32) -> Option<i128> {
    let text = text.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (int_part, frac_part) = match digits.split_once(['.', ',']) {
        Some((i, f)) => (i, f),
        None => (digits, ""),
    };
    let valid = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (int_part.is_empty() && frac_part.is_empty()) || !valid(int_part) || !valid(frac_part) || int_part.len() > 18 {
        return None;
    }
    let mut value: i128 = if int_part.is_empty() { 0 } else { int_part.parse().ok()? };
    let frac = frac_part.as_bytes();
    for i in 0..scale as usize {
        let digit = frac.get(i).map_or(0, |b| i128::from(b - b'0'));
        value = value * 10 + digit;
    }
    if frac.get(scale as usize).is_some_and(|b| *b >= b'5') {
        value += 1;
    }
    Some(if negative { -value } else { value })
}

impl Money {
    /// The amount as people in Argentina read it: `$ 1.234,56`, `-$ 0,30`. The one way the
    /// server writes money for people (PDFs, the audit's summaries); `Display` stays the
    /// plain `1234.56` of machine texts.
    pub fn es_ar(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let cents = self.0.unsigned_abs();
        let whole = (cents / 100).to_string();
        let mut grouped = String::new();
        for (i, digit) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                grouped.push('.');
            }
            grouped.push(digit);
        }
        format!("{sign}$ {grouped},{:02}", cents % 100)
    }

    /// An amount in pesos as JSON carries it (two decimals at most), to the cent.
    pub fn from_pesos(pesos: f64) -> Money {
        Money((pesos * 100.0).round() as i64)
    }
}

impl fmt::Display for Money {
    /// `1500.00`, `-0.50`: for messages and documents.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(f, "{sign}{}.{:02}", self.0.abs() / 100, self.0.abs() % 100)
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.as_f64())
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(MoneyVisitor)
    }
}

struct MoneyVisitor;

impl Visitor<'_> for MoneyVisitor {
    type Value = Money;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an amount of pesos")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Money, E> {
        Money::parse(&v.to_string()).ok_or_else(|| E::custom("amount out of range"))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Money, E> {
        Money::parse(&v.to_string()).ok_or_else(|| E::custom("amount out of range"))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Money, E> {
        // Display of f64 is the shortest text that reads back as the same number, without exponent.
        if !v.is_finite() {
            return Err(E::custom("amount is not a number"));
        }
        Money::parse(&v.to_string()).ok_or_else(|| E::custom("amount out of range"))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Money, E> {
        Money::parse(v).ok_or_else(|| E::custom("amount is not a number"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_reads_as_in_argentina() {
        assert_eq!(Money::from_cents(35_999_996).es_ar(), "$ 359.999,96");
        assert_eq!(Money::from_cents(123_456).es_ar(), "$ 1.234,56");
        assert_eq!(Money::from_cents(5).es_ar(), "$ 0,05");
        assert_eq!(Money::from_cents(-30).es_ar(), "-$ 0,30");
        assert_eq!(Money::from_cents(100_000_000).es_ar(), "$ 1.000.000,00");
        assert_eq!(Money::from_pesos(2250.9).es_ar(), "$ 2.250,90");
    }

    #[test]
    fn decimal_texts_become_exact_cents() {
        assert_eq!(Money::parse("1500"), Some(Money(150_000)));
        assert_eq!(Money::parse("12.5"), Some(Money(1_250)));
        assert_eq!(Money::parse("3,75"), Some(Money(375)));
        assert_eq!(Money::parse("0.125"), Some(Money(13)));
        assert_eq!(Money::parse("-0.125"), Some(Money(-13)));
        assert_eq!(Money::parse(".5"), Some(Money(50)));
        assert_eq!(Money::parse("abc"), None);
        assert_eq!(Money::parse("1e5"), None);
        assert_eq!(Money::parse(""), None);
    }

    #[test]
    fn json_numbers_round_trip_without_float_drift() {
        let m: Money = serde_json::from_str("0.3").unwrap();
        assert_eq!(m, Money(30));
        let m: Money = serde_json::from_str("\"45000\"").unwrap();
        assert_eq!(serde_json::to_string(&m).unwrap(), "45000.0");
        let m: Money = serde_json::from_str("12499.99").unwrap();
        assert_eq!(serde_json::to_string(&m).unwrap(), "12499.99");
    }

    #[test]
    fn scaling_rounds_half_away_from_zero() {
        // 10% of 0.05 is 0.005: rounds up to a cent
        assert_eq!(Money(5).scaled(10, 100), Some(Money(1)));
        assert_eq!(Money(-5).scaled(10, 100), Some(Money(-1)));
        assert_eq!(Money(1000).scaled(1, 3), Some(Money(333)));
    }
}
