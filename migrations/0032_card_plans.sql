-- A card's plans in cuotas, written by projections/src/card_plans.rs: each plan's dated rates
-- (a null surcharge: from that day the plan is not offered). The rate of a day is the row of
-- the latest start on or before it.
CREATE TABLE card_plan_rates
(
    metodo_pago_id     bigint  NOT NULL,
    cuotas             integer NOT NULL,
    desde              date    NOT NULL,
    recargo_hundredths integer,
    PRIMARY KEY (metodo_pago_id, cuotas, desde)
);

-- A payment charged on a plan keeps the plan and its rate as they were that day.
ALTER TABLE movement_payments
    ADD COLUMN cuotas             integer,
    ADD COLUMN recargo_hundredths integer;
