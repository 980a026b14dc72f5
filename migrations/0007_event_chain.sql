-- Tamper evidence: every event carries a SHA-256 chained over the previous event of its stream,
-- computed by the database as the row is inserted (whoever appends it). Editing, removing or
-- reordering an event past the append-only guard (as a superuser could) breaks the chain, and
-- `optica verify --chain` reports where.

ALTER TABLE events ADD COLUMN hash bytea;

-- What is hashed: the previous hash of the stream, then the event's own columns, separated.
CREATE FUNCTION events_link(prev bytea, e events) RETURNS bytea
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
select sha256(coalesce(prev, '\x'::bytea) || convert_to(
    e.aggregate_type || chr(31) || e.aggregate_id || chr(31) || e.sequence::text || chr(31) ||
    e.event_type || chr(31) || e.event_version || chr(31) || e.payload::text || chr(31) || e.metadata::text, 'UTF8'))
$$;

CREATE FUNCTION events_chain() RETURNS trigger
    LANGUAGE plpgsql
AS $$
DECLARE
    prev bytea;
BEGIN
    -- rows inserted earlier by the same statement are visible here, so a batch chains too
    SELECT hash INTO prev FROM events
    WHERE aggregate_type = NEW.aggregate_type AND aggregate_id = NEW.aggregate_id AND sequence = NEW.sequence - 1;
    NEW.hash := events_link(prev, NEW);
    RETURN NEW;
END
$$;

CREATE TRIGGER events_chain_insert
    BEFORE INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION events_chain();

-- Events written before this migration are chained once, in stream order; the append-only guard
-- steps aside for this one statement.
ALTER TABLE events DISABLE TRIGGER events_no_update_delete;
WITH RECURSIVE chain AS (
    SELECT e.aggregate_type, e.aggregate_id, e.sequence, events_link(null, e) AS hash
    FROM events e
    WHERE NOT EXISTS (SELECT 1 FROM events p WHERE p.aggregate_type = e.aggregate_type
                      AND p.aggregate_id = e.aggregate_id AND p.sequence < e.sequence)
    UNION ALL
    SELECT e.aggregate_type, e.aggregate_id, e.sequence, events_link(c.hash, e)
    FROM chain c JOIN events e ON e.aggregate_type = c.aggregate_type AND e.aggregate_id = c.aggregate_id
                               AND e.sequence = c.sequence + 1
)
UPDATE events e SET hash = c.hash
FROM chain c
WHERE e.aggregate_type = c.aggregate_type AND e.aggregate_id = c.aggregate_id AND e.sequence = c.sequence;
ALTER TABLE events ENABLE TRIGGER events_no_update_delete;
