//! The bounds of a list's page number and page size.

use crate::error::AppError;

/// The highest page number a list accepts: far past any shop's data, and small enough that
/// `page * size` can never overflow.
pub const MAX_PAGE: i64 = 10_000_000;

/// A zero-based page number from a path or query; refused outside 0..=MAX_PAGE (the old server
/// answered 500 for negative ones, and a huge one overflowed the offset).
pub fn page_index(page: i64) -> Result<i64, AppError> {
    if (0..=MAX_PAGE).contains(&page) {
        Ok(page)
    } else {
        Err(AppError::BadRequest(format!(
            "El número de página debe estar entre 0 y {MAX_PAGE}"
        )))
    }
}

/// The largest page any list may be asked for.
pub const MAX_PAGE_SIZE: i64 = 100;

/// The page size a caller asked for, or `default`; refused outside 1..=MAX_PAGE_SIZE.
pub fn page_size(asked: Option<i64>, default: i64) -> Result<i64, AppError> {
    let size = asked.unwrap_or(default);
    if (1..=MAX_PAGE_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(AppError::BadRequest(format!(
            "El tamaño de página debe estar entre 1 y {MAX_PAGE_SIZE}"
        )))
    }
}

/// A paged list's query parameters: the struct as written, followed by the `page` and `size`
/// every paged list takes (read leniently, as the existing front end sends them). Its fields are
/// all optional, as a query string's are.
macro_rules! paged_query {
    (
        $(#[$($meta:tt)*])*
        pub struct $name:ident {
            $($(#[$($field_meta:tt)*])* pub $field:ident: Option<$inner:ident>,)*
        }
    ) => {
        $(#[$($meta)*])*
        pub struct $name {
            $($(#[$($field_meta)*])* pub $field: Option<$inner>,)*
            #[serde(default, deserialize_with = "crate::http::kit::lenient::opt_i64")]
                        pub page: Option<i64>,
            #[serde(default, deserialize_with = "crate::http::kit::lenient::opt_i64")]
                        pub size: Option<i64>,
        }
    };
}
pub(crate) use paged_query;
