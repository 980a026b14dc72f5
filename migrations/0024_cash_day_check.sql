-- A movement's cash-day check in one round trip (issue 22): take each day's advisory lock
-- shared, in the order given, then answer the first of the days that is closed (its claim key),
-- if any. A VOLATILE plpgsql function runs each statement with a new snapshot, so the check sees
-- a closing committed while this transaction waited for the lock: a sale racing a closing is
-- still either counted or refused. Called by command/src/cash.rs `first_closed`.

CREATE FUNCTION optica_first_closed_day(p_space int, p_keys int[], p_scope text, p_claims text[])
    RETURNS text
    LANGUAGE plpgsql
    VOLATILE AS
$$
DECLARE
    k int;
BEGIN
    FOREACH k IN ARRAY p_keys
        LOOP
            PERFORM pg_advisory_xact_lock_shared(p_space, k);
        END LOOP;
    -- A day is closed when its last closing or reopening is a closing.
    RETURN (SELECT c.key
            FROM unique_claims c
            WHERE c.scope = p_scope
              AND c.key = ANY (p_claims)
              AND (SELECT e.event_type
                   FROM events e
                   WHERE e.aggregate_type = 'Caja'
                     AND e.aggregate_id = c.aggregate_id
                     AND e.event_type IN ('CajaCerrada', 'CajaReabierta')
                   ORDER BY e.sequence DESC
                   LIMIT 1) = 'CajaCerrada'
            ORDER BY c.key
            LIMIT 1);
END
$$;
