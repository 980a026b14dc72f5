import { Link } from 'react-router-dom';
import { estadoLabel, type MovimientoFila, type Pago, type Reporte } from '../../api/movements';
import { formatFechaHora } from '../../lib/dates';
import { coberturaResumen } from '../../lib/coverage';
import { cuotasTexto, valorCuota } from '../../lib/cuotas';
import { centsOf, money } from '../../lib/money';
import { ventaNumero } from '../../lib/names';
import { WholeAmounts } from '../form/WholeAmounts';
import { MESSAGES } from './messages';
import { DataTable, ENTITY_TABLE, entityTable } from '../../ui/DataTable';
import { DeleteButton } from '../../ui/RemoveButton';
import { owes, SIN_METODO } from './rules';

/** The link between a sale and its returns: a refund names its sale; a sale with
 * returns is marked and links each refund. */
function ReturnLinks({ row }: { row: MovimientoFila }) {
  if (row.devolucionDe != null) {
    return (
      <Link className="d-block small text-nowrap" to={`/editarMovimiento/${row.devolucionDe}`}>
        {MESSAGES.devolucionDe(ventaNumero({ comprobante: row.devolucionDeComprobante }, row.devolucionDe))}
      </Link>
    );
  }
  const refunds = row.devoluciones ?? [];
  if (refunds.length === 0) return null;
  return (
    <span className="d-block small">
      <span className="badge text-bg-warning">{MESSAGES.conDevolucion}</span>{' '}
      {refunds.map((id) => (
        <Link key={id} className="me-1" to={`/editarMovimiento/${id}`} aria-label={`Devolución #${id}`}>
          #{id}
        </Link>
      ))}
    </span>
  );
}

interface Props {
  rows: MovimientoFila[];
  admin: boolean;
  /** A PDF is being fetched: its buttons wait. */
  busy: boolean;
  onReport: (row: MovimientoFila, reporte: Reporte) => void;
  onCopyLink: (row: MovimientoFila) => void;
  onDelete: (row: MovimientoFila) => void;
}

/** The cash-box rows: one per movement, dated by it, with a sale's receipt number, its
 * description, its payments inside (method, amount, date) and what is still owed, marked in red,
 * with what an obra social pays of it under that.
 * Every staff user edits, prints (the customer's PDF is the sale's receipt) and copies the status
 * link; only admins delete. */
export function MovementTable({ rows, admin, busy, onReport, onCopyLink, onDelete }: Props) {
  return (
    <DataTable
      rows={rows}
      {...entityTable(MESSAGES.sinMovimientos)}
      // Ten columns in a laptop's width: compact cells leave the payments and actions room.
      variant={`${ENTITY_TABLE.variant} table-sm`}
      rowKey={(row) => row.id}
      columns={[
        // The day and the time may take two lines (a day, 12/05/2024, never breaks at its slashes).
        { header: 'Fecha', cell: (row) => formatFechaHora(row.fecha) },
        { header: 'Tipo', cell: (row) => <Tipo row={row} /> },
        // Free text: a long word breaks rather than widen the table past the screen.
        { header: 'Paciente', className: 'text-break', cell: (row) => row.paciente?.nombreCompleto ?? '' },
        { header: 'Local', cell: (row) => row.local?.nombre ?? '' },
        { header: 'Descripción', className: 'small text-break', cell: (row) => row.descripcion ?? '' },
        { header: 'Total', className: 'text-nowrap', cell: (row) => money(row.total) },
        {
          header: 'Deuda',
          className: (row) => (owes(row) ? 'text-nowrap text-danger fw-bold' : 'text-nowrap'),
          cell: (row) => (
            <>
              {owes(row) ? money(row.deuda) : '—'}
              <Cobertura row={row} />
            </>
          ),
        },
        { header: 'Estado', cell: (row) => estadoLabel(row.estadoMovimiento) },
        { header: 'Pagos', cell: (row) => <Pagos row={row} /> },
        {
          header: 'Acciones',
          // On a laptop one button under the other, each the column's width and in one line: the
          // same place on every row; on a phone's card, side by side as they fit.
          cell: (row) => (
            <div className="d-flex flex-wrap flex-xl-column gap-1 text-nowrap">
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                disabled={busy}
                title={MESSAGES.comprobanteTitulo}
                onClick={() => onReport(row, 'cliente')}
              >
                PDF Comprobante
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
              {admin && <DeleteButton onClick={() => onDelete(row)} />}
            </div>
          ),
        },
      ]}
    />
  );
}

/** The movement's type, with a sale's receipt number and its link to its returns; one block, so
 * a phone's card shows it under its label whole. The receipt number may go under its words, the
 * number itself is never split (at its hyphen). */
function Tipo({ row }: { row: MovimientoFila }) {
  return (
    <div>
      {row.tipoMovimiento}
      {row.comprobante && (
        <span className="d-block small text-muted" data-testid="comprobante">
          {MESSAGES.comprobanteRotulo} <span className="text-nowrap">{row.comprobante}</span>
        </span>
      )}
      <ReturnLinks row={row} />
    </div>
  );
}

/** A covered sale's obra social and what it pays, under the debt it leaves out:
 * 'Obra social: OSDE 210 · $ 45.000,00'. */
function Cobertura({ row }: { row: MovimientoFila }) {
  const c = row.cobertura;
  if (!c) return null;
  return (
    <span className="d-block small text-muted fw-normal text-wrap" data-testid="cobertura">
      <WholeAmounts text={coberturaResumen(c.obraSocial, c.plan, centsOf(c.monto))} />
    </span>
  );
}

/** A payment in cuotas as its receipt prints it ('3 cuotas de $ 33.333,33'); null for any other. */
function enCuotas(pago: Pago): string | null {
  if (pago.cuotas == null) return null;
  const cuota =
    pago.valorCuota != null ? centsOf(pago.valorCuota) : valorCuota(centsOf(pago.montoImpuesto), pago.cuotas);
  return cuotasTexto(pago.cuotas, cuota);
}

/** The movement's payments: method, amount and date each, and the instalments of one in cuotas. */
function Pagos({ row }: { row: MovimientoFila }) {
  if (row.cajaMovimientos.length === 0) return <span className="small text-muted">{MESSAGES.sinPagos}</span>;
  return (
    <ul className="list-unstyled mb-0 small">
      {row.cajaMovimientos.map((pago) => (
        <li key={pago.id}>
          {/* A long method's name may wrap and the time go under the day; the amount stays whole. */}
          {pago.metodoPago?.nombre ?? SIN_METODO}: <span className="text-nowrap">{money(pago.montoImpuesto)}</span>
          {' — '}
          {formatFechaHora(pago.fecha)}
          {enCuotas(pago) && <span className="d-block text-muted">{enCuotas(pago)}</span>}
        </li>
      ))}
    </ul>
  );
}
