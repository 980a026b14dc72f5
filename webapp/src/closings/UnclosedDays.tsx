import { Link } from 'react-router-dom';
import { useDiasSinCerrarQuery, type SinCerrar } from '../api/closings';
import { useAppSelector } from '../app/store';
import { formatFecha } from '../lib/dates';
import { money } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import { MESSAGES } from './messages';
import { estadoLabel } from './rules';
import { DataTable, type Column } from '../ui/DataTable';
import { Loaded } from '../ui/Loaded';

const FRESH = { refetchOnMountOrArgChange: true } as const;

/** "Días sin cerrar" (admins): every past day holding money that no closing counted, oldest
 * first; 'Ver' shows that day above, to open and close it, or to reopen it. */
export function UnclosedDays({ onOpen }: { onOpen: (dia: SinCerrar) => void }) {
  const list = useDiasSinCerrarQuery(undefined, FRESH);
  return (
    <section aria-labelledby="sin-cerrar-title" className="mt-4">
      <h3 className="h5" id="sin-cerrar-title">
        Días sin cerrar
      </h3>
      <Loaded query={list} failed={MESSAGES.sinCerrarFallo} loading={MESSAGES.cargando}>
        {(dias) =>
          dias.length === 0 ? (
            <p className="text-muted">{MESSAGES.todosCerrados}</p>
          ) : (
            <>
              <p className="text-danger">{MESSAGES.sinCerrar(dias.length)}</p>
              <DataTable
                label="Días sin cerrar"
                variant="table-striped"
                rows={dias}
                columns={columns(onOpen)}
                rowKey={(d) => `${d.localId}/${d.fecha}`}
              />
            </>
          )
        }
      </Loaded>
    </section>
  );
}

const columns = (onOpen: (dia: SinCerrar) => void): Column<SinCerrar>[] => [
  { header: 'Día', cell: (d) => formatFecha(d.fecha) },
  { header: 'Local', cell: (d) => d.local },
  { header: 'Estado', cell: (d) => estadoLabel(d.estado) },
  { header: 'Neto', align: 'end', cell: (d) => money(d.neto) },
  { header: 'Movimientos', align: 'end', cell: (d) => formatEntero(d.movimientos) },
  {
    header: '',
    cell: (d) => (
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onOpen(d)}>
        Ver
      </button>
    ),
  },
];

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
