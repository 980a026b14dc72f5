-- The cash-box list counts its rows before it reads a page. Without a day filter it summed
-- `stats_payment_day`, whose rows grow with days x branches x methods (26,000 over three years;
-- a cold scan of it after a bulk import took 25 ms). `stats_payment_total` keeps the same count
-- without the day, a few dozen rows, so that count no longer grows with the shop's history.
CREATE TABLE stats_payment_total (
    local_id       bigint NOT NULL,
    tipo           text   NOT NULL,
    metodo_pago_id bigint NOT NULL,
    pagos          bigint NOT NULL,
    PRIMARY KEY (local_id, tipo, metodo_pago_id)
);

-- The bulk recomputation (rebuilds and `optica verify`), from the payments themselves rather
-- than from the day counts, so a drift in either shows.
CREATE FUNCTION optica_rebuild_payment_totals() RETURNS void
    LANGUAGE sql
AS $$
delete from stats_payment_total;
insert into stats_payment_total (local_id, tipo, metodo_pago_id, pagos)
select local_id, tipo, metodo_pago_id, count(*)
from movement_payments
group by 1, 2, 3;
$$;

-- The payment trigger keeps both counts; a count that falls to zero loses its row, as a
-- recomputation has none.
CREATE OR REPLACE FUNCTION optica_count_payment() RETURNS trigger
    LANGUAGE plpgsql
AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        DELETE FROM stats_payment_day
        WHERE dia = OLD.fecha::date AND local_id = OLD.local_id AND tipo = OLD.tipo
          AND metodo_pago_id = OLD.metodo_pago_id AND pagos <= 1;
        IF NOT FOUND THEN
            UPDATE stats_payment_day SET pagos = pagos - 1
            WHERE dia = OLD.fecha::date AND local_id = OLD.local_id AND tipo = OLD.tipo
              AND metodo_pago_id = OLD.metodo_pago_id;
        END IF;
        DELETE FROM stats_payment_total
        WHERE local_id = OLD.local_id AND tipo = OLD.tipo AND metodo_pago_id = OLD.metodo_pago_id AND pagos <= 1;
        IF NOT FOUND THEN
            UPDATE stats_payment_total SET pagos = pagos - 1
            WHERE local_id = OLD.local_id AND tipo = OLD.tipo AND metodo_pago_id = OLD.metodo_pago_id;
        END IF;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO stats_payment_day (dia, local_id, tipo, metodo_pago_id, pagos)
        VALUES (NEW.fecha::date, NEW.local_id, NEW.tipo, NEW.metodo_pago_id, 1)
        ON CONFLICT (dia, local_id, tipo, metodo_pago_id) DO UPDATE SET pagos = stats_payment_day.pagos + 1;
        INSERT INTO stats_payment_total (local_id, tipo, metodo_pago_id, pagos)
        VALUES (NEW.local_id, NEW.tipo, NEW.metodo_pago_id, 1)
        ON CONFLICT (local_id, tipo, metodo_pago_id) DO UPDATE SET pagos = stats_payment_total.pagos + 1;
    END IF;
    RETURN NULL;
END
$$;

SELECT optica_rebuild_payment_totals();
