import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { errorText, handledElsewhere } from '../../api/base';
import {
  useDeleteMovimientoMutation,
  useListarMovimientosQuery,
  useReporteMovimientoMutation,
  type MovimientoFila,
  type MovimientoFiltro,
  type Reporte,
} from '../../api/movements';
import { alert, toast } from '../../app/alerts';
import { useAppSelector } from '../../app/store';
import { isAdmin } from '../../session/sessionSlice';
import { Pagination } from '../../ui/Pagination';
import { AdminTotals, DaySums } from './CashTotals';
import { copyText } from './clipboard';
import { DELETE_CONFIRM } from '../../app/confirmations';
import { LINK_TOAST_MS, MESSAGES, TITLES } from './messages';
import { MovementFilters } from './MovementFilters';
import { MovementTable } from './MovementTable';
import { emptyFiltro, idPacienteOf, statusLink } from './rules';
import { deleteConfirmed } from '../../ui/submit';

const sameFiltro = (a: MovimientoFiltro, b: MovimientoFiltro) => JSON.stringify(a) === JSON.stringify(b);

/** Route adminitrarCaja (and, with `paciente`, one patient's purchases, by id when `idPaciente`
 * is given): the cash-box movements, one row each with its payments, description and debt, 10 per
 * page, with filters; admins also choose the branch, see the all-time totals and delete. With a
 * date chosen, the day's cash per payment method. */
export function MovementList({ paciente, idPaciente = 0 }: { paciente?: string; idPaciente?: number }) {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const [draft, setDraft] = useState(() => emptyFiltro(paciente, idPaciente));
  const [filtro, setFiltro] = useState(() => emptyFiltro(paciente, idPaciente));
  const [page, setPage] = useState(0);
  // Always asked again on arrival: the movement form may have changed the cash box meanwhile.
  const list = useListarMovimientosQuery({ ...filtro, page }, { refetchOnMountOrArgChange: true });
  const [report, reporting] = useReporteMovimientoMutation();
  const [remove] = useDeleteMovimientoMutation();

  const buscar = () => {
    const next = { ...draft, nombrePaciente: paciente ?? draft.nombrePaciente.trim() };
    setDraft(next);
    if (sameFiltro(next, filtro) && page === 0) void list.refetch();
    setFiltro(next);
    setPage(0);
  };
  const limpiar = () => {
    setDraft(emptyFiltro(paciente, idPaciente));
    setFiltro(emptyFiltro(paciente, idPaciente));
    setPage(0);
  };

  const imprimir = async (row: MovimientoFila, reporte: Reporte) => {
    try {
      await report({ id: row.id, reporte }).unwrap();
    } catch (error) {
      if (!handledElsewhere(error)) void alert('error', TITLES.error, MESSAGES.pdfFallo);
    }
  };

  const copiar = async (row: MovimientoFila) => {
    try {
      if (!row.codigoEstado) throw new Error('movement without status code');
      await copyText(statusLink(window.location.origin, row.codigoEstado));
      void toast('success', MESSAGES.enlaceCopiado, LINK_TOAST_MS);
    } catch {
      void alert('error', TITLES.error, MESSAGES.copiaFallo);
    }
  };

  const eliminar = (row: MovimientoFila) =>
    deleteConfirmed(
      DELETE_CONFIRM,
      () => remove(row.id).unwrap(),
      () => void alert('success', TITLES.eliminado, MESSAGES.eliminado),
      (error) => void alert('error', TITLES.eliminarFallo, errorText(error) ?? MESSAGES.inesperado),
    );

  // A refetch that fails must not leave the old rows on screen.
  const data = list.isError ? undefined : list.currentData;
  const loading = list.isFetching && !list.currentData;
  const failed = list.isError && !handledElsewhere(list.error);

  // Deleting the last row of the last page: show the page before it (set while rendering, so
  // the empty page is never committed).
  const total = list.currentData?.totalPages;
  if (total !== undefined && page > 0 && page >= total) setPage(Math.max(0, total - 1));

  return (
    <section>
      <h2 className="text-center mb-2">LISTADO DE MOVIMIENTOS</h2>
      {paciente !== undefined && <h3 className="h5 text-center mb-3">Paciente: {paciente}</h3>}
      <div className="d-flex justify-content-end mb-3">
        <Link className="btn btn-success" to="/crearMovimiento">
          Crear movimiento
        </Link>
      </div>
      <MovementFilters
        value={draft}
        onChange={setDraft}
        onSubmit={buscar}
        onClear={limpiar}
        admin={admin}
        byPatient={paciente !== undefined}
      />
      {admin && <AdminTotals idLocal={filtro.idLocal} />}
      {/* Totals are for admins (spec 001 §2), the day's sums too: a cashier counts the till blind. */}
      {admin && filtro.fecha && <DaySums filtro={filtro} />}
      {loading && <p className="text-muted text-center">{MESSAGES.cargando}</p>}
      {failed && <p className="alert alert-danger text-center">{MESSAGES.listaFallo}</p>}
      {!loading && !failed && (
        <MovementTable
          rows={data?.content ?? []}
          admin={admin}
          busy={reporting.isLoading}
          onReport={imprimir}
          onCopyLink={copiar}
          onDelete={eliminar}
        />
      )}
      {data && <Pagination page={data.number} totalPages={data.totalPages} onPage={setPage} />}
    </section>
  );
}

/** Route adminitrarCajaPaciente/:pacienteFicha: the patient list and form link it with the full
 * name and `?id=`, and the list is that patient's by id; a link without the id (an old bookmark)
 * still searches by name. */
export function PatientMovements() {
  const nombre = useParams().pacienteFicha ?? '';
  const id = idPacienteOf(useSearchParams()[0].get('id'));
  return <MovementList key={`${nombre}-${id}`} paciente={nombre} idPaciente={id} />;
}
