import { Link } from 'react-router-dom';
import { errorText, handledElsewhere } from '../api/base';
import { useDiasSinCerrarQuery, type SinCerrar } from '../api/cashclosing';
import { useAppSelector } from '../app/store';
import { formatFecha } from '../lib/dates';
import { money } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import { MESSAGES } from './messages';
import { estadoLabel } from './rules';
import '../ui/stackedTable.css';

const FRESH = { refetchOnMountOrArgChange: true } as const;

/** "Días sin cerrar" (admins): every past day holding money that no closing counted, oldest
 * first; 'Ver' shows that day above, to open and close it, or to reopen it. */
export function UnclosedDays({ onOpen }: { onOpen: (dia: SinCerrar) => void }) {
  const list = useDiasSinCerrarQuery(undefined, FRESH);
  const dias = list.isError ? undefined : list.currentData;
  return (
    <section aria-labelledby="sin-cerrar-title" className="mt-4">
      <h3 className="h5" id="sin-cerrar-title">
        Días sin cerrar
      </h3>
      {list.isError && !handledElsewhere(list.error) && (
        <p className="alert alert-danger">{errorText(list.error) ?? MESSAGES.sinCerrarFallo}</p>
      )}
      {!dias && !list.isError && <p className="text-muted">{MESSAGES.cargando}</p>}
      {dias && dias.length === 0 && <p className="text-muted">{MESSAGES.todosCerrados}</p>}
      {dias && dias.length > 0 && (
        <>
          <p className="text-danger">{MESSAGES.sinCerrar(dias.length)}</p>
          <div className="table-responsive">
            <table className="table table-striped align-middle table-stacked" aria-label="Días sin cerrar">
              <thead>
                <tr>
                  <th>Día</th>
                  <th>Local</th>
                  <th>Estado</th>
                  <th className="text-end">Neto</th>
                  <th className="text-end">Movimientos</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {dias.map((d) => (
                  <tr key={`${d.localId}/${d.fecha}`}>
                    <td data-label="Día">{formatFecha(d.fecha)}</td>
                    <td data-label="Local">{d.local}</td>
                    <td data-label="Estado">{estadoLabel(d.estado)}</td>
                    <td data-label="Neto" className="text-end">
                      {money(d.neto)}
                    </td>
                    <td data-label="Movimientos" className="text-end">
                      {formatEntero(d.movimientos)}
                    </td>
                    <td>
                      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onOpen(d)}>
                        Ver
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** On entering, an admin sees how many past days hold money no closing counted (nothing when
 * none, and nothing for sellers). */
export function UnclosedDaysNotice() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const list = useDiasSinCerrarQuery(undefined, { ...FRESH, skip: !admin });
  const n = list.currentData?.length ?? 0;
  if (!admin || n === 0) return null;
  return (
    <p className="alert alert-warning d-flex flex-wrap gap-2 align-items-center" role="status">
      <span>{MESSAGES.sinCerrar(n)}</span>
      <Link to="/cierreCaja" className="alert-link">
        Ver en Cierre de caja
      </Link>
    </p>
  );
}
