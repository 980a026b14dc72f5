-- A payment collected on a sale's balance has a receipt of its own, numbered per collecting
-- branch without gaps in a series apart from the sales' receipts.

-- The command side's counter, taken in the statement that appends the ReciboEmitido event
-- (command/src/movements/receipts.rs): the last number of each branch's series.
CREATE TABLE collection_counters
(
    local_id bigint PRIMARY KEY,
    ultimo   bigint NOT NULL
);

-- The receipts, written by projections/src/movements/receipts.rs from the events: what the
-- receipt prints (the sale it pays, the method, the amount, the balance before and after).
CREATE TABLE collection_receipts
(
    local_id             bigint    NOT NULL,
    numero               bigint    NOT NULL,
    movimiento_id        bigint    NOT NULL,
    pago_id              bigint    NOT NULL,
    metodo_pago_id       bigint    NOT NULL,
    monto_cents          bigint    NOT NULL,
    fecha                timestamp NOT NULL,
    saldo_anterior_cents bigint    NOT NULL,
    saldo_cents          bigint    NOT NULL,
    PRIMARY KEY (local_id, numero),
    UNIQUE (movimiento_id, pago_id)
);
