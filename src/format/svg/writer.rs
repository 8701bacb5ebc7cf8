//! The SVG text itself: a document under construction, numbers written
//! short, and the one escaping helper every piece of text goes through.
//!
//! Plain text rather than a crate: the pictures use six elements (`rect`,
//! `polygon`, `path`, `circle`, `text`, `g`) with literal attributes, so a
//! builder crate would add a dependency and hide nothing. What must not go
//! wrong is escaping, and all text (titles, labels, piece names from JSON
//! input) passes through [`escape`].

use std::fmt::Write;

/// `&`, `<`, `>`, `"` and `'` as XML entities, so that any text is safe in
/// element content and in quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // XML 1.0 forbids most control characters even as references.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate as written: at most two decimals, no trailing zeros
/// (`12`, `7.5`, `3.33`).
pub fn num(x: f64) -> String {
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// An SVG document being written: the header on creation, elements one
/// line each, the footer on [`Svg::finish`].
pub struct Svg {
    out: String,
}

impl Svg {
    /// A document `width` x `height` user units (also its size in pixels),
    /// white, with `title` as its accessible name.
    pub fn new(width: f64, height: f64, title: &str) -> Self {
        let (w, h) = (num(width), num(height));
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        let _ = writeln!(out, r##"<rect width="{w}" height="{h}" fill="#FFFFFF"/>"##);
        Svg { out }
    }

    /// Appends one element (or any markup) and a newline.
    pub fn line(&mut self, markup: &str) {
        self.out.push_str(markup);
        self.out.push('\n');
    }

    /// A filled polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str) {
        let pts: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect();
        self.line(&format!(r#"<polygon points="{}" fill="{fill}"/>"#, pts.join(" ")));
    }

    /// A filled rectangle.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        self.line(&format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}"/>"#,
            num(x),
            num(y),
            num(w),
            num(h)
        ));
    }

    /// Text centred on (`x`, `y`), `size` units high.
    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        self.line(&format!(
            r#"<text x="{}" y="{}" font-size="{}" fill="{fill}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
            num(x),
            num(y),
            num(size),
            escape(text)
        ));
    }

    /// Text starting at (`x`, `y`) (its left end, vertically centred).
    pub fn text_left(&mut self, x: f64, y: f64, size: f64, text: &str) {
        self.line(&format!(
            r##"<text x="{}" y="{}" font-size="{}" fill="#000000" dominant-baseline="central">{}</text>"##,
            num(x),
            num(y),
            num(size),
            escape(text)
        ));
    }

    /// A stroked path, not filled.
    pub fn stroke(&mut self, d: &str, colour: &str, width: f64) {
        self.line(&format!(
            r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
            num(width)
        ));
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(escape(r#"L' <&> "x""#), "L&apos; &lt;&amp;&gt; &quot;x&quot;");
        assert_eq!(escape("a\u{1}b"), "a\u{FFFD}b");
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(7.5), "7.5");
        assert_eq!(num(10.0 / 3.0), "3.33");
        assert_eq!(num(-0.001), "0");
    }
}
