-- Patients: ids, ficha numbers and the read models (written by projections/src/patients.rs).

CREATE SEQUENCE paciente_ids;
-- Proposes ficha numbers; the unique claim 'paciente_ficha' is what makes them unique.
CREATE SEQUENCE paciente_fichas;

-- Lower case without Spanish accents, for accent-insensitive name search (used by the generated
-- column below and by the query side on the searched text).
CREATE FUNCTION optica_fold(text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ select translate(lower($1), 'áéíóúüñàèìòùâêîôûäëïöç', 'aeiouunaeiouaeiouaeioc') $$;

CREATE TABLE patients
(
    id                   bigint PRIMARY KEY,
    ficha                bigint NOT NULL UNIQUE,
    nombre_completo      text   NOT NULL,
    nombre_busqueda      text GENERATED ALWAYS AS (optica_fold(nombre_completo)) STORED,
    direccion            text,
    celular              text   NOT NULL,
    -- the claim keys of events/src/patient.rs (digits of the phone, letters and digits of the document)
    celular_key          text   NOT NULL,
    documento            text,
    documento_key        text,
    correo               text,
    medico               text,
    obra_social          text,
    observaciones        text,
    genero               text   NOT NULL,
    local_id             bigint NOT NULL,
    creado_en            date   NOT NULL,
    ultima_actualizacion date   NOT NULL,
    -- length of the patient's stream: the version a client sends back with an edit
    version              bigint NOT NULL
);
CREATE INDEX patients_documento ON patients (documento_key);
CREATE INDEX patients_celular ON patients (celular_key);
CREATE INDEX patients_local ON patients (local_id);

-- One row per ficha; `datos` holds the ficha in the API's shape (fecha, measures, graduaciones).
CREATE TABLE patient_fichas
(
    paciente_id bigint NOT NULL REFERENCES patients ON DELETE CASCADE,
    ficha_id    bigint NOT NULL,
    fecha       date   NOT NULL,
    datos       jsonb  NOT NULL,
    PRIMARY KEY (paciente_id, ficha_id)
);

CREATE TABLE patient_cristales
(
    paciente_id bigint NOT NULL,
    cristal_id  bigint NOT NULL,
    ficha_id    bigint NOT NULL,
    nombre      text   NOT NULL,
    fecha       date   NOT NULL,
    PRIMARY KEY (paciente_id, cristal_id),
    FOREIGN KEY (paciente_id, ficha_id) REFERENCES patient_fichas ON DELETE CASCADE
);

-- Cash-box movements that name a patient (filled by the movements projection): while a row
-- exists the patient cannot be deleted.
CREATE TABLE patient_references
(
    paciente_id   bigint NOT NULL,
    movimiento_id bigint NOT NULL,
    PRIMARY KEY (paciente_id, movimiento_id)
);
