-- Liquidaciones (projections/src/settlements.rs): what was presented to each obra social for a
-- month, what it paid by bank and what it rejected (débitos), and which débitos the patient was
-- billed. A sale's coverage row says where it was presented and what its patient was billed.
CREATE SEQUENCE liquidacion_ids;

-- The plan's terms the sale was recorded with (`{porcentaje, tope}` of lenses and of frames),
-- so that an edit's form computes the part as the server will.
ALTER TABLE sale_coverages
    ADD COLUMN liquidacion_id  bigint,
    ADD COLUMN facturado_cents bigint NOT NULL DEFAULT 0,
    ADD COLUMN cristales       jsonb,
    ADD COLUMN armazones       jsonb;

CREATE TABLE settlements
(
    id             bigint PRIMARY KEY,
    obra_social_id bigint NOT NULL,
    -- The first day of the month presented.
    mes            date   NOT NULL,
    -- The day it was presented.
    fecha          date   NOT NULL,
    ventas         int    NOT NULL,
    total_cents    bigint NOT NULL,
    cobrado_cents  bigint NOT NULL DEFAULT 0,
    debitado_cents bigint NOT NULL DEFAULT 0,
    facturado_cents bigint NOT NULL DEFAULT 0,
    version        bigint NOT NULL
);
CREATE INDEX settlements_obra_social ON settlements (obra_social_id, mes DESC, id DESC);
CREATE INDEX settlements_mes ON settlements (mes DESC, id DESC);

CREATE TABLE settlement_items
(
    liquidacion_id  bigint NOT NULL REFERENCES settlements ON DELETE CASCADE,
    movimiento_id   bigint NOT NULL,
    monto_cents     bigint NOT NULL,
    debitado_cents  bigint NOT NULL DEFAULT 0,
    facturado_cents bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (liquidacion_id, movimiento_id)
);
-- A sale is presented once.
CREATE UNIQUE INDEX settlement_items_sale ON settlement_items (movimiento_id);

-- The obra social's payments: bank receipts, never cash (the cash ledger never sees them).
CREATE TABLE settlement_receipts
(
    liquidacion_id bigint NOT NULL REFERENCES settlements ON DELETE CASCADE,
    numero         int    NOT NULL,
    fecha          date   NOT NULL,
    referencia     text   NOT NULL,
    monto_cents    bigint NOT NULL,
    PRIMARY KEY (liquidacion_id, numero)
);
CREATE INDEX settlement_receipts_fecha ON settlement_receipts (fecha);

-- Each rejected item with its reason, dated by the payment that brought it; `facturado` once
-- billed to the patient (then the shop lost nothing of it).
CREATE TABLE settlement_debits
(
    liquidacion_id bigint  NOT NULL REFERENCES settlements ON DELETE CASCADE,
    cobro          int     NOT NULL,
    movimiento_id  bigint  NOT NULL,
    monto_cents    bigint  NOT NULL,
    motivo         text    NOT NULL,
    fecha          date    NOT NULL,
    facturado      boolean NOT NULL DEFAULT false,
    PRIMARY KEY (liquidacion_id, cobro, movimiento_id)
);
CREATE INDEX settlement_debits_fecha ON settlement_debits (fecha) WHERE NOT facturado;
CREATE INDEX settlement_debits_sale ON settlement_debits (movimiento_id);

-- Sales covered before the terms were kept take them from their stream's last write.
UPDATE sale_coverages c
SET cristales = t.cobertura -> 'cristales',
    armazones = t.cobertura -> 'armazones'
FROM (SELECT DISTINCT ON (e.aggregate_id) e.aggregate_id,
             coalesce(e.payload::jsonb -> 'MovimientoRegistrado', e.payload::jsonb -> 'MovimientoEditado')
                 -> 'datos' -> 'cobertura' AS cobertura
      FROM events e
      WHERE e.aggregate_type = 'Movimiento'
        AND e.event_type IN ('MovimientoRegistrado', 'MovimientoEditado')
        AND e.aggregate_id IN (SELECT movimiento_id::text FROM sale_coverages)
      ORDER BY e.aggregate_id, e.sequence DESC) t
WHERE t.aggregate_id = c.movimiento_id::text
  AND c.cristales IS NULL;
