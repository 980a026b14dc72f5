-- Obras sociales (health insurers): the command side's ids, and the read model
-- (projections/src/insurers.rs) of each with its plans.
CREATE SEQUENCE obra_social_ids;

CREATE TABLE insurers
(
    id      bigint PRIMARY KEY,
    nombre  text   NOT NULL,
    cuit    text   NOT NULL,
    -- [{nombre, cristales: {porcentaje, tope}, armazones: {…}, requiere_receta, validez_receta_dias}]
    planes  jsonb  NOT NULL,
    version bigint NOT NULL
);

-- A patient's obra social, plan and affiliate number (the free text `obra_social` stays).
ALTER TABLE patients
    ADD COLUMN obra_social_id bigint,
    ADD COLUMN plan           text,
    ADD COLUMN afiliado       text;
