//! Rows sent to a table with `COPY … FROM STDIN`, in PostgreSQL's text format: PostgreSQL parses
//! them faster than an `insert … select from unnest` of the same columns unpacks its arrays, and
//! the text can be made on the thread that prepares a rebuild's next batch while this one is
//! written.

use std::io::Write;

use chrono::NaiveDateTime;
use sqlx::PgConnection;

/// A value as the text format writes it.
pub(crate) trait CopyValue {
    fn put(&self, out: &mut Vec<u8>);
}

impl CopyValue for i64 {
    fn put(&self, out: &mut Vec<u8>) {
        let _ = write!(out, "{self}");
    }
}

impl CopyValue for i32 {
    fn put(&self, out: &mut Vec<u8>) {
        let _ = write!(out, "{self}");
    }
}

impl CopyValue for bool {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(if *self { b't' } else { b'f' });
    }
}

impl CopyValue for NaiveDateTime {
    fn put(&self, out: &mut Vec<u8>) {
        let _ = write!(out, "{}", self.format("%Y-%m-%d %H:%M:%S%.f"));
    }
}

/// Text, with the four characters the format gives a meaning escaped: a description may hold
/// any of them.
impl CopyValue for str {
    fn put(&self, out: &mut Vec<u8>) {
        for &b in self.as_bytes() {
            match b {
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\t' => out.extend_from_slice(b"\\t"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                other => out.push(other),
            }
        }
    }
}

impl CopyValue for String {
    fn put(&self, out: &mut Vec<u8>) {
        self.as_str().put(out)
    }
}

impl<T: CopyValue> CopyValue for Option<T> {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            Some(value) => value.put(out),
            None => out.extend_from_slice(b"\\N"),
        }
    }
}

/// The rows for one table, in the order of its `columns`.
pub(crate) struct CopyRows {
    /// `table (column, …)`, as `COPY` names them.
    target: &'static str,
    data: Vec<u8>,
    rows: usize,
}

impl CopyRows {
    pub(crate) fn new(target: &'static str) -> Self {
        CopyRows {
            target,
            data: Vec::new(),
            rows: 0,
        }
    }

    /// Appends a row: its values in the order of the target's columns.
    pub(crate) fn row(&mut self, values: &[&dyn CopyValue]) {
        for (n, value) in values.iter().enumerate() {
            if n > 0 {
                self.data.push(b'\t');
            }
            value.put(&mut self.data);
        }
        self.data.push(b'\n');
        self.rows += 1;
    }

    /// Sends the rows (none: nothing is sent).
    pub(crate) async fn write(self, conn: &mut PgConnection) -> Result<(), sqlx::Error> {
        if self.rows == 0 {
            return Ok(());
        }
        let mut copy = conn.copy_in_raw(&format!("copy {} from stdin", self.target)).await?;
        if let Err(e) = copy.send(self.data).await {
            // The connection is told the copy failed, so it is left usable.
            let _ = copy.abort("no se pudieron enviar las filas").await;
            return Err(e);
        }
        copy.finish().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_escapes_what_the_format_reads_and_null_is_its_marker() {
        let mut rows = CopyRows::new("t (a, b, c, d)");
        let tricky = "a\tb\nc\\d\re";
        rows.row(&[&7_i64, &Some(tricky.to_string()), &None::<String>, &true]);
        assert_eq!(rows.data, b"7\ta\\tb\\nc\\\\d\\re\t\\N\tt\n");
    }
}
