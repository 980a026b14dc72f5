import { Link } from 'react-router-dom';
import type { Saldo } from '../api/balances';
import { formatFecha } from '../lib/dates';
import { money } from '../lib/money';
import { antiguedad, diasText } from './rules';
import '../ui/stackedTable.css';

interface Props {
  rows: Saldo[];
  /** Shows the patient column (not on a patient's own page). */
  withPatient: boolean;
  onCobrar: (saldo: Saldo) => void;
}

/** The sales with a balance, oldest first; old debts marked (over 30 days amber, over 90 red,
 * said in words too). A card per sale on a phone. */
export function BalanceTable({ rows, withPatient, onCobrar }: Props) {
  return (
    <div className="table-responsive">
      <table className="table align-middle table-stacked" aria-label="Saldos pendientes">
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            {withPatient && <th scope="col">Paciente</th>}
            <th scope="col">Local</th>
            <th scope="col" className="text-md-end">
              Total
            </th>
            <th scope="col" className="text-md-end">
              Pagado
            </th>
            <th scope="col" className="text-md-end">
              Deuda
            </th>
            <th scope="col">Días</th>
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => {
            const age = antiguedad(s.dias);
            return (
              <tr key={s.idMovimiento} className={age.fila} data-testid={`saldo-${s.idMovimiento}`}>
                <td data-label="Fecha" className="text-nowrap">
                  {formatFecha(s.fecha)}
                </td>
                {withPatient && (
                  <td data-label="Paciente">
                    {s.idPaciente ? <Link to={`/editarPaciente/${s.idPaciente}`}>{s.paciente}</Link> : s.paciente}
                  </td>
                )}
                <td data-label="Local">{s.local}</td>
                <td data-label="Total" className="text-md-end text-nowrap">
                  {money(s.total)}
                </td>
                <td data-label="Pagado" className="text-md-end text-nowrap">
                  {money(s.pagado)}
                </td>
                <td data-label="Deuda" className="text-md-end text-nowrap fw-semibold">
                  {money(s.deuda)}
                </td>
                <td data-label="Días">
                  <span className={`badge ${age.badge}`}>{diasText(s.dias)}</span>
                  {age.nota && <span className="visually-hidden"> ({age.nota})</span>}
                </td>
                <td data-label="Acciones">
                  <div className="d-flex flex-wrap gap-1">
                    <button
                      type="button"
                      className="btn btn-success btn-sm"
                      aria-label={`Cobrar venta #${s.idMovimiento}`}
                      onClick={() => onCobrar(s)}
                    >
                      Cobrar
                    </button>
                    <Link
                      className="btn btn-outline-secondary btn-sm"
                      to={`/editarMovimiento/${s.idMovimiento}`}
                      title="Ver la venta"
                    >
                      Venta #{s.idMovimiento}
                    </Link>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
