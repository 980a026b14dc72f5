-- An event that takes a gapless counter's next value (a receipt's number) is appended at its
-- transaction's commit, not in the statement that appends the unit's other events.
--
-- A counter's row stays locked from the moment its value is taken until the commit ends. Taken in
-- a statement, it is held through that statement's answer and the COMMIT's round trip, and every
-- unit on the same counter (a branch's sales) queues for all of it. Taken by a deferred trigger,
-- it is held only while PostgreSQL commits: the unit's statement stages the event here, and the
-- trigger, which runs inside the COMMIT, takes the number, appends the event with it and removes
-- the staged row. A transaction that rolls back takes nothing, so the numbers keep no gaps.
--
-- The staged row is the event as it will be appended, its position already taken (so the unit
-- knows where its last event lands before it commits), the payload field the number goes in,
-- and the counter: its table, key column, value column and key. Rows live only inside their own
-- transaction, so the table is empty between commits and needs no log (unlogged).
CREATE UNLOGGED TABLE counted_events
(
    position       bigint PRIMARY KEY,
    aggregate_type text   NOT NULL,
    aggregate_id   text   NOT NULL,
    sequence       bigint NOT NULL,
    event_type     text   NOT NULL,
    event_version  text   NOT NULL,
    payload        json   NOT NULL,
    metadata       json   NOT NULL,
    field          text   NOT NULL,
    counter_table  text   NOT NULL,
    key_column     text   NOT NULL,
    value_column   text   NOT NULL,
    counter_key    bigint NOT NULL
);

CREATE FUNCTION counted_events_append() RETURNS trigger
    LANGUAGE plpgsql AS
$$
DECLARE
    taken bigint;
BEGIN
    EXECUTE format('INSERT INTO %1$I AS c (%2$I, %3$I) VALUES ($1, 1)
                    ON CONFLICT (%2$I) DO UPDATE SET %3$I = c.%3$I + 1 RETURNING %3$I',
                   NEW.counter_table, NEW.key_column, NEW.value_column)
        INTO taken USING NEW.counter_key;
    -- The commit need not wait for its flush while the branch's next unit waits for the row:
    -- the answer waits for it instead (docs/decisions.md, "A unit that takes a counter…").
    PERFORM set_config('synchronous_commit', 'off', true);
    INSERT INTO events (position, aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
        OVERRIDING SYSTEM VALUE
    VALUES (NEW.position, NEW.aggregate_type, NEW.aggregate_id, NEW.sequence, NEW.event_type, NEW.event_version,
            jsonb_set(NEW.payload::jsonb, ARRAY [NEW.event_type, NEW.field], to_jsonb(taken))::json, NEW.metadata);
    DELETE FROM counted_events WHERE position = NEW.position;
    RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER counted_events_at_commit
    AFTER INSERT ON counted_events
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION counted_events_append();
