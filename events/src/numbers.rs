//! Reading the numbers people type, as the web app reads them (`webapp/src/lib/numbers.ts`;
//! `tests/cases/typed_numbers.json` holds both to the same answers). The shop is in Argentina:
//! the comma is the decimal separator and the dot groups thousands ('1.234,56'), but '1234.56'
//! and '1234,56' are typed too. A text is read exactly, as an integer of 10^-decimals units, or
//! refused with a Spanish reason; nothing is dropped or guessed:
//!
//! - blank is blank, not zero;
//! - an optional sign ('-' only where the rule allows negatives) and an optional '$';
//! - one comma: the decimal separator; dots before it must group thousands ('1.234.567,5');
//! - no comma and one dot: thousands when the dot follows 1 to 3 digits (not a lone 0) and is
//!   followed by exactly three ('12.500' is 12500), else the decimal point ('1234.56');
//!   where numbers stay small (`thousands: false`) any dot is the decimal point;
//! - several dots and no comma: thousands groups, else refused;
//! - spaces may group thousands ('1 234,56'); '1,234.56', two commas, letters and exponents
//!   are refused;
//! - more decimals than the rule keeps are refused unless they are zeros;
//! - a percentage may end in its sign ('10 %').

use serde::Deserialize;

/// How a field reads its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct NumberRule {
    /// Decimals the field keeps; 0 for whole numbers.
    pub decimals: u32,
    #[serde(default)]
    pub negative: bool,
    /// Whether a lone dot before three digits groups thousands.
    #[serde(default = "yes")]
    pub thousands: bool,
    /// Whether the text may end in '%'.
    #[serde(default)]
    pub percent: bool,
}

fn yes() -> bool {
    true
}

/// Pesos: two decimals, not negative.
pub const PESOS: NumberRule = NumberRule {
    decimals: 2,
    negative: false,
    thousands: true,
    percent: false,
};

/// A percentage: two decimals, its sign allowed, never a thousand.
pub const PERCENT: NumberRule = NumberRule {
    decimals: 2,
    negative: false,
    thousands: false,
    percent: true,
};

pub const NO_NUMERO: &str = "No es un número. Escriba, por ejemplo, 1.234,56.";
pub const DOS_COMAS: &str = "Tiene más de una coma: la coma separa los decimales (1.234,56).";
pub const MILES: &str = "Los puntos de miles deben separar grupos de tres cifras (1.234.567,89).";
pub const COMA_ANTES_DE_PUNTO: &str = "Use la coma para los decimales y el punto para los miles (1.234,56).";
pub const ENTERO: &str = "Debe ser un número entero, sin decimales.";
pub const NEGATIVO: &str = "No puede ser negativo.";
pub const GRANDE: &str = "El número es demasiado grande.";

fn decimales(n: u32) -> String {
    format!(
        "Admite como máximo {n} {}.",
        if n == 1 { "decimal" } else { "decimales" }
    )
}

/// JavaScript's white space (what `trim()` and `\s` take), which the web app reads by: Rust's
/// less U+0085, plus U+FEFF.
fn space(c: char) -> bool {
    (c.is_whitespace() && c != '\u{85}') || c == '\u{feff}'
}

/// What a typed text says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    Blank,
    /// In 10^-decimals units.
    Number(i64),
    /// Why it is not a number, in Spanish.
    Invalid(String),
}

/// `d{1,3}(sep d{3})+`
fn grouped(text: &str, sep: char) -> bool {
    let mut groups = text.split(sep);
    let first = groups.next().unwrap_or_default();
    let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
    let rest: Vec<&str> = groups.collect();
    (1..=3).contains(&first.len())
        && digits(first)
        && !rest.is_empty()
        && rest.iter().all(|g| g.len() == 3 && digits(g))
}

