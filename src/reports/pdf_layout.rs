//! A small page writer over printpdf: lines of text that wrap at the right margin and continue on
//! a new page at the bottom one, in Helvetica with its standard (WinAnsi) encoding.

use printpdf::{BuiltinFont, IndirectFontRef, Mm, PdfDocument, PdfDocumentReference, PdfLayerReference};

/// US Letter, in points.
const PAGE_WIDTH: f32 = 612.0;
const PAGE_HEIGHT: f32 = 792.0;
const LEFT: f32 = 50.0;
const RIGHT: f32 = 562.0;
const TOP: f32 = 750.0;
const BOTTOM: f32 = 50.0;

pub fn mm(points: f32) -> Mm {
    Mm(points * 25.4 / 72.0)
}

/// Characters of Windows-1252 above Latin-1's printable range (0x80..0x9F).
const WIN_ANSI_EXTRA: &str = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";

/// The text as Helvetica can show it: line breaks and tabs become spaces, and a character the
/// font's encoding lacks (an emoji, say) becomes '?', so nothing disappears silently.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\r' | '\t' => ' ',
            ' '..='~' | '\u{a0}'..='\u{ff}' => c,
            c if WIN_ANSI_EXTRA.contains(c) => c,
            _ => '?',
        })
        .collect()
}

/// Helvetica advance widths (thousandths of the font size) of printable ASCII; accented letters
/// take their base letter's width, anything else an average one.
const ASCII_WIDTHS: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // ' '..'/'
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // digits
    278, 278, 584, 584, 584, 556, 1015, // ':'..'@'
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
    667, 667, 611, // 'A'..'Z'
    278, 278, 278, 469, 556, 333, // '['..'`'
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722,
    500, 500, 500, // 'a'..'z'
    334, 260, 334, 584, // '{'..'~'
];

fn base_letter(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' | 'ã' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ñ' => 'n',
        // A capital is its small letter's base, capitalised.
        upper if upper.is_uppercase() => {
            let mut lower = upper.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(l), None) if base_letter(l) != l => base_letter(l).to_ascii_uppercase(),
                _ => upper,
            }
        }
        other => other,
    }
}

/// The width of `text` in points; bold runs about a tenth wider.
pub fn width(text: &str, size: f32, bold: bool) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| {
            let c = base_letter(c);
            if (' '..='~').contains(&c) {
                u32::from(ASCII_WIDTHS[c as usize - 32])
            } else {
                611
            }
        })
        .sum();
    let factor = if bold { 1.1 } else { 1.0 };
    units as f32 * size / 1000.0 * factor
}

/// Splits `text` into lines no wider than `max` points, at spaces where it can.
pub fn wrap(text: &str, size: f32, bold: bool, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if width(&candidate, size, bold) <= max {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        // A word longer than the line is cut where it must.
        for c in word.chars() {
            current.push(c);
            if width(&current, size, bold) > max {
                current.pop();
                lines.push(std::mem::replace(&mut current, c.to_string()));
            }
        }
    }
    lines.push(current);
    lines
}

/// Where the page's text may go: from `LEFT` to `RIGHT` points.
pub const MARGINS: (f32, f32) = (LEFT, RIGHT);

/// A cell of `Writer::cells`.
pub struct Cell<'a> {
    pub text: &'a str,
    pub x: f32,
    pub right: bool,
    pub max: f32,
}

/// Font choice of one line.
#[derive(Clone, Copy, Debug)]
pub enum Style {
    Regular(f32),
    Bold(f32),
}

pub struct Writer {
    doc: PdfDocumentReference,
    layer: PdfLayerReference,
    regular: IndirectFontRef,
    bold: IndirectFontRef,
    /// Baseline of the next line, in points from the bottom.
    y: f32,
    /// Distance between baselines.
    step: f32,
}

impl Writer {
    pub fn new(title: &str, step: f32) -> Result<Self, printpdf::Error> {
        let (doc, page, layer) = PdfDocument::new(printable(title), mm(PAGE_WIDTH), mm(PAGE_HEIGHT), "texto");
        let regular = doc.add_builtin_font(BuiltinFont::Helvetica)?;
        let bold = doc.add_builtin_font(BuiltinFont::HelveticaBold)?;
        let layer = doc.get_page(page).get_layer(layer);
        Ok(Writer {
            doc,
            layer,
            regular,
            bold,
            y: TOP,
            step,
        })
    }

