-- The owner's margin (the 'Rentabilidad' report), written by projections/src/profitability.rs:
-- each product's cost as the log has reached it, and the cost of each product a sale took from
-- the stock, at that moment (a cost changed later never reaches a sale already made).
CREATE TABLE product_costs
(
    producto_id bigint PRIMARY KEY,
    costo_cents bigint
);

CREATE TABLE sale_costs
(
    movimiento_id bigint NOT NULL,
    producto_id   bigint NOT NULL,
    -- null: the product had no cost recorded then
    costo_cents   bigint,
    PRIMARY KEY (movimiento_id, producto_id)
);

-- Why an admin sold below the lowest price a seller may reach, for the report's lines sold at 0.
ALTER TABLE movements ADD COLUMN motivo_precio text;
UPDATE movements m
SET motivo_precio = x.motivo
FROM (SELECT DISTINCT ON (aggregate_id) aggregate_id::bigint AS id,
             coalesce(payload::jsonb -> 'MovimientoRegistrado' -> 'datos',
                      payload::jsonb -> 'MovimientoEditado' -> 'datos') ->> 'motivo_precio' AS motivo
      FROM events
      WHERE aggregate_type = 'Movimiento' AND event_type IN ('MovimientoRegistrado', 'MovimientoEditado')
      ORDER BY aggregate_id, sequence DESC) x
WHERE m.id = x.id AND x.motivo IS NOT NULL;
