-- How many products the catalogue holds, in all and per category, kept as products and their
-- categories come and go, so that a page of the catalogue does not count every product to say
-- how many pages there are (100,000 rows in a large catalogue, most of a page's time). Only the
-- projector writes products and product_categorias, one batch at a time, so these few rows are
-- never fought over by the commands.
CREATE TABLE catalog_totals
(
    -- a category's id; 0 for the whole catalogue (lookup ids start at 1)
    categoria_id bigint PRIMARY KEY,
    productos    bigint NOT NULL
);

CREATE FUNCTION optica_rebuild_catalog_totals() RETURNS void
    LANGUAGE sql
AS $$
DELETE FROM catalog_totals;
INSERT INTO catalog_totals (categoria_id, productos)
SELECT 0, count(*) FROM products HAVING count(*) > 0;
INSERT INTO catalog_totals (categoria_id, productos)
SELECT categoria_id, count(*) FROM product_categorias GROUP BY categoria_id;
$$;

SELECT optica_rebuild_catalog_totals();

-- Adds `delta` products to each category of `changed` (0: the whole catalogue); a category left
-- with none leaves the table, as a rebuild would leave it out.
CREATE FUNCTION optica_add_catalog_totals(changed bigint[], delta bigint[]) RETURNS void
    LANGUAGE sql
AS $$
INSERT INTO catalog_totals (categoria_id, productos)
SELECT c, d FROM unnest(changed, delta) AS u(c, d) WHERE d <> 0
ON CONFLICT (categoria_id) DO UPDATE SET productos = catalog_totals.productos + excluded.productos;
DELETE FROM catalog_totals WHERE categoria_id = ANY (changed) AND productos = 0;
$$;

-- One statement of the projector writes a whole batch: the totals move once per statement, from
-- the rows it inserted or deleted (a product's edit deletes and inserts its rows again).
CREATE FUNCTION optica_count_catalog() RETURNS trigger
    LANGUAGE plpgsql
AS $$
DECLARE
    sign bigint := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
    IF TG_TABLE_NAME = 'products' THEN
        PERFORM optica_add_catalog_totals(ARRAY[0::bigint], ARRAY[sign * (SELECT count(*) FROM changed_rows)]);
    ELSE
        PERFORM optica_add_catalog_totals(array_agg(categoria_id), array_agg(sign * n))
        FROM (SELECT categoria_id, count(*) AS n FROM changed_rows GROUP BY categoria_id) g;
    END IF;
    RETURN NULL;
END
$$;

-- A rebuild (optica.rebuilding = on) writes the catalogue in bulk and counts it once at its end
-- (optica_rebuild_catalog_totals), as the branch stock totals are.
CREATE TRIGGER products_catalog_added
    AFTER INSERT ON products REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT
    WHEN (coalesce(current_setting('optica.rebuilding', true), '') <> 'on')
EXECUTE FUNCTION optica_count_catalog();
CREATE TRIGGER products_catalog_removed
    AFTER DELETE ON products REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT
    WHEN (coalesce(current_setting('optica.rebuilding', true), '') <> 'on')
EXECUTE FUNCTION optica_count_catalog();
CREATE TRIGGER product_categorias_catalog_added
    AFTER INSERT ON product_categorias REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT
    WHEN (coalesce(current_setting('optica.rebuilding', true), '') <> 'on')
EXECUTE FUNCTION optica_count_catalog();
CREATE TRIGGER product_categorias_catalog_removed
    AFTER DELETE ON product_categorias REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT
    WHEN (coalesce(current_setting('optica.rebuilding', true), '') <> 'on')
EXECUTE FUNCTION optica_count_catalog();
