-- Stock beyond sales (issue 23): a branch's reorder point per product, and transfers between
-- branches (written by projections/src/transfers.rs).

ALTER TABLE product_stock ADD COLUMN minimo bigint;

CREATE SEQUENCE transferencia_ids;

CREATE TABLE transfers
(
    id      bigint PRIMARY KEY,
    origen  bigint    NOT NULL,
    destino bigint    NOT NULL,
    -- ENVIADA, RECIBIDA, RECIBIDA_CON_FALTANTE or CANCELADA
    estado  text      NOT NULL,
    nota    text,
    -- the shortfall's or the cancellation's reason
    motivo  text,
    enviada timestamp NOT NULL,
    -- received or cancelled
    cerrada timestamp,
    version bigint    NOT NULL
);
CREATE INDEX transfers_list ON transfers (id DESC);
CREATE INDEX transfers_in_transit ON transfers (id) WHERE estado = 'ENVIADA';

CREATE TABLE transfer_lines
(
    transferencia_id bigint NOT NULL,
    producto_id      bigint NOT NULL,
    modelo           text   NOT NULL,
    cantidad         bigint NOT NULL,
    -- what arrived, once received
    recibidas        bigint,
    PRIMARY KEY (transferencia_id, producto_id)
);
CREATE INDEX transfer_lines_product ON transfer_lines (producto_id);
