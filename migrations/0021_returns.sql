-- Returns (devoluciones, issue 22). Each return is a SALIDA (its refund) that names the sale and
-- what came back; written by projections/src/movements.rs. A sale's debt is its total less its
-- payments and less the credit its returns gave.

CREATE TABLE movement_returns
(
    -- the refund's SALIDA
    movimiento_id bigint PRIMARY KEY,
    venta_id      bigint NOT NULL,
    -- [{"productoId", "modelo", "marca", "cantidad"}]
    lineas        jsonb  NOT NULL,
    -- positions of the sale's additional lines returned
    adicionales   int[]  NOT NULL,
    valor_cents   bigint NOT NULL,
    credito_cents bigint NOT NULL
);
CREATE INDEX movement_returns_venta ON movement_returns (venta_id);

-- The return that brought a lens back; the lens stays in the patient's history, marked.
ALTER TABLE patient_cristales ADD COLUMN devolucion_id bigint;
