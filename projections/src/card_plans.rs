//! A card's plans into `card_plan_rates`: one row per plan and start date, as the events set
//! them (a withdrawal is a row without surcharge). A handful of events per payment method.

use async_trait::async_trait;
use optica_events::card_plans::{PlanesTarjetaEvent, CARD_PLANS_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct CardPlansProjection;

#[async_trait]
impl Projection for CardPlansProjection {
    identity!("card_plans", ["card_plan_rates"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(metodo_pago_id) = event.id_in(CARD_PLANS_AGGREGATE)? else {
            return Ok(());
        };
        let (cuotas, desde, recargo) = match event.decode::<PlanesTarjetaEvent>()? {
            PlanesTarjetaEvent::TasaFijada { cuotas, recargo, desde } => {
                (cuotas, desde, Some(recargo.hundredths() as i32))
            }
            PlanesTarjetaEvent::PlanRetirado { cuotas, desde } => (cuotas, desde, None),
        };
        execute!(
            conn,
            "insert into card_plan_rates (metodo_pago_id, cuotas, desde, recargo_hundredths) values ($1, $2, $3, $4)
             on conflict (metodo_pago_id, cuotas, desde) do update set recargo_hundredths = excluded.recargo_hundredths";
            metodo_pago_id, cuotas as i32, desde, recargo
        )?;
        Ok(())
    }
}
