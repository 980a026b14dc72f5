-- Statistics read models: one row per day, branch and key, so that a report over any range sums a
-- few rows per day instead of every movement. Written by projections/src/movements.rs in the
-- movement's own projection transaction: after a movement is written or deleted, the day and
-- branch it was on and the day and branch it is on now are recomputed from the movement tables,
-- so the figures cannot drift from them. Days are the shop's local dates (movements.fecha).

-- Cash per payment method: montoImpuesto of the payments of the day's movements (whatever the
-- payment's own date), ENTRADA and SALIDA apart.
CREATE TABLE stats_cash_day
(
    dia            date   NOT NULL,
    local_id       bigint NOT NULL,
    metodo_pago_id bigint NOT NULL,
    entrada_cents  bigint NOT NULL,
    salida_cents   bigint NOT NULL,
    PRIMARY KEY (dia, local_id, metodo_pago_id)
);

-- Sales (ENTRADA movements) per day: how many, their discounted totals, and the units of their
-- product lines (all, and those that were lenses at the sale).
CREATE TABLE stats_sales_day
(
    dia         date   NOT NULL,
    local_id    bigint NOT NULL,
    ventas      bigint NOT NULL,
    total_cents bigint NOT NULL,
    unidades    bigint NOT NULL,
    lentes      bigint NOT NULL,
    PRIMARY KEY (dia, local_id)
);

-- Product lines of sales per product: units, units that were lenses at the sale, line totals.
CREATE TABLE stats_product_day
(
    dia            date   NOT NULL,
    local_id       bigint NOT NULL,
    producto_id    bigint NOT NULL,
    cantidad       bigint NOT NULL,
    lentes         bigint NOT NULL,
    subtotal_cents bigint NOT NULL,
    PRIMARY KEY (dia, local_id, producto_id)
);

-- Additional lines of sales that name a lens ('cristal X'): per lens name, compared ignoring case.
CREATE TABLE stats_cristal_day
(
    dia            date   NOT NULL,
    local_id       bigint NOT NULL,
    nombre_key     text   NOT NULL,
    nombre         text   NOT NULL,
    lineas         bigint NOT NULL,
    subtotal_cents bigint NOT NULL,
    PRIMARY KEY (dia, local_id, nombre_key)
);

-- Payments per payment day, branch, type and method: the cash-box list's page count without a
-- pass over every payment. Kept by a trigger on the payment rows.
CREATE TABLE stats_payment_day
(
    dia            date   NOT NULL,
    local_id       bigint NOT NULL,
    tipo           text   NOT NULL,
    metodo_pago_id bigint NOT NULL,
    pagos          bigint NOT NULL,
    PRIMARY KEY (dia, local_id, tipo, metodo_pago_id)
);

CREATE FUNCTION optica_count_payment() RETURNS trigger
    LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE stats_payment_day SET pagos = pagos - 1
        WHERE dia = OLD.fecha::date AND local_id = OLD.local_id AND tipo = OLD.tipo
          AND metodo_pago_id = OLD.metodo_pago_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO stats_payment_day (dia, local_id, tipo, metodo_pago_id, pagos)
        VALUES (NEW.fecha::date, NEW.local_id, NEW.tipo, NEW.metodo_pago_id, 1)
        ON CONFLICT (dia, local_id, tipo, metodo_pago_id) DO UPDATE SET pagos = stats_payment_day.pagos + 1;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER movement_payments_count
    AFTER INSERT OR UPDATE OR DELETE ON movement_payments
    FOR EACH ROW EXECUTE FUNCTION optica_count_payment();

INSERT INTO stats_payment_day (dia, local_id, tipo, metodo_pago_id, pagos)
SELECT fecha::date, local_id, tipo, metodo_pago_id, count(*)
FROM movement_payments
GROUP BY 1, 2, 3, 4;

-- The lens name of an additional line: the text after its first 'cristal' (any case), trimmed;
-- null when the line names none.
CREATE FUNCTION optica_cristal_nombre(descripcion text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
select case when position('cristal' in lower(descripcion)) > 0
            then nullif(trim(substring(descripcion from position('cristal' in lower(descripcion)) + 7)), '')
       end
$$;

-- Recomputes one day at one branch from the movement tables.
CREATE FUNCTION optica_refresh_stats(d date, l bigint) RETURNS void
    LANGUAGE sql
AS $$
delete from stats_cash_day where dia = d and local_id = l;
insert into stats_cash_day (dia, local_id, metodo_pago_id, entrada_cents, salida_cents)
select d, l, p.metodo_pago_id,
       coalesce(sum(p.monto_impuesto_cents) filter (where m.tipo = 'ENTRADA'), 0),
       coalesce(sum(p.monto_impuesto_cents) filter (where m.tipo = 'SALIDA'), 0)
from movements m join movement_payments p on p.movimiento_id = m.id
where m.local_id = l and m.fecha >= d and m.fecha < d + 1
group by p.metodo_pago_id;

delete from stats_sales_day where dia = d and local_id = l;
insert into stats_sales_day (dia, local_id, ventas, total_cents, unidades, lentes)
select d, l, count(*), sum(m.total_cents),
       coalesce(sum((select sum(ml.cantidad) from movement_lines ml where ml.movimiento_id = m.id)), 0),
       coalesce(sum((select sum(ml.cantidad) from movement_lines ml where ml.movimiento_id = m.id and ml.cristal)), 0)
from movements m
where m.local_id = l and m.fecha >= d and m.fecha < d + 1 and m.tipo = 'ENTRADA'
having count(*) > 0;

delete from stats_product_day where dia = d and local_id = l;
insert into stats_product_day (dia, local_id, producto_id, cantidad, lentes, subtotal_cents)
select d, l, ml.producto_id, sum(ml.cantidad), coalesce(sum(ml.cantidad) filter (where ml.cristal), 0),
       sum(ml.subtotal_cents)
from movements m join movement_lines ml on ml.movimiento_id = m.id
where m.local_id = l and m.fecha >= d and m.fecha < d + 1 and m.tipo = 'ENTRADA'
group by ml.producto_id;

delete from stats_cristal_day where dia = d and local_id = l;
insert into stats_cristal_day (dia, local_id, nombre_key, nombre, lineas, subtotal_cents)
select d, l, lower(optica_cristal_nombre(e.descripcion)), min(optica_cristal_nombre(e.descripcion)), count(*),
       sum(e.subtotal_cents)
from movements m join movement_extras e on e.movimiento_id = m.id
where m.local_id = l and m.fecha >= d and m.fecha < d + 1 and m.tipo = 'ENTRADA'
  and optica_cristal_nombre(e.descripcion) is not null
group by lower(optica_cristal_nombre(e.descripcion));
$$;

-- What the projection calls after a movement changes: the recomputation, except during a rebuild
-- (`optica replay`/`verify` set optica.rebuilding for their transaction), which recomputes every
-- day once at its end instead of once per event.
CREATE FUNCTION optica_stats_changed(d date, l bigint) RETURNS void
    LANGUAGE plpgsql
AS $$
BEGIN
    IF coalesce(current_setting('optica.rebuilding', true), '') = 'on' THEN
        RETURN;
    END IF;
    PERFORM optica_refresh_stats(d, l);
END
$$;

-- Movements already projected (none in a new database) get their days computed once.
SELECT optica_refresh_stats(b.dia, b.local_id)
FROM (SELECT DISTINCT fecha::date AS dia, local_id FROM movements) b;
