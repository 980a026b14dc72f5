-- Cash days (arqueo, issue 22): one branch's day, its float, its last count and whether it is
-- closed. The stream ids come from caja_ids; written by projections/src/cash.rs.

CREATE SEQUENCE caja_ids;

CREATE TABLE cash_days
(
    id                bigint PRIMARY KEY,
    local_id          bigint NOT NULL,
    dia               date   NOT NULL,
    -- ABIERTA or CERRADA
    estado            text   NOT NULL,
    -- counts recorded, the closing's included
    conteos           int    NOT NULL,
    -- why the closing's count differs from the expected figures
    motivo            text,
    reaperturas       int    NOT NULL,
    motivo_reapertura text,
    version           bigint NOT NULL,
    UNIQUE (local_id, dia)
);
-- the closings of every branch, newest first
CREATE INDEX cash_days_dia ON cash_days (dia DESC, local_id);

-- Per payment method: the float, and the expected and counted figures of the last count.
CREATE TABLE cash_day_methods
(
    cash_day_id    bigint NOT NULL REFERENCES cash_days ON DELETE CASCADE,
    metodo_pago_id bigint NOT NULL,
    fondo_cents    bigint NOT NULL DEFAULT 0,
    -- zero until the day's first count (cash_days.conteos)
    esperado_cents bigint NOT NULL DEFAULT 0,
    contado_cents  bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (cash_day_id, metodo_pago_id)
);

-- The command side's cash ledger: what each live movement puts into or takes out of each
-- branch's drawers per day and payment method (cents, surcharge included; expenses negative).
-- Written in the transaction of the movement's events (command/src/cash.rs), like stream_links,
-- so a count reads the day's figures inside its own locked transaction. Not a read model: the
-- projector never writes it.
CREATE TABLE cash_ledger
(
    movimiento_id  bigint NOT NULL,
    local_id       bigint NOT NULL,
    dia            date   NOT NULL,
    metodo_pago_id bigint NOT NULL,
    cents          bigint NOT NULL,
    PRIMARY KEY (movimiento_id, local_id, dia, metodo_pago_id)
);
CREATE INDEX cash_ledger_day ON cash_ledger (local_id, dia);

-- What the ledger holds by the events: each live movement's last data, its payments summed per
-- branch, day and method. Fills the ledger for the movements recorded before this migration,
-- and `optica verify` compares the ledger with it.
CREATE FUNCTION optica_cash_ledger_from_events()
    RETURNS TABLE (movimiento_id bigint, local_id bigint, dia date, metodo_pago_id bigint, cents bigint)
    LANGUAGE sql STABLE AS
$$
WITH last AS (SELECT DISTINCT ON (aggregate_id) aggregate_id, event_type, payload::jsonb AS payload
              FROM events
              WHERE aggregate_type = 'Movimiento'
                AND event_type IN ('MovimientoRegistrado', 'MovimientoEditado', 'MovimientoEliminado')
              ORDER BY aggregate_id, sequence DESC),
     datos AS (SELECT aggregate_id::bigint AS id,
                      coalesce(payload -> 'MovimientoRegistrado' -> 'datos',
                               payload -> 'MovimientoEditado' -> 'datos') AS d
               FROM last
               WHERE event_type <> 'MovimientoEliminado'),
     pagos AS (SELECT id, coalesce((p ->> 'local_id')::bigint, (d ->> 'local_id')::bigint) AS local_id, (p ->> 'fecha')::timestamp::date AS dia,
                      (p ->> 'metodo_pago_id')::bigint AS metodo,
                      CASE WHEN d ->> 'tipo' = 'ENTRADA' THEN 1 ELSE -1 END
                          * round((p ->> 'monto_impuesto')::numeric * 100) AS cents
               FROM datos, jsonb_array_elements(d -> 'pagos') AS p)
SELECT id, local_id, dia, metodo, sum(cents)::bigint
FROM pagos
GROUP BY 1, 2, 3, 4
HAVING sum(cents) <> 0
$$;

INSERT INTO cash_ledger (movimiento_id, local_id, dia, metodo_pago_id, cents)
SELECT * FROM optica_cash_ledger_from_events();
