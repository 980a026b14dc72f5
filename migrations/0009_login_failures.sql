-- Recent failed logins per account and per client address (src/auth/throttle.rs). Operational
-- state, not history: it is not an event, and it forgets itself after a quiet quarter of an hour.
CREATE TABLE login_failures
(
    key          text PRIMARY KEY,
    failures     int         NOT NULL,
    last_failure timestamptz NOT NULL
);
