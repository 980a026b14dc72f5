import { useState } from 'react';
import { useFacturarDebitoMutation, type LiquidacionDetalle, type VentaPresentada } from '../api/settlements';
import { alert } from '../app/alerts';
import { confirmWith } from '../app/confirmations';
import { newIdempotencyKey } from '../lib/idempotency';
import { centsOf, formatPesos, money } from '../lib/money';
import { DataTable } from '../ui/DataTable';
import { facturarConfirm, LABELS, MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { porFacturar } from './rules';
import { saleColumns } from './SaleColumns';

/**
 * The sales a liquidación presented, with what the obra social requires of each, what each was
 * presented for, what was rejected of it and why, and what of that was billed to the patient.
 * 'Facturar al paciente' (asked first) on a sale with a rejected part not billed yet: the sale's
 * balance grows by it.
 */
export function SettlementItems({ liquidacion: l }: { liquidacion: LiquidacionDetalle }) {
  const [facturar] = useFacturarDebitoMutation();
  // The sale whose billing is on its way: the buttons wait.
  const [facturando, setFacturando] = useState<number | null>(null);

  const bill = async (item: VentaPresentada) => {
    if (facturando !== null) return;
    if (!(await confirmWith(facturarConfirm(porFacturar(item), item.movimientoId, item.paciente)))) return;
    setFacturando(item.movimientoId);
    try {
      // One key per confirmed billing: a retry after a lost answer bills it once.
      const answer = await facturar({
        id: l.id,
        movimientoId: item.movimientoId,
        idempotencyKey: newIdempotencyKey(),
      }).unwrap();
      void alert('success', TITLES.facturado, answer.mensaje);
    } catch (error) {
      refused(error);
    } finally {
      setFacturando(null);
    }
  };

  return (
    <section className="mb-4" aria-labelledby="items-titulo">
      <h3 className="h5" id="items-titulo">
        Ventas presentadas
      </h3>
      <DataTable<VentaPresentada>
        label="Ventas de la liquidación"
        variant="table-sm"
        rows={l.items}
        rowKey={(i) => i.movimientoId}
        rowTestId={(i) => `item-${i.movimientoId}`}
        columns={[
          ...saleColumns<VentaPresentada>(),
          {
            header: 'Presentado',
            align: 'md-end',
            className: 'text-nowrap',
            cell: (i) => (
              <span>
                {money(i.presentado)}
                {centsOf(i.monto) !== centsOf(i.presentado) && (
                  <span className="d-block small text-muted">{MESSAGES.cambioMonto(money(i.monto))}</span>
                )}
              </span>
            ),
          },
          {
            // What was rejected, why, and its billing, in one column: the table fits a laptop
            // with the button in sight.
            header: LABELS.debitado,
            cell: (i) =>
              centsOf(i.debitado) > 0 ? (
                <div className="small">
                  <span className="text-nowrap fw-semibold">{money(i.debitado)}</span>
                  <ul className="list-unstyled mb-1">
                    {i.motivos.map((m, n) => (
                      <li key={n}>{m}</li>
                    ))}
                  </ul>
                  {centsOf(i.facturado) > 0 && (
                    <span className="d-block text-success text-nowrap">
                      Facturado al paciente: {money(i.facturado)}
                    </span>
                  )}
                  {porFacturar(i) > 0 && (
                    <button
                      type="button"
                      className="btn btn-outline-warning btn-sm text-nowrap"
                      aria-label={`${LABELS.facturar} ${formatPesos(porFacturar(i))} de la venta N.º ${i.movimientoId}`}
                      disabled={facturando !== null}
                      onClick={() => void bill(i)}
                    >
                      {facturando === i.movimientoId ? MESSAGES.enviando : LABELS.facturar}
                    </button>
                  )}
                </div>
              ) : null,
          },
        ]}
      />
    </section>
  );
}
