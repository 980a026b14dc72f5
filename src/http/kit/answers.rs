//! The shapes of the contract's answers every feature gives: a created record, a message, the
//! list of a validation's problems, a workbook or a PDF to download.

use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;

use crate::error::AppError;

/// The contract's answer to a create or an update: 201 with a typed body (`mensaje` and the
/// record under its key; each feature declares its own, so the document names it).
pub struct Created<T>(pub T);

impl<T: serde::Serialize> IntoResponse for Created<T> {
    fn into_response(self) -> axum::response::Response {
        (StatusCode::CREATED, Json(self.0)).into_response()
    }
}

/// A message answer: deletes, not-found and refusals.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Mensaje {
    pub mensaje: String,
}

impl Mensaje {
    pub fn new(mensaje: impl Into<String>) -> Json<Mensaje> {
        Json(Mensaje {
            mensaje: mensaje.into(),
        })
    }
}

/// A validation failure: one Spanish message per field problem.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Errores {
    pub errors: Vec<String>,
}

/// An Excel workbook as a download named `name` (which may hold accents).
pub fn xlsx_download(bytes: Vec<u8>, name: &str) -> axum::response::Response {
    let kind = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_string();
    let disposition = crate::reports::stock_excel::attachment(name);
    (
        [
            (axum::http::header::CONTENT_TYPE, kind),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response()
}

/// Renders a PDF and answers it as the download `filename`. The rendering runs on a blocking
/// thread: printpdf's document is single-threaded and the work is CPU-bound.
pub async fn pdf_download<E: std::fmt::Display + Send + 'static>(
    filename: &str,
    render: impl FnOnce() -> Result<Vec<u8>, E> + Send + 'static,
) -> Result<axum::response::Response, AppError> {
    let bytes = tokio::task::spawn_blocking(render)
        .await
        .map_err(AppError::internal)?
        .map_err(AppError::internal)?;
    Ok((
        [
            (axum::http::header::CONTENT_TYPE, "application/pdf".to_string()),
            (
                axum::http::header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        bytes,
    )
        .into_response())
}
