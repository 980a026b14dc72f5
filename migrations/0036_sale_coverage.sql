-- A sale's coverage by an obra social (projections/src/movements): the part the obra social
-- pays (a receivable from it; the patient's debt and the cash never hold it) and what the
-- liquidación will present of it.
ALTER TABLE movements ADD COLUMN cobertura_cents bigint NOT NULL DEFAULT 0;

CREATE TABLE sale_coverages
(
    movimiento_id          bigint PRIMARY KEY REFERENCES movements ON DELETE CASCADE,
    obra_social_id         bigint NOT NULL,
    plan                   text   NOT NULL,
    afiliado               text   NOT NULL,
    medico                 text,
    matricula              text,
    fecha_receta           date,
    parte_cristales_cents  bigint NOT NULL,
    parte_armazones_cents  bigint NOT NULL
);
CREATE INDEX sale_coverages_obra_social ON sale_coverages (obra_social_id);
