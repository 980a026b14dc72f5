//! A lookup used by other records is not deleted, also when the deletion races the use.

use super::*;
use crate::common::scalar;

#[sqlx::test]
async fn a_branch_in_use_is_not_deleted(pool: PgPool) {
    let (app, admin) = TestApp::with_admin(pool).await;
    let id = create_branch(&app, &admin, "Yapeyu").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(id)).await;
    let (status, body) = app.delete(&format!("/api/local/{id}"), Some(&admin)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["mensaje"]
        .as_str()
        .unwrap()
        .starts_with("Existen usuarios asignados a este local"));
    let (_, list) = app.get("/api/local", Some(&admin)).await;
    assert_eq!(list[0]["id"], id, "the branch is still there");
}

/// A payment method or a branch that only cash-box movements use was deleted, and
/// every movement then showed `"metodoPago": null` / `"local": null`.
#[sqlx::test]
async fn a_payment_method_or_branch_used_by_movements_is_not_deleted(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let admin = shop.admin.as_str();
    // A branch with nothing but an expense: no product, patient or user names it.
    let caja = create_branch(&app, admin, "Caja chica").await;
    let fecha = format!("{}T10:30", app.state.today());
    let expense = json!({
        "tipoMovimiento": "SALIDA", "fecha": fecha, "local": {"id": caja}, "total": 50,
        "totalImpuesto": 50, "descripcion": "Café", "detalles": [], "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 50, "montoImpuesto": 50, "metodoPago": {"id": shop.tarjeta},
                             "fecha": fecha}]
    });
    let (status, answer) = app.post("/api/movimientos", Some(admin), expense).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let id = answer["movimiento"]["id"].as_i64().unwrap();

    let (status, body) = app
        .delete(&format!("/api/metodoPago/{}", shop.tarjeta), Some(admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["mensaje"],
        "Existen Movimientos en la Caja. Por favor elimine esos movimientos para continuar"
    );
    let (status, body) = app.delete(&format!("/api/local/{caja}"), Some(admin)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["mensaje"],
        "Existen Movimientos en la Caja o productos que poseen este local. Por favor elimine esos movimientos o productos para continuar"
    );
    let (_, movement) = app.get(&format!("/api/movimientos/{id}"), Some(admin)).await;
    assert_eq!(movement["local"]["nombre"], "Caja chica");
    assert_eq!(movement["cajaMovimientos"][0]["metodoPago"]["nombre"], "Tarjeta");

    // Once the movement is gone, both can go.
    let (status, _) = app.delete(&format!("/api/movimientos/{id}"), Some(admin)).await;
    assert!(status.is_success());
    let (status, body) = app.delete(&format!("/api/local/{caja}"), Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The reference check is race-free. A movement naming a payment method and the
/// method's deletion, sent at the same instant: never both succeed.
#[sqlx::test]
async fn a_sale_and_the_deletion_of_its_payment_method_never_both_succeed(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let admin = shop.admin.as_str();
    let mut sold = 0;
    for round in 0..15 {
        let (_, created) = app
            .post(
                "/api/metodoPago",
                Some(admin),
                json!({"nombre": format!("Cheque {round}")}),
            )
            .await;
        let metodo = created["metodoPago"]["id"].as_i64().unwrap();
        let body = json!({
            "tipoMovimiento": "SALIDA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro}, "total": 10,
            "totalImpuesto": 10, "descripcion": "Envío", "detalles": [], "detallesAdicionales": [],
            "cajaMovimientos": [{"monto": 10, "montoImpuesto": 10, "metodoPago": {"id": metodo},
                                 "fecha": "2026-11-21T10:30"}]
        });
        let path = format!("/api/metodoPago/{metodo}");
        let ((sale, answer), (deletion, _)) = tokio::join!(
            app.post("/api/movimientos", Some(&shop.seller), body),
            app.delete(&path, Some(admin)),
        );
        assert!(
            !(sale == StatusCode::CREATED && deletion == StatusCode::OK),
            "round {round}: the sale and the deletion of its payment method both succeeded"
        );
        if sale == StatusCode::CREATED {
            sold += 1;
            let (_, movement) = app
                .get(&format!("/api/movimientos/{}", answer["movimiento"]["id"]), Some(admin))
                .await;
            assert_eq!(movement["cajaMovimientos"][0]["metodoPago"]["id"], metodo);
        } else {
            assert_eq!(sale, StatusCode::BAD_REQUEST, "a refused sale is a 400: {answer}");
        }
    }
    app.caught_up().await;
    let dangling: i64 = scalar(
        &app.pool,
        "select count(*) from movement_payments p
         where not exists (select 1 from lookup_items l where l.kind = 'MetodoPago' and l.id = p.metodo_pago_id)",
    )
    .await;
    assert_eq!(
        dangling, 0,
        "{sold} sales committed; none may name a deleted payment method"
    );
}
