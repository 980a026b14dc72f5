-- The login throttle's admission, atomic (src/auth/throttle.rs). Checking the wait and counting
-- the failure were two statements with the password check between them, so 60 concurrent wrong
-- passwords were all checked; and 2^(failures - allowance) overflowed past about 68 failures, so
-- every login of that account answered 500 (issue 19.7).
--
-- An attempt locks its keys' rows (in key order, so two attempts never deadlock), forgets
-- failures older than p_forget, and is refused with the seconds left to wait when a key that
-- applies is past its allowance. Otherwise the attempt is counted as a failure before the
-- password is checked; a correct password takes that back (optica_login_succeeded).
--
-- Keys: the account and address together (always applies); the account alone and the address
-- alone, which apply only when this account and address together have recent failures. So a
-- stranger guessing elsewhere cannot lock the cashier out, and one guesser behind a shop's shared
-- address does not lock out everyone there; a success clears the pair.
CREATE FUNCTION optica_login_attempt(p_pair text, p_account text, p_address text,
                                     p_free_pair int, p_free_account int, p_free_address int,
                                     p_max_wait int, p_forget interval)
    RETURNS int
    LANGUAGE plpgsql AS
$$
DECLARE
    f_pair int;
    wait   int := 0;
BEGIN
    INSERT INTO login_failures (key, failures, last_failure)
    SELECT k, 0, now() FROM unnest(array [p_pair, p_account, p_address]) AS k
    ON CONFLICT (key) DO NOTHING;
    PERFORM 1 FROM login_failures WHERE key IN (p_pair, p_account, p_address) ORDER BY key FOR UPDATE;
    UPDATE login_failures SET failures = 0
    WHERE key IN (p_pair, p_account, p_address) AND last_failure <= now() - p_forget;
    SELECT failures INTO f_pair FROM login_failures WHERE key = p_pair;
    SELECT coalesce(max(ceil(extract(epoch FROM
                   last_failure
                   -- the exponent saturates: the wait never overflows, it stops at p_max_wait
                   + make_interval(secs => least(p_max_wait, power(2, least(failures - free, 20))))
                   - now()))::int), 0)
    INTO wait
    FROM login_failures
    JOIN (VALUES (p_pair, p_free_pair, true),
                 (p_account, p_free_account, f_pair > 0),
                 (p_address, p_free_address, f_pair > 0)) AS k(key, free, applies) USING (key)
    WHERE applies AND failures >= free;
    IF wait > 0 THEN
        RETURN wait;
    END IF;
    UPDATE login_failures SET failures = failures + 1, last_failure = now()
    WHERE key IN (p_pair, p_account, p_address);
    RETURN 0;
END
$$;

-- A wrong password: the wait runs from now, when the failure is known (the check itself takes a
-- moment), not from when the attempt was admitted.
CREATE FUNCTION optica_login_failed(p_pair text, p_account text, p_address text)
    RETURNS void
    LANGUAGE sql AS
$$
-- Rows locked in key order, as optica_login_attempt does, so the two never deadlock.
SELECT 1 FROM login_failures WHERE key IN (p_pair, p_account, p_address) ORDER BY key FOR UPDATE;
UPDATE login_failures SET last_failure = now() WHERE key IN (p_pair, p_account, p_address);
$$;

-- A correct password: the attempt was not a failure. The account's own counts are cleared; the
-- address keeps the failures it made on other accounts.
CREATE FUNCTION optica_login_succeeded(p_pair text, p_account text, p_address text)
    RETURNS void
    LANGUAGE sql AS
$$
SELECT 1 FROM login_failures WHERE key IN (p_pair, p_account, p_address) ORDER BY key FOR UPDATE;
DELETE FROM login_failures WHERE key IN (p_pair, p_account);
UPDATE login_failures SET failures = greatest(failures - 1, 0) WHERE key = p_address;
$$;
