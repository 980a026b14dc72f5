//! What the notices say (one text for the mail and the WhatsApp link), and Argentine phone
//! numbers as `wa.me` wants them.

use optica_query::jobs::ParaAviso;

/// The 'your glasses are ready' message.
pub fn listo(shop: &str, datos: &ParaAviso, id: i64, enlace: &str) -> String {
    let saludo = match datos.paciente.as_deref() {
        Some(nombre) => format!("Hola {nombre}:"),
        None => "Hola:".to_string(),
    };
    let donde = match (datos.local.as_deref(), datos.direccion.as_deref()) {
        (Some(local), Some(direccion)) => format!(" en {local} ({direccion})"),
        (Some(local), None) => format!(" en {local}"),
        _ => String::new(),
    };
    let pedido = datos.pedido(id);
    format!(
        "{saludo} tu anteojo del pedido {pedido} está listo. Podés retirarlo{donde}.\n\
         Seguí tu pedido en {enlace}\n{shop}"
    )
}

/// The 'time for a check-up' message of a patient whose latest ficha is `meses` months old.
pub fn recordatorio(shop: &str, nombre: &str, meses: i64) -> String {
    format!(
        "Hola {nombre}: pasaron {meses} meses desde tu último control visual en {shop}. \
         Te esperamos para revisar tu graduación."
    )
}

/// A phone as typed in Argentina ('0379 15 4123456', '+54 9 11 1234-5678', '3772 123456') in
/// the international form WhatsApp uses: 54, 9 for mobiles, the area code without its 0 and the
/// number without the 15. `None` when it cannot be a phone number.
pub fn whatsapp_number(celular: &str) -> Option<String> {
    let mut digits: String = celular.chars().filter(char::is_ascii_digit).collect();
    if let Some(rest) = digits.strip_prefix("00") {
        digits = rest.to_string();
    }
    let national = if let Some(rest) = digits.strip_prefix("549") {
        rest.to_string()
    } else if let Some(rest) = digits.strip_prefix("54").filter(|r| r.len() >= 10) {
        rest.to_string()
    } else {
        digits.trim_start_matches('0').to_string()
    };
    // Area code (2 to 4 digits) + number make 10 digits; the mobile prefix 15 makes 12.
    let national = if national.len() == 12 {
        (2..=4)
            .find(|&at| &national[at..at + 2] == "15")
            .map(|at| format!("{}{}", &national[..at], &national[at + 2..]))?
    } else {
        national
    };
    (national.len() == 10).then(|| format!("549{national}"))
}

/// A `wa.me` link that opens a chat with `celular` with `texto` typed in.
pub fn whatsapp_link(celular: &str, texto: &str) -> Option<String> {
    let number = whatsapp_number(celular)?;
    let mut encoded = String::new();
    for byte in texto.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => encoded.push(byte as char),
            _ => encoded.push_str(&format!("%{byte:02X}")),
        }
    }
    Some(format!("https://wa.me/{number}?text={encoded}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argentine_phones_become_international_mobile_numbers() {
        assert_eq!(whatsapp_number("0379 15 4123456").as_deref(), Some("5493794123456"));
        assert_eq!(whatsapp_number("11 15 1234-5678").as_deref(), Some("5491112345678"));
        assert_eq!(whatsapp_number("3772 15 123456").as_deref(), Some("5493772123456"));
        assert_eq!(whatsapp_number("+54 9 11 1234-5678").as_deref(), Some("5491112345678"));
        assert_eq!(whatsapp_number("+54 11 1234 5678").as_deref(), Some("5491112345678"));
        assert_eq!(whatsapp_number("3772 123456").as_deref(), Some("5493772123456"));
        assert_eq!(whatsapp_number("123"), None);
        assert_eq!(whatsapp_number(""), None);
    }

    #[test]
    fn the_link_carries_the_text_encoded() {
        let link = whatsapp_link("3772 123456", "Hola Ñandú: ¿listo? #7").unwrap();
        assert_eq!(
            link,
            "https://wa.me/5493772123456?text=Hola%20%C3%91and%C3%BA%3A%20%C2%BFlisto%3F%20%237"
        );
    }
}