/// The whole and decimal parts of a text without sign, or why not.
fn split(body: &str, thousands: bool) -> Result<(String, String), &'static str> {
    if body.chars().any(space) {
        let spaced: String = body.chars().map(|c| if space(c) { ' ' } else { c }).collect();
        let (whole, fraction) = match spaced.find(['.', ',']) {
            Some(at) => (&spaced[..at], &spaced[at + 1..]),
            None => (spaced.as_str(), ""),
        };
        let valid = whole.chars().all(|c| c.is_ascii_digit() || c == ' ')
            && fraction.bytes().all(|b| b.is_ascii_digit())
            && grouped(whole, ' ');
        if !valid {
            return Err(MILES);
        }
        return Ok((whole.replace(' ', ""), fraction.to_string()));
    }
    let commas = body.matches(',').count();
    let dots = body.matches('.').count();
    if commas > 1 {
        return Err(DOS_COMAS);
    }
    if commas == 1 {
        let (whole, fraction) = body.split_once(',').unwrap_or((body, ""));
        if whole.contains('.') || fraction.contains('.') {
            if fraction.contains('.') {
                return Err(COMA_ANTES_DE_PUNTO);
            }
            if !thousands || !grouped(whole, '.') {
                return Err(MILES);
            }
            return Ok((whole.replace('.', ""), fraction.to_string()));
        }
        return Ok((whole.to_string(), fraction.to_string()));
    }
    match dots {
        0 => Ok((body.to_string(), String::new())),
        1 => {
            let (whole, fraction) = body.split_once('.').unwrap_or((body, ""));
            let lone = (1..=3).contains(&whole.len())
                && !whole.starts_with('0')
                && whole.bytes().all(|b| b.is_ascii_digit())
                && fraction.len() == 3
                && fraction.bytes().all(|b| b.is_ascii_digit());
            match thousands && lone {
                true => Ok((format!("{whole}{fraction}"), String::new())),
                false => Ok((whole.to_string(), fraction.to_string())),
            }
        }
        _ if thousands && grouped(body, '.') => Ok((body.replace('.', ""), String::new())),
        _ => Err(MILES),
    }
}

/// Reads a typed number by `rule` (see the rules at the top of this file).
pub fn read_number(text: &str, rule: NumberRule) -> Reading {
    let mut trimmed = text.trim_matches(space);
    if trimmed.is_empty() {
        return Reading::Blank;
    }
    if rule.percent {
        if let Some(rest) = trimmed.strip_suffix('%') {
            trimmed = rest.trim_end_matches(space);
        }
    }
    let (negative, rest) = match trimmed.chars().next() {
        Some('-') => (true, &trimmed[1..]),
        Some('+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let rest = rest.trim_start_matches(space);
    let body = rest.strip_prefix('$').map_or(rest, |r| r.trim_start_matches(space));
    let allowed = |c: char| c.is_ascii_digit() || c == '.' || c == ',' || space(c);
    if !body.chars().all(allowed) || !body.chars().any(|c| c.is_ascii_digit()) {
        return Reading::Invalid(NO_NUMERO.into());
    }
    let (whole, fraction) = match split(body, rule.thousands) {
        Ok(parts) => parts,
        Err(e) => return Reading::Invalid(e.into()),
    };
    let keeps = rule.decimals as usize;
    // Zeros past the decimals the rule keeps change nothing; other digits would.
    let fraction = match fraction.len() > keeps {
        true => fraction.trim_end_matches('0').to_string(),
        false => fraction,
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(&whole) || !digits(&fraction) {
        return Reading::Invalid(NO_NUMERO.into());
    }
    if fraction.len() > keeps {
        return Reading::Invalid(match rule.decimals {
            0 => ENTERO.into(),
            n => decimales(n),
        });
    }
    let text = format!("{}{:0<keeps$}", if whole.is_empty() { "0" } else { &whole }, fraction);
    if negative && !rule.negative && text.bytes().any(|b| b != b'0') {
        return Reading::Invalid(NEGATIVO.into());
    }
    let Ok(magnitude) = text.parse::<i128>() else {
        return Reading::Invalid(GRANDE.into());
    };
    // JavaScript's safe integers: the web app reads no further.
    const SAFE: i128 = (1 << 53) - 1;
    if magnitude > SAFE {
        return Reading::Invalid(GRANDE.into());
    }
    let units = magnitude as i64;
    Reading::Number(if negative { -units } else { units })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Case {
        text: String,
        rule: NumberRule,
        #[serde(default)]
        units: Option<i64>,
        #[serde(default)]
        error: Option<String>,
    }

    /// The cases the web app's suite reads too.
    #[test]
    fn reads_every_shared_case_as_the_web_app_does() {
        let text = include_str!("../../tests/cases/typed_numbers.json");
        let cases: Vec<Case> = serde_json::from_str(text).expect("typed_numbers.json");
        assert!(cases.len() > 30);
        for c in cases {
            let expected = match (c.units, c.error) {
                (Some(u), _) => Reading::Number(u),
                (None, Some(e)) => Reading::Invalid(e),
                (None, None) => Reading::Blank,
            };
            assert_eq!(read_number(&c.text, c.rule), expected, "{:?}", c.text);
        }
    }
}
