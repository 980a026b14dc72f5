import { Link } from 'react-router-dom';
import type { SinCargo } from '../api/profitability';
import { formatFecha } from '../lib/dates';
import { money } from '../lib/money';
import { ventaNumero } from '../lib/names';
import { formatEntero } from '../lib/numbers';
import { DataTable, type Column } from '../ui/DataTable';
import { MESSAGES } from './messages';
import { totalSinCargo } from './rules';

const COLUMNS: Column<SinCargo>[] = [
  { header: 'Fecha', className: 'text-nowrap', cell: (l) => formatFecha(l.fecha) },
  {
    header: 'Comprobante',
    className: 'text-nowrap',
    // The sale itself, where its lines and reason can be read.
    cell: (l) => <Link to={`/editarMovimiento/${l.movimientoId}`}>{ventaNumero(l, l.movimientoId)}</Link>,
  },
  { header: 'Producto', cell: (l) => l.producto },
  { header: 'Cantidad', align: 'md-end', cell: (l) => formatEntero(l.cantidad) },
  {
    header: 'Costo',
    align: 'md-end',
    className: 'text-nowrap',
    cell: (l) => (l.costo == null ? <span className="text-muted">{MESSAGES.sinCostoRegistrado}</span> : money(l.costo)),
  },
  {
    header: 'Motivo',
    cell: (l) => l.motivo ?? <span className="text-muted">{MESSAGES.sinMotivo}</span>,
  },
];

/** The product lines sold at $ 0 in the period (warranties, courtesies), newest first, with what
 * they cost: money that left without coming in. */
export function FreeLines({ lineas, recortado }: { lineas: readonly SinCargo[]; recortado: boolean }) {
  const total = totalSinCargo(lineas);
  return (
    <section className="mb-3" aria-labelledby="rentabilidad-sin-cargo-title">
      <h3 className="h5" id="rentabilidad-sin-cargo-title">
        Vendido sin cargo
      </h3>
      {recortado && (
        <p className="alert alert-info small" role="note">
          {MESSAGES.sinCargoRecortado(lineas.length)}
        </p>
      )}
      <DataTable
        label="Vendido sin cargo"
        rows={lineas}
        columns={COLUMNS}
        rowKey={(l, i) => `${l.movimientoId}-${i}`}
        variant="table-sm table-striped"
        empty={<p className="text-muted">{MESSAGES.sinCargoVacio}</p>}
        foot={
          <tr className="table-light fw-bold">
            <td>Total</td>
            <td data-label="Comprobante" />
            <td data-label="Producto" />
            <td data-label="Cantidad" className="text-md-end">
              {formatEntero(total.cantidad)}
            </td>
            <td data-label="Costo" className="text-md-end text-nowrap">
              {money(total.costo)}
            </td>
            <td data-label="Motivo" />
          </tr>
        }
      />
    </section>
  );
}
