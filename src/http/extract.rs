//! Extractors whose rejections use the contract's envelope instead of axum's plain text.

use axum::extract::rejection::{FormRejection, JsonRejection, PathRejection};
use axum::extract::{FromRequest, FromRequestParts};

use crate::error::AppError;

#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct ApiJson<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct ApiPath<T>(pub T);

#[derive(FromRequest)]
#[from_request(via(axum::Form), rejection(AppError))]
pub struct ApiForm<T>(pub T);

impl From<JsonRejection> for AppError {
    fn from(r: JsonRejection) -> Self {
        match r {
            JsonRejection::MissingJsonContentType(_) => {
                AppError::BadRequest("La solicitud debe enviar un cuerpo JSON (Content-Type: application/json)".into())
            }
            JsonRejection::JsonDataError(_) => {
                AppError::BadRequest("Datos inválidos: algún campo tiene un tipo o formato incorrecto".into())
            }
            _ => AppError::BadRequest("El cuerpo de la solicitud no es un JSON válido".into()),
        }
    }
}

impl From<PathRejection> for AppError {
    fn from(_: PathRejection) -> Self {
        AppError::BadRequest("Parámetro de ruta inválido".into())
    }
}

impl From<FormRejection> for AppError {
    fn from(_: FormRejection) -> Self {
        AppError::BadRequest("El formulario de la solicitud no es válido".into())
    }
}
