-- A movement's debt, kept with its row so the cash box lists one row per movement and filters
-- those with a balance still owed (issue 21 item 5): the total less what its payments (monto)
-- paid, never below zero. Written by projections/src/movement_rows.rs.
ALTER TABLE movements ADD COLUMN deuda_cents bigint NOT NULL DEFAULT 0;
UPDATE movements m
SET deuda_cents = greatest(0, m.total_cents - coalesce((SELECT sum(p.monto_cents)
                                                          FROM movement_payments p
                                                          WHERE p.movimiento_id = m.id), 0));
CREATE INDEX movements_con_deuda ON movements (fecha DESC, id DESC) WHERE deuda_cents > 0;
-- Purchases of one patient, newest first ('Ver compras').
DROP INDEX movements_paciente;
CREATE INDEX movements_paciente ON movements (paciente_id, fecha DESC, id DESC);
