//! Spring Data's `Page` as the existing web app reads it (contract section 1.4).

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SortInfo {
    pub empty: bool,
    pub sorted: bool,
    pub unsorted: bool,
}

const UNSORTED: SortInfo = SortInfo {
    empty: true,
    sorted: false,
    unsorted: true,
};

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pageable {
    pub sort: SortInfo,
    pub offset: i64,
    pub page_number: i64,
    pub page_size: i64,
    pub paged: bool,
    pub unpaged: bool,
}

/// One page of a list; `number` is zero-based.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub content: Vec<T>,
    pub pageable: Pageable,
    pub last: bool,
    pub total_pages: i64,
    pub total_elements: i64,
    pub size: i64,
    pub number: i64,
    pub sort: SortInfo,
    pub first: bool,
    pub number_of_elements: i64,
    pub empty: bool,
}

impl<T> Page<T> {
    pub fn new(content: Vec<T>, number: i64, size: i64, total_elements: i64) -> Self {
        let total_pages = if size > 0 {
            (total_elements + size - 1) / size
        } else {
            0
        };
        let count = content.len() as i64;
        Page {
            pageable: Pageable {
                sort: UNSORTED,
                offset: number * size,
                page_number: number,
                page_size: size,
                paged: true,
                unpaged: false,
            },
            last: number + 1 >= total_pages,
            total_pages,
            total_elements,
            size,
            number,
            sort: UNSORTED,
            first: number == 0,
            number_of_elements: count,
            empty: count == 0,
            content,
        }
    }
}

/// Ends a list's statement with page `number` of `size` rows (`limit`/`offset` as parameters).
pub(crate) fn limit_page(q: &mut sqlx::QueryBuilder<'_, sqlx::Postgres>, number: i64, size: i64) {
    q.push(" limit ")
        .push_bind(size)
        .push(" offset ")
        .push_bind(number * size);
}
