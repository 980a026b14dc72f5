//! Lists of one field out of a JSON array answer.

use serde_json::Value;

/// The number under `key` in every item of a JSON array.
pub fn numbers(list: &Value, key: &str) -> Vec<i64> {
    field(list, key, Value::as_i64)
}

/// The text under `key` in every item of a JSON array.
pub fn texts<'a>(list: &'a Value, key: &str) -> Vec<&'a str> {
    field(list, key, Value::as_str)
}

/// `read` of the field under `key` in every item of a JSON array; panics on an item without it.
fn field<'a, T>(list: &'a Value, key: &str, read: impl Fn(&'a Value) -> Option<T>) -> Vec<T> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|e| read(&e[key]).unwrap())
        .collect()
}
