-- Each sale's receipt number (issue 24), written by projections/src/receipts.rs from the
-- movement's ComprobanteEmitido event. A table of its own rather than the column 0025 added to
-- movements: the movements projection's rows stay as they were, and the receipts rebuild alone.
ALTER TABLE movements DROP COLUMN comprobante;

CREATE TABLE receipts
(
    movimiento_id bigint PRIMARY KEY,
    local_id      bigint NOT NULL,
    numero        bigint NOT NULL,
    UNIQUE (local_id, numero)
);
