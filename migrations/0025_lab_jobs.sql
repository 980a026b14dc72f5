-- Lab jobs, customer notices and receipt numbers (issue 24).

CREATE SEQUENCE laboratorio_ids;

-- One job per sale (same id), written by projections/src/jobs.rs.
CREATE TABLE jobs
(
    id             bigint PRIMARY KEY,
    local_id       bigint    NOT NULL,
    paciente_id    bigint,
    laboratorio_id bigint    NOT NULL,
    prometido      date      NOT NULL,
    bandeja        text,
    notas          text,
    -- the patient's latest ficha when the job was ordered, as the API shows a ficha
    receta         jsonb,
    -- EstadoTrabajo's key (PEDIDO_CRISTALES, REHACER, ...)
    estado         text      NOT NULL,
    -- when the current state began
    desde          timestamp NOT NULL,
    encargado      timestamp NOT NULL,
    version        bigint    NOT NULL
);
CREATE INDEX jobs_open ON jobs (local_id, prometido) WHERE estado <> 'ENTREGADO';
CREATE INDEX jobs_list ON jobs (id DESC);

-- Every state a job went through: who moved it, when, and why.
CREATE TABLE job_history
(
    trabajo_id bigint    NOT NULL,
    n          bigint    NOT NULL,
    estado     text      NOT NULL,
    motivo     text,
    usuario    text      NOT NULL,
    fecha      timestamp NOT NULL,
    PRIMARY KEY (trabajo_id, n)
);

-- The notices to the customer, as the job's history shows them.
CREATE TABLE job_notices
(
    trabajo_id   bigint    NOT NULL,
    aviso        bigint    NOT NULL,
    -- EMAIL or WHATSAPP
    canal        text      NOT NULL,
    destinatario text      NOT NULL,
    usuario      text      NOT NULL,
    solicitado   timestamp NOT NULL,
    enviado      timestamp,
    intentos     int       NOT NULL DEFAULT 0,
    error        text,
    definitivo   boolean   NOT NULL DEFAULT false,
    PRIMARY KEY (trabajo_id, aviso)
);

-- Command side (command/src/outbox.rs): mail notices waiting for the worker, written in the
-- transaction of the event that asks for them.
CREATE TABLE outbox
(
    trabajo_id   bigint      NOT NULL,
    aviso        bigint      NOT NULL,
    destinatario text        NOT NULL,
    intentos     int         NOT NULL DEFAULT 0,
    proximo      timestamptz NOT NULL DEFAULT now(),
    lease_until  timestamptz,
    enviado      timestamptz,
    abandonado   boolean     NOT NULL DEFAULT false,
    PRIMARY KEY (trabajo_id, aviso)
);
CREATE INDEX outbox_due ON outbox (proximo) WHERE enviado IS NULL AND NOT abandonado;

-- Command side (command/src/unit.rs): each branch's last receipt number, taken in the sale's
-- transaction, so a sale that rolls back takes none and the numbers have no gaps.
CREATE TABLE receipt_counters
(
    local_id bigint PRIMARY KEY,
    ultimo   bigint NOT NULL
);
ALTER TABLE movements ADD COLUMN comprobante bigint;
