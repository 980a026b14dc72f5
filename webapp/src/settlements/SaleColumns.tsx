import type { VentaCubierta } from '../api/settlements';
import { formatFecha } from '../lib/dates';
import type { Column } from '../ui/DataTable';
import { detalleLineas, pacienteTexto, recetaTexto } from './rules';

/** What the obra social requires of each sale, the same in the pending list and in a
 * liquidación: the day, the receipt (and the sale's number, as the server's messages name it),
 * the patient and their document, affiliate number and plan, the prescription and the lines. */
export function saleColumns<T extends VentaCubierta>(): Column<T>[] {
  return [
    { header: 'Fecha', className: 'text-nowrap', cell: (v) => formatFecha(v.fecha) },
    {
      header: 'Comprobante',
      cell: (v) => (
        <span>
          <span className="text-nowrap">{v.comprobante || 'Sin comprobante'}</span>
          <span className="d-block small text-muted text-nowrap">N.º {v.movimientoId}</span>
        </span>
      ),
    },
    {
      header: 'Paciente',
      cell: (v) => (
        <span>
          {pacienteTexto(v)}
          {v.documento && <span className="d-block small text-muted">Doc. {v.documento}</span>}
        </span>
      ),
    },
    { header: 'Afiliado', cell: (v) => v.afiliado },
    { header: 'Plan', cell: (v) => v.plan },
    {
      header: 'Receta',
      cell: (v) => recetaTexto(v) || <span className="text-muted">Sin receta</span>,
    },
    {
      header: 'Detalle',
      cell: (v) => (
        <ul className="list-unstyled small mb-0">
          {detalleLineas(v).map((linea, i) => (
            <li key={i}>{linea}</li>
          ))}
        </ul>
      ),
    },
  ];
}
