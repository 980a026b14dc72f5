-- events_link was declared IMMUTABLE, but convert_to, which it calls, is only STABLE, and
-- PostgreSQL does not inline a SQL function whose body is more volatile than its declaration.
-- So every appended event ran the hash as a separate query from the chain trigger. Declared
-- STABLE (what it is: it depends on the database's encoding), it is inlined into the trigger's
-- expression. The hash itself does not change.
ALTER FUNCTION events_link(bytea, events) STABLE;
