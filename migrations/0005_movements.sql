-- The cash box: movement ids and read models (written by projections/src/movements.rs).

CREATE SEQUENCE movimiento_ids;

CREATE TABLE movements
(
    id                   bigint PRIMARY KEY,
    tipo                 text      NOT NULL,
    -- the shop's local time
    fecha                timestamp NOT NULL,
    local_id             bigint    NOT NULL,
    paciente_id          bigint,
    vendedor             text,
    descripcion          text,
    -- percentage in hundredths (10% = 1000)
    descuento_hundredths bigint,
    total_cents          bigint    NOT NULL,
    total_impuesto_cents bigint    NOT NULL,
    estado               text,
    version              bigint    NOT NULL
);
CREATE INDEX movements_local_fecha ON movements (local_id, fecha);
CREATE INDEX movements_fecha ON movements (fecha);
CREATE INDEX movements_paciente ON movements (paciente_id);

-- Product lines, with the product as it was at the sale.
CREATE TABLE movement_lines
(
    movimiento_id bigint  NOT NULL REFERENCES movements ON DELETE CASCADE,
    linea         int     NOT NULL,
    producto_id   bigint  NOT NULL,
    modelo        text    NOT NULL,
    marca         text    NOT NULL,
    cristal       boolean NOT NULL,
    cantidad      bigint  NOT NULL,
    precio_cents  bigint  NOT NULL,
    subtotal_cents bigint NOT NULL,
    PRIMARY KEY (movimiento_id, linea)
);
CREATE INDEX movement_lines_producto ON movement_lines (producto_id);

CREATE TABLE movement_extras
(
    movimiento_id  bigint NOT NULL REFERENCES movements ON DELETE CASCADE,
    linea          int    NOT NULL,
    descripcion    text   NOT NULL,
    subtotal_cents bigint NOT NULL,
    PRIMARY KEY (movimiento_id, linea)
);

-- Payments: the cash box's list rows (contract §5.5) and the totals per payment method.
CREATE TABLE movement_payments
(
    movimiento_id        bigint    NOT NULL REFERENCES movements ON DELETE CASCADE,
    pago_id              bigint    NOT NULL,
    -- unique across movements: the API's payment id (pago_id counts within one movement)
    uid                  bigint    GENERATED ALWAYS AS IDENTITY UNIQUE,
    metodo_pago_id       bigint    NOT NULL,
    monto_cents          bigint    NOT NULL,
    monto_impuesto_cents bigint    NOT NULL,
    fecha                timestamp NOT NULL,
    -- the movement's branch and type, copied so the list filters and pages payments alone
    local_id             bigint    NOT NULL,
    tipo                 text      NOT NULL,
    PRIMARY KEY (movimiento_id, pago_id)
);
-- the list's order, overall and per branch
CREATE INDEX movement_payments_fecha ON movement_payments (fecha DESC, movimiento_id DESC, pago_id DESC);
CREATE INDEX movement_payments_local_fecha ON movement_payments (local_id, fecha DESC, movimiento_id DESC, pago_id DESC);
CREATE INDEX movement_payments_metodo ON movement_payments (metodo_pago_id);

-- A movement's references are cleared by movement on every write: without these, each write
-- would scan every reference.
CREATE INDEX product_references_movimiento ON product_references (movimiento_id);
CREATE INDEX patient_references_movimiento ON patient_references (movimiento_id);
