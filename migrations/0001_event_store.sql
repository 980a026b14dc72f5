-- The event store: postgres-es's tables, plus columns the database fills on insert.
-- postgres-es writes only its seven columns; position, tx_id and recorded_at come from defaults,
-- so events appended by postgres-es itself and by our own command store look the same.
CREATE TABLE events
(
    aggregate_type text                         NOT NULL,
    aggregate_id   text                         NOT NULL,
    sequence       bigint CHECK (sequence >= 0) NOT NULL,
    event_type     text                         NOT NULL,
    event_version  text                         NOT NULL,
    payload        json                         NOT NULL,
    metadata       json                         NOT NULL,
    -- global order of insertion (not of commit: see projections/src/projector.rs)
    position       bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    -- the writing transaction: the projector reads only transactions that can no longer commit late
    tx_id          xid8        NOT NULL DEFAULT pg_current_xact_id(),
    recorded_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (aggregate_type, aggregate_id, sequence)
);

-- the projector's scan order
CREATE INDEX events_tx_position ON events (tx_id, position);

CREATE TABLE snapshots
(
    aggregate_type   text                                 NOT NULL,
    aggregate_id     text                                 NOT NULL,
    last_sequence    bigint CHECK (last_sequence >= 0)    NOT NULL,
    current_snapshot bigint CHECK (current_snapshot >= 0) NOT NULL,
    payload          json                                 NOT NULL,
    PRIMARY KEY (aggregate_type, aggregate_id, last_sequence)
);

-- History is never rewritten: UPDATE and DELETE on events raise.
CREATE FUNCTION events_append_only() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    RAISE EXCEPTION 'events is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER events_no_update_delete
    BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only();

CREATE TRIGGER events_no_truncate
    BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();

-- Wake the projector when a transaction that appended events commits (NOTIFY is delivered on commit).
CREATE FUNCTION events_notify() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    PERFORM pg_notify('optica_events', '');
    RETURN NULL;
END;
$$;

CREATE TRIGGER events_notify_insert
    AFTER INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_notify();

-- Values that must be unique across streams (a username, later a model + brand), claimed in the
-- same transaction that appends the creating event, so concurrent creates cannot both succeed.
CREATE TABLE unique_claims
(
    scope        text NOT NULL,
    key          text NOT NULL,
    aggregate_id text NOT NULL,
    PRIMARY KEY (scope, key)
);

-- Numeric aggregate ids, one sequence per entity kind (the API speaks numeric ids).
CREATE SEQUENCE categoria_ids;
CREATE SEQUENCE marca_ids;
CREATE SEQUENCE material_ids;
CREATE SEQUENCE metodo_pago_ids;
CREATE SEQUENCE local_ids;
CREATE SEQUENCE proveedor_ids;
CREATE SEQUENCE usuario_ids;

-- Server-side settings generated once (the JWT signing key when none is configured).
CREATE TABLE server_settings
(
    name  text PRIMARY KEY,
    value text NOT NULL
);
