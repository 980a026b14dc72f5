-- A rebuild (`optica replay`/`verify`, optica.rebuilding = on) writes the movement tables in bulk
-- and recomputes every statistic once at its end with optica_rebuild_stats, so the per-row
-- payment count steps aside for it.

DROP TRIGGER movement_payments_count ON movement_payments;
-- The condition is checked without calling the function, which matters at a million rows.
CREATE TRIGGER movement_payments_count
    AFTER INSERT OR UPDATE OR DELETE ON movement_payments
    FOR EACH ROW
    WHEN (coalesce(current_setting('optica.rebuilding', true), '') <> 'on')
EXECUTE FUNCTION optica_count_payment();

-- Every statistics table from the movement tables, one grouped pass each: the same figures as
-- optica_refresh_stats gives day by day (optica verify compares the two).
CREATE FUNCTION optica_rebuild_stats() RETURNS void
    LANGUAGE sql
AS $$
delete from stats_cash_day;
insert into stats_cash_day (dia, local_id, metodo_pago_id, entrada_cents, salida_cents)
select m.fecha::date, m.local_id, p.metodo_pago_id,
       coalesce(sum(p.monto_impuesto_cents) filter (where m.tipo = 'ENTRADA'), 0),
       coalesce(sum(p.monto_impuesto_cents) filter (where m.tipo = 'SALIDA'), 0)
from movements m join movement_payments p on p.movimiento_id = m.id
group by 1, 2, 3;

delete from stats_sales_day;
insert into stats_sales_day (dia, local_id, ventas, total_cents, unidades, lentes)
select m.fecha::date, m.local_id, count(*), sum(m.total_cents), coalesce(sum(l.unidades), 0),
       coalesce(sum(l.lentes), 0)
from movements m
left join (select movimiento_id, sum(cantidad) as unidades, sum(cantidad) filter (where cristal) as lentes
           from movement_lines group by movimiento_id) l on l.movimiento_id = m.id
where m.tipo = 'ENTRADA'
group by 1, 2;

delete from stats_product_day;
insert into stats_product_day (dia, local_id, producto_id, cantidad, lentes, subtotal_cents)
select m.fecha::date, m.local_id, ml.producto_id, sum(ml.cantidad),
       coalesce(sum(ml.cantidad) filter (where ml.cristal), 0), sum(ml.subtotal_cents)
from movements m join movement_lines ml on ml.movimiento_id = m.id
where m.tipo = 'ENTRADA'
group by 1, 2, 3;

delete from stats_cristal_day;
insert into stats_cristal_day (dia, local_id, nombre_key, nombre, lineas, subtotal_cents)
select m.fecha::date, m.local_id, lower(optica_cristal_nombre(e.descripcion)), min(optica_cristal_nombre(e.descripcion)),
       count(*), sum(e.subtotal_cents)
from movements m join movement_extras e on e.movimiento_id = m.id
where m.tipo = 'ENTRADA' and optica_cristal_nombre(e.descripcion) is not null
group by 1, 2, 3;

delete from stats_payment_day;
insert into stats_payment_day (dia, local_id, tipo, metodo_pago_id, pagos)
select fecha::date, local_id, tipo, metodo_pago_id, count(*)
from movement_payments
group by 1, 2, 3, 4;
$$;

-- Read models are derived from the events, and their projections delete a movement's or a
-- product's rows themselves before writing them again; foreign keys there would only add a
-- trigger call per written row, which a rebuild of a million events cannot afford.
ALTER TABLE movement_lines DROP CONSTRAINT movement_lines_movimiento_id_fkey;
ALTER TABLE movement_extras DROP CONSTRAINT movement_extras_movimiento_id_fkey;
ALTER TABLE movement_payments DROP CONSTRAINT movement_payments_movimiento_id_fkey;
ALTER TABLE product_categorias DROP CONSTRAINT product_categorias_producto_id_fkey;
ALTER TABLE product_proveedores DROP CONSTRAINT product_proveedores_producto_id_fkey;
ALTER TABLE product_stock DROP CONSTRAINT product_stock_producto_id_fkey;
