-- The account's epoch: the length of its stream, moved by every change (password, roles, branch,
-- disabled). Tokens carry the epoch they were issued at; a request whose token's epoch is not
-- the account's current one is refused, so a token never outlives the rights it was issued for
-- (issue 19.10).
ALTER TABLE users ADD COLUMN epoch bigint NOT NULL DEFAULT 0;
UPDATE users u SET epoch = e.last
FROM (SELECT aggregate_id, max(sequence) AS last FROM events WHERE aggregate_type = 'Usuario' GROUP BY aggregate_id) e
WHERE e.aggregate_id = u.id::text;