    fn font(&self, style: Style) -> (&IndirectFontRef, f32, bool) {
        match style {
            Style::Regular(size) => (&self.regular, size, false),
            Style::Bold(size) => (&self.bold, size, true),
        }
    }

    /// Moves to the next line, starting a new page below the bottom margin.
    fn advance(&mut self) {
        self.y -= self.step;
        if self.y < BOTTOM {
            let (page, layer) = self.doc.add_page(mm(PAGE_WIDTH), mm(PAGE_HEIGHT), "texto");
            self.layer = self.doc.get_page(page).get_layer(layer);
            self.y = TOP;
        }
    }

    fn put(&self, text: &str, style: Style, x: f32) {
        let (font, size, _) = self.font(style);
        self.layer.use_text(text, size, mm(x), mm(self.y), font);
    }

    /// One paragraph from the left margin, wrapped as needed.
    pub fn line(&mut self, text: &str, style: Style) {
        let (_, size, bold) = self.font(style);
        for part in wrap(&printable(text), size, bold, RIGHT - LEFT) {
            self.put(&part, style, LEFT);
            self.advance();
        }
    }

    /// Two columns side by side (the left one from the margin, the right one from the middle);
    /// each wraps within its half.
    pub fn columns(&mut self, left: &str, right: &str, style: Style) {
        let (_, size, bold) = self.font(style);
        let middle = (LEFT + RIGHT) / 2.0 + 20.0;
        let half = middle - LEFT - 10.0;
        let lefts = wrap(&printable(left), size, bold, half);
        let rights = wrap(&printable(right), size, bold, RIGHT - middle);
        for i in 0..lefts.len().max(rights.len()) {
            if let Some(text) = lefts.get(i) {
                self.put(text, style, LEFT);
            }
            if let Some(text) = rights.get(i) {
                self.put(text, style, middle);
            }
            self.advance();
        }
    }

    pub fn gap(&mut self) {
        self.advance();
    }

    /// A row of cells, each at its x (points from the page's left edge) and left-aligned, or
    /// ending at its x when right-aligned; a cell wider than its `max` wraps onto more lines.
    pub fn cells(&mut self, cells: &[Cell<'_>], style: Style) {
        let (_, size, bold) = self.font(style);
        let wrapped: Vec<Vec<String>> = cells
            .iter()
            .map(|cell| wrap(&printable(cell.text), size, bold, cell.max))
            .collect();
        for i in 0..wrapped.iter().map(Vec::len).max().unwrap_or(0) {
            for (cell, lines) in cells.iter().zip(&wrapped) {
                let Some(text) = lines.get(i) else { continue };
                let x = if cell.right {
                    cell.x - width(text, size, bold)
                } else {
                    cell.x
                };
                self.put(text, style, x);
            }
            self.advance();
        }
    }

    /// Starts a new page unless `height` points fit above the bottom margin.
    pub fn ensure(&mut self, height: f32) {
        if self.y - height < BOTTOM {
            let (page, layer) = self.doc.add_page(mm(PAGE_WIDTH), mm(PAGE_HEIGHT), "texto");
            self.layer = self.doc.get_page(page).get_layer(layer);
            self.y = TOP;
        }
    }

    /// Moves down `points` (drawings take their room this way).
    pub fn skip(&mut self, points: f32) {
        self.y -= points;
    }

    /// Where the next line's baseline is, and the layer to draw on there.
    pub fn cursor(&self) -> (f32, &PdfLayerReference) {
        (self.y, &self.layer)
    }

    pub fn finish(self) -> Result<Vec<u8>, printpdf::Error> {
        self.doc.save_to_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_outside_the_font_is_marked_not_dropped() {
        assert_eq!(printable("Año ¿Sí? ¡Ñandú!\nfin 😀"), "Año ¿Sí? ¡Ñandú! fin ?");
        assert_eq!(printable("“citas” – 10 €"), "“citas” – 10 €");
    }

    #[test]
    fn long_text_wraps_within_the_width_and_keeps_every_word() {
        let text = "cristal orgánico antirreflejo ".repeat(12);
        let lines = wrap(text.trim(), 10.0, false, 200.0);
        assert!(lines.len() > 3);
        assert!(lines.iter().all(|l| width(l, 10.0, false) <= 200.0));
        assert_eq!(lines.join(" "), text.trim());
        let long_word = "x".repeat(200);
        assert_eq!(wrap(&long_word, 10.0, false, 100.0).concat(), long_word);
    }
}
