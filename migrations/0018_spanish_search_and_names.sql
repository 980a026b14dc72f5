-- Searches ignore accents and case, lists sort as Spanish does, and a lookup's name is taken once
-- per kind (issue 21, items 7 and 8).

-- Spanish order: 'Óptica' with the O's, 'ñ' after 'n', case and accents only breaking ties.
CREATE COLLATION optica_es (provider = icu, locale = 'es-AR');

-- Model and brand searched without accents or case ('canon' finds 'Cañón'), through the same fold
-- as patient names.
ALTER TABLE products
    ADD COLUMN modelo_busqueda text GENERATED ALWAYS AS (optica_fold(modelo)) STORED,
    ADD COLUMN marca_busqueda  text GENERATED ALWAYS AS (optica_fold(marca_nombre)) STORED;
DROP INDEX products_modelo_trgm;
CREATE INDEX products_modelo_trgm ON products USING gin (modelo_busqueda gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX products_marca_trgm ON products USING gin (marca_busqueda gin_trgm_ops) WITH (fastupdate = off);

-- The catalogue's order (brand, then model) in Spanish, still walked in the index alone.
DROP INDEX products_list_order;
CREATE INDEX products_list_order ON products (marca_nombre COLLATE optica_es, modelo COLLATE optica_es, id)
    INCLUDE (marca_nombre, modelo);

-- A lookup's name, as its uniqueness claim compares it: trimmed, inner spaces collapsed, folded.
-- `optica_events::lookup::name_key` is the same rule in Rust; a test holds the two together.
CREATE FUNCTION optica_name_key(text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ select optica_fold(regexp_replace(btrim($1), '\s+', ' ', 'g')) $$;

-- The names taken today, from the events (the read model may be behind at start): each living
-- item's latest name. Where old data already repeats a name, the oldest item keeps the claim.
INSERT INTO unique_claims (scope, key, aggregate_id)
SELECT DISTINCT ON (scope, key) scope, key, aggregate_id
FROM (SELECT 'lookup_nombre:' || e.aggregate_type AS scope,
             optica_name_key(coalesce(e.payload -> 'ItemCreado' ->> 'nombre',
                                      e.payload -> 'ItemActualizado' ->> 'nombre')) AS key,
             e.aggregate_id,
             e.aggregate_id::bigint AS numeric_id
      FROM (SELECT DISTINCT ON (aggregate_type, aggregate_id) *
            FROM events
            WHERE aggregate_type IN ('Categoria', 'Marca', 'MaterialProducto', 'MetodoPago', 'Local', 'Proveedor')
            ORDER BY aggregate_type, aggregate_id, sequence DESC) e
      WHERE e.event_type <> 'ItemEliminado') named
WHERE key IS NOT NULL AND key <> ''
ORDER BY scope, key, numeric_id
ON CONFLICT DO NOTHING;
