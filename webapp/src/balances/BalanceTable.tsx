import { Link } from 'react-router-dom';
import type { Saldo } from '../api/balances';
import { formatFecha } from '../lib/dates';
import { money } from '../lib/money';
import { ventaNombre } from './messages';
import { antiguedad, diasText } from './rules';
import { DataTable } from '../ui/DataTable';

interface Props {
  rows: Saldo[];
  /** Whether the caller may open a sale of this branch (admins: every one). */
  mayOpen: (localId: number) => boolean;
  /** Shows the patient column (not on a patient's own page). */
  withPatient: boolean;
  onCobrar: (saldo: Saldo) => void;
}

/** The sales with a balance, oldest first; old debts marked (over 30 days amber, over 90 red,
 * said in words too). A card per sale on a phone. */
export function BalanceTable({ rows, withPatient, mayOpen, onCobrar }: Props) {
  return (
    <DataTable
      label="Saldos pendientes"
      rows={rows}
      rowKey={(s) => s.idMovimiento}
      rowClassName={(s) => antiguedad(s.dias).fila}
      rowTestId={(s) => `saldo-${s.idMovimiento}`}
      columns={[
        { header: 'Fecha', className: 'text-nowrap', cell: (s) => formatFecha(s.fecha) },
        withPatient && {
          header: 'Paciente',
          cell: (s) => (s.idPaciente ? <Link to={`/editarPaciente/${s.idPaciente}`}>{s.paciente}</Link> : s.paciente),
        },
        { header: 'Local', cell: (s) => s.local },
        { header: 'Total', align: 'md-end', className: 'text-nowrap', cell: (s) => money(s.total) },
        { header: 'Pagado', align: 'md-end', className: 'text-nowrap', cell: (s) => money(s.pagado) },
        { header: 'Deuda', align: 'md-end', className: 'text-nowrap fw-semibold', cell: (s) => money(s.deuda) },
        { header: 'Días', cell: (s) => <Dias dias={s.dias} /> },
        {
          header: 'Acciones',
          cell: (s) => (
            <div className="d-flex flex-wrap gap-1">
              <button
                type="button"
                className="btn btn-success btn-sm"
                aria-label={`Cobrar ${ventaNombre(s).toLowerCase()}`}
                onClick={() => onCobrar(s)}
              >
                Cobrar
              </button>
              {/* Another branch's sale is named, not linked: its page is not the caller's to open. */}
              {mayOpen(s.localId) ? (
                <Link
                  className="btn btn-outline-secondary btn-sm"
                  to={`/editarMovimiento/${s.idMovimiento}`}
                  title="Ver la venta"
                >
                  {ventaNombre(s)}
                </Link>
              ) : (
                <span className="small text-body-secondary align-self-center">{ventaNombre(s)}</span>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}

/** How long the debt has been open, its age said in words too. */
function Dias({ dias }: { dias: number }) {
  const age = antiguedad(dias);
  return (
    <>
      <span className={`badge ${age.badge}`}>{diasText(dias)}</span>
      {age.nota && <span className="visually-hidden"> ({age.nota})</span>}
    </>
  );
}
