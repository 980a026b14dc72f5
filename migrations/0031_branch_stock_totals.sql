-- Σ stock per branch, kept as product_stock changes, so that the catalogue's summary per branch
-- reads a row per branch instead of adding up every product's stock (hundreds of thousands of
-- rows in a large catalogue). Only the projector writes product_stock, one batch at a time, so
-- these few rows are never fought over by the commands.
CREATE TABLE stock_branch_totals
(
    local_id    bigint PRIMARY KEY,
    -- product_stock rows of the branch: a branch whose last row goes leaves the summary
    productos   bigint NOT NULL,
    stock_total bigint NOT NULL
);

INSERT INTO stock_branch_totals (local_id, productos, stock_total)
SELECT local_id, count(*), coalesce(sum(stock), 0)
FROM product_stock
GROUP BY local_id;

CREATE FUNCTION optica_count_branch_stock() RETURNS trigger
    LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE stock_branch_totals
        SET productos = productos - 1, stock_total = stock_total - OLD.stock
        WHERE local_id = OLD.local_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO stock_branch_totals (local_id, productos, stock_total)
        VALUES (NEW.local_id, 1, NEW.stock)
        ON CONFLICT (local_id) DO UPDATE
            SET productos = stock_branch_totals.productos + 1,
                stock_total = stock_branch_totals.stock_total + NEW.stock;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        DELETE FROM stock_branch_totals WHERE local_id = OLD.local_id AND productos = 0;
    END IF;
    RETURN NULL;
END
$$;

-- A rebuild (optica.rebuilding = on) writes product_stock in bulk and recomputes the totals once
-- at its end (optica_rebuild_branch_stock), as the payment counts are.
CREATE TRIGGER product_stock_branch_total
    AFTER INSERT OR UPDATE OR DELETE ON product_stock
    FOR EACH ROW
    WHEN (coalesce(current_setting('optica.rebuilding', true), '') <> 'on')
EXECUTE FUNCTION optica_count_branch_stock();

CREATE FUNCTION optica_rebuild_branch_stock() RETURNS void
    LANGUAGE sql
AS $$
DELETE FROM stock_branch_totals;
INSERT INTO stock_branch_totals (local_id, productos, stock_total)
SELECT local_id, count(*), coalesce(sum(stock), 0)
FROM product_stock
GROUP BY local_id;
$$;
