-- Physical counts of a branch's shelves (inventario, issue 23); written by
-- projections/src/counts.rs.

CREATE SEQUENCE conteo_ids;

CREATE TABLE counts
(
    id           bigint PRIMARY KEY,
    local_id     bigint    NOT NULL,
    -- ABIERTO, CERRADO or CANCELADO
    estado       text      NOT NULL,
    categoria_id bigint,
    marca_id     bigint,
    iniciado     timestamp NOT NULL,
    cerrado      timestamp,
    version      bigint    NOT NULL
);
CREATE INDEX counts_list ON counts (local_id, id DESC);

CREATE TABLE count_lines
(
    conteo_id   bigint NOT NULL,
    producto_id bigint NOT NULL,
    modelo      text   NOT NULL,
    -- the stock when the count started: shown once the count is closed
    esperado    bigint NOT NULL,
    contado     bigint,
    PRIMARY KEY (conteo_id, producto_id)
);
