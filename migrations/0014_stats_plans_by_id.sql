-- optica_stats_add's statements joined `movements m ... WHERE m.id = ANY (p_ids)` to the payment,
-- line and extra rows. plpgsql caches one plan per session; planned while the tables were young
-- it seq-scanned and hash-joined them, and it kept doing so as they grew (found in the command
-- benchmark: every projector round scanned every movement and payment). The ids are always a
-- handful, so each statement now starts from them and looks each movement's rows up by key in a
-- LATERAL subquery (OFFSET 0 keeps it one): a lookup by key is the cheaper plan at any table
-- size, so the cached plan stays right as the tables grow. Same sums, same rows.
CREATE OR REPLACE FUNCTION optica_stats_add(p_ids bigint[], p_sign bigint) RETURNS void
    LANGUAGE plpgsql
AS $$
BEGIN
    IF coalesce(current_setting('optica.rebuilding', true), '') = 'on' OR cardinality(p_ids) = 0 THEN
        RETURN;
    END IF;

    INSERT INTO stats_cash_day AS s (dia, local_id, metodo_pago_id, entrada_cents, salida_cents, pagos)
    SELECT m.fecha::date, m.local_id, p.metodo_pago_id,
           p_sign * coalesce(sum(p.monto_impuesto_cents) FILTER (WHERE m.tipo = 'ENTRADA'), 0),
           p_sign * coalesce(sum(p.monto_impuesto_cents) FILTER (WHERE m.tipo = 'SALIDA'), 0),
           p_sign * count(*)
    FROM (SELECT DISTINCT id FROM unnest(p_ids) AS id) u
    CROSS JOIN LATERAL (SELECT fecha, local_id, tipo FROM movements WHERE id = u.id OFFSET 0) m
    CROSS JOIN LATERAL (SELECT metodo_pago_id, monto_impuesto_cents FROM movement_payments
                        WHERE movimiento_id = u.id OFFSET 0) p
    GROUP BY 1, 2, 3
    ON CONFLICT (dia, local_id, metodo_pago_id) DO UPDATE
        SET entrada_cents = s.entrada_cents + excluded.entrada_cents,
            salida_cents  = s.salida_cents + excluded.salida_cents,
            pagos         = s.pagos + excluded.pagos;

    INSERT INTO stats_sales_day AS s (dia, local_id, ventas, total_cents, unidades, lentes)
    SELECT m.fecha::date, m.local_id, p_sign * count(*), p_sign * sum(m.total_cents),
           p_sign * coalesce(sum(l.unidades), 0), p_sign * coalesce(sum(l.lentes), 0)
    FROM (SELECT DISTINCT id FROM unnest(p_ids) AS id) u
    CROSS JOIN LATERAL (SELECT fecha, local_id, total_cents FROM movements
                        WHERE id = u.id AND tipo = 'ENTRADA' OFFSET 0) m
    CROSS JOIN LATERAL (SELECT sum(ml.cantidad) AS unidades, sum(ml.cantidad) FILTER (WHERE ml.cristal) AS lentes
                        FROM movement_lines ml WHERE ml.movimiento_id = u.id) l
    GROUP BY 1, 2
    ON CONFLICT (dia, local_id) DO UPDATE
        SET ventas      = s.ventas + excluded.ventas,
            total_cents = s.total_cents + excluded.total_cents,
            unidades    = s.unidades + excluded.unidades,
            lentes      = s.lentes + excluded.lentes;

    INSERT INTO stats_product_day AS s (dia, local_id, producto_id, cantidad, lentes, subtotal_cents, lineas)
    SELECT m.fecha::date, m.local_id, ml.producto_id, p_sign * sum(ml.cantidad),
           p_sign * coalesce(sum(ml.cantidad) FILTER (WHERE ml.cristal), 0), p_sign * sum(ml.subtotal_cents),
           p_sign * count(*)
    FROM (SELECT DISTINCT id FROM unnest(p_ids) AS id) u
    CROSS JOIN LATERAL (SELECT fecha, local_id FROM movements WHERE id = u.id AND tipo = 'ENTRADA' OFFSET 0) m
    CROSS JOIN LATERAL (SELECT producto_id, cantidad, cristal, subtotal_cents FROM movement_lines
                        WHERE movimiento_id = u.id OFFSET 0) ml
    GROUP BY 1, 2, 3
    ON CONFLICT (dia, local_id, producto_id) DO UPDATE
        SET cantidad       = s.cantidad + excluded.cantidad,
            lentes         = s.lentes + excluded.lentes,
            subtotal_cents = s.subtotal_cents + excluded.subtotal_cents,
            lineas         = s.lineas + excluded.lineas;

    -- A lens's shown name is the least spelling among its lines: an added line can only lower
    -- it; after a subtraction it is looked up again among the lines that stay (below).
    INSERT INTO stats_cristal_day AS s (dia, local_id, nombre_key, nombre, lineas, subtotal_cents)
    SELECT m.fecha::date, m.local_id, lower(e.nombre), min(e.nombre), p_sign * count(*), p_sign * sum(e.subtotal_cents)
    FROM (SELECT DISTINCT id FROM unnest(p_ids) AS id) u
    CROSS JOIN LATERAL (SELECT fecha, local_id FROM movements WHERE id = u.id AND tipo = 'ENTRADA' OFFSET 0) m
    CROSS JOIN LATERAL (SELECT optica_cristal_nombre(descripcion) AS nombre, subtotal_cents FROM movement_extras
                        WHERE movimiento_id = u.id OFFSET 0) e
    WHERE e.nombre IS NOT NULL
    GROUP BY 1, 2, 3
    ON CONFLICT (dia, local_id, nombre_key) DO UPDATE
        SET lineas         = s.lineas + excluded.lineas,
            subtotal_cents = s.subtotal_cents + excluded.subtotal_cents,
            nombre         = CASE WHEN p_sign > 0 THEN least(s.nombre, excluded.nombre) ELSE s.nombre END;

    IF p_sign > 0 THEN
        RETURN;
    END IF;

    -- The days and branches just subtracted from: rows nothing counts in any more go.
    DELETE FROM stats_cash_day s
    USING (SELECT DISTINCT m.fecha::date AS dia, m.local_id
           FROM unnest(p_ids) AS u(id)
           CROSS JOIN LATERAL (SELECT fecha, local_id FROM movements WHERE id = u.id OFFSET 0) m) t
    WHERE s.dia = t.dia AND s.local_id = t.local_id AND s.pagos = 0;
    DELETE FROM stats_sales_day s
    USING (SELECT DISTINCT m.fecha::date AS dia, m.local_id
           FROM unnest(p_ids) AS u(id)
           CROSS JOIN LATERAL (SELECT fecha, local_id FROM movements WHERE id = u.id OFFSET 0) m) t
    WHERE s.dia = t.dia AND s.local_id = t.local_id AND s.ventas = 0;
    DELETE FROM stats_product_day s
    USING (SELECT DISTINCT m.fecha::date AS dia, m.local_id
           FROM unnest(p_ids) AS u(id)
           CROSS JOIN LATERAL (SELECT fecha, local_id FROM movements WHERE id = u.id OFFSET 0) m) t
    WHERE s.dia = t.dia AND s.local_id = t.local_id AND s.lineas = 0;
    DELETE FROM stats_cristal_day s
    USING (SELECT DISTINCT m.fecha::date AS dia, m.local_id
           FROM unnest(p_ids) AS u(id)
           CROSS JOIN LATERAL (SELECT fecha, local_id FROM movements WHERE id = u.id OFFSET 0) m) t
    WHERE s.dia = t.dia AND s.local_id = t.local_id AND s.lineas = 0;

    -- The lenses that lost a line take the least spelling among the lines of other movements.
    UPDATE stats_cristal_day s
    SET nombre = (SELECT min(optica_cristal_nombre(e.descripcion))
                  FROM movements m JOIN movement_extras e ON e.movimiento_id = m.id
                  WHERE m.local_id = s.local_id AND m.fecha >= s.dia AND m.fecha < s.dia + 1
                    AND m.tipo = 'ENTRADA' AND m.id <> ALL (p_ids)
                    AND lower(optica_cristal_nombre(e.descripcion)) = s.nombre_key)
    FROM (SELECT DISTINCT m.fecha::date AS dia, m.local_id, lower(e.nombre) AS nombre_key
          FROM unnest(p_ids) AS u(id)
          CROSS JOIN LATERAL (SELECT fecha, local_id FROM movements WHERE id = u.id AND tipo = 'ENTRADA' OFFSET 0) m
          CROSS JOIN LATERAL (SELECT optica_cristal_nombre(descripcion) AS nombre FROM movement_extras
                              WHERE movimiento_id = u.id OFFSET 0) e
          WHERE e.nombre IS NOT NULL) t
    WHERE s.dia = t.dia AND s.local_id = t.local_id AND s.nombre_key = t.nombre_key;
END
$$;
