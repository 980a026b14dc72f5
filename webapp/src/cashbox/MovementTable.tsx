import { Link } from 'react-router-dom';
import { estadoLabel, type MovimientoFila, type Reporte } from '../api/cashbox';
import { formatFechaHora } from '../lib/dates';
import { money } from '../lib/money';
import { MESSAGES } from './messages';
import { highlightClass, isRowPayment, SIN_METODO } from './rules';

interface Props {
  rows: MovimientoFila[];
  admin: boolean;
  /** A PDF is being fetched: its buttons wait. */
  busy: boolean;
  onReport: (row: MovimientoFila, reporte: Reporte) => void;
  onCopyLink: (row: MovimientoFila) => void;
  onDelete: (row: MovimientoFila) => void;
}

/** The cash-box rows: one per payment, dated by it; the payment the row stands for is highlighted
 * in the payments column. Every staff user edits, prints and copies the status link; only admins
 * delete. */
export function MovementTable({ rows, admin, busy, onReport, onCopyLink, onDelete }: Props) {
  if (rows.length === 0) {
    return <div className="alert alert-info text-center">{MESSAGES.sinMovimientos}</div>;
  }
  return (
    <div className="table-responsive">
      <table className="table table-striped table-hover align-middle">
        <thead className="table-dark">
          <tr>
            <th>Fecha</th>
            <th>Tipo</th>
            <th>Paciente</th>
            <th>Local</th>
            <th>Total</th>
            <th>Estado</th>
            <th>Pagos</th>
            <th>Acciones</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.id}-${row.fecha}-${index}`}>
              <td className="text-nowrap">{formatFechaHora(row.fecha)}</td>
              <td>{row.tipoMovimiento}</td>
              <td>{row.paciente?.nombreCompleto ?? ''}</td>
              <td>{row.local?.nombre ?? ''}</td>
              <td className="text-nowrap">{money(row.total)}</td>
              <td>{estadoLabel(row.estadoMovimiento)}</td>
              <td>
                <ul className="list-unstyled mb-0 small">
                  {row.cajaMovimientos.map((pago) => {
                    const own = isRowPayment(row, pago);
                    return (
                      <li
                        key={pago.id}
                        className={own ? `${highlightClass(row.tipoMovimiento)} rounded px-1` : undefined}
                        aria-current={own ? 'true' : undefined}
                      >
                        {pago.metodoPago?.nombre ?? SIN_METODO}: {money(pago.montoImpuesto)} —{' '}
                        {formatFechaHora(pago.fecha)}
                      </li>
                    );
                  })}
                </ul>
              </td>
              <td>
                <div className="d-flex flex-wrap gap-1">
                  <button
                    type="button"
                    className="btn btn-outline-primary btn-sm"
                    disabled={busy}
                    onClick={() => onReport(row, 'cliente')}
                  >
                    PDF Cliente
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm"
                    disabled={busy}
                    onClick={() => onReport(row, 'optica')}
                  >
                    PDF Óptica
                  </button>
                  <button type="button" className="btn btn-info btn-sm" onClick={() => onCopyLink(row)}>
                    Copiar enlace
                  </button>
                  <Link className="btn btn-warning btn-sm" to={`/editarMovimiento/${row.id}`}>
                    Editar
                  </Link>
                  {admin && (
                    <button type="button" className="btn btn-danger btn-sm" onClick={() => onDelete(row)}>
                      Eliminar
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
