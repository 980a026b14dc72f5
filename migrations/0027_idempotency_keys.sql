-- The Idempotency-Key of every command, in one table of the event store. A key is written in the
-- transaction of the events it produced, as that transaction's first row: a second request with
-- the same key waits on the primary key until the first one ends, then finds the row and answers
-- what the first one answered (or, when the first rolled back, runs itself).
CREATE TABLE idempotency_keys (
    -- 'username:key': one user's key never answers another user's request.
    key         text PRIMARY KEY,
    -- The operation and record the key was used for; the same key on another one is refused.
    command     text NOT NULL,
    -- What the command service answered (a record's id, mostly).
    answer      jsonb NOT NULL,
    -- Where the events landed, so a repeated request waits for the read models as the first did.
    tx_id       bigint,
    position    bigint,
    recorded_at timestamptz NOT NULL DEFAULT now()
);

-- Keys honoured before this table were unique claims held by the record they created or changed
-- (a sale, a return's refund, a product's adjustment, a transfer, a job's notice). They keep
-- answering that record, for whichever operation ('*').
INSERT INTO idempotency_keys (key, command, answer)
SELECT regexp_replace(key, '^(ajuste|transferencia|aviso):', ''), '*', to_jsonb(aggregate_id::bigint)
  FROM unique_claims
 WHERE scope = 'idempotency_key' AND aggregate_id ~ '^[0-9]{1,18}$'
ON CONFLICT DO NOTHING;
DELETE FROM unique_claims WHERE scope = 'idempotency_key';
