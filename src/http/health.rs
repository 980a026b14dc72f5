//! `GET /health`: database reachable, and how far the projector lags behind the log.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};
use sqlx::PgPool;

/// The server's state: 200 with the projector's lag (events not yet in every read model), or 503
/// when the database cannot be reached.
#[utoipa::path(get, path = "/health", tag = "operación", operation_id = "health",
    responses((status = 200, description = "`{status, database, projector_lag}`"),
    (status = 503, description = "`{status: error, database: unreachable}`")))]
pub async fn health(State(pool): State<PgPool>) -> (StatusCode, Json<Value>) {
    let lag: Result<i64, sqlx::Error> = sqlx::query_scalar(
        "select coalesce(max((select count(*) from events e
                              where (e.tx_id, e.position) > (c.last_tx::text::xid8, c.last_position))), 0)
         from projection_checkpoints c",
    )
    .fetch_one(&pool)
    .await;
    match lag {
        Ok(lag) => (
            StatusCode::OK,
            Json(json!({ "status": "ok", "database": "ok", "projector_lag": lag })),
        ),
        Err(error) => {
            tracing::warn!(%error, "health check failed");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({ "status": "error", "database": "unreachable" })),
            )
        }
    }
}
