-- A card's payments in cuotas are counted per plan at the closing, as the card terminal's batch
-- lists them: the ledger and the day's figures gain the plan's cuotas (0: payments without a
-- plan, every row before card plans existed).
ALTER TABLE cash_ledger ADD COLUMN cuotas integer NOT NULL DEFAULT 0;
ALTER TABLE cash_ledger DROP CONSTRAINT cash_ledger_pkey;
ALTER TABLE cash_ledger ADD PRIMARY KEY (movimiento_id, local_id, dia, metodo_pago_id, cuotas);

ALTER TABLE cash_day_methods ADD COLUMN cuotas integer NOT NULL DEFAULT 0;
ALTER TABLE cash_day_methods DROP CONSTRAINT cash_day_methods_pkey;
ALTER TABLE cash_day_methods ADD PRIMARY KEY (cash_day_id, metodo_pago_id, cuotas);

-- What the ledger holds by the events, now per plan too (`optica verify` compares them).
DROP FUNCTION optica_cash_ledger_from_events();
CREATE FUNCTION optica_cash_ledger_from_events()
    RETURNS TABLE (movimiento_id bigint, local_id bigint, dia date, metodo_pago_id bigint, cuotas integer, cents bigint)
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
     pagos AS (SELECT id, coalesce((p ->> 'local_id')::bigint, (d ->> 'local_id')::bigint) AS local_id,
                      (p ->> 'fecha')::timestamp::date AS dia,
                      (p ->> 'metodo_pago_id')::bigint AS metodo,
                      coalesce((p -> 'plan' ->> 'cuotas')::integer, 0) AS cuotas,
                      CASE WHEN d ->> 'tipo' = 'ENTRADA' THEN 1 ELSE -1 END
                          * round((p ->> 'monto_impuesto')::numeric * 100) AS cents
               FROM datos, jsonb_array_elements(d -> 'pagos') AS p)
SELECT id, local_id, dia, metodo, cuotas, sum(cents)::bigint
FROM pagos
GROUP BY 1, 2, 3, 4, 5
HAVING sum(cents) <> 0
$$;
