import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorStatus, handledElsewhere } from '../api/base';
import {
  useDeletePacienteMutation,
  useLazySearchPacientesQuery,
  usePacientesPageQuery,
  type Paciente,
  type PacienteSearchBy,
} from '../api/patients';
import { alert } from '../app/alerts';
import { useAppSelector } from '../app/store';
import { isAdmin } from '../session/sessionSlice';
import { Pagination } from '../ui/Pagination';
import { SearchBox } from '../ui/SearchBox';
import { DELETE_CONFIRM } from '../app/confirmations';
import { MESSAGES, TITLES } from './messages';
import { PatientTable } from './PatientTable';
import { saveErrorText } from './rules';
import { deleteConfirmed } from '../ui/submit';

const SEARCHES: Record<PacienteSearchBy, { label: string; id: string }> = {
  nombre: { label: 'Buscar por nombre', id: 'buscar-nombre' },
  documento: { label: 'Buscar por documento', id: 'buscar-documento' },
};

interface Filter {
  by: PacienteSearchBy;
  text: string;
}

/** Route adminitrarPaciente: the patients, 12 per page by ficha, with a search by name and one by
 * document (both paged); admins may delete. */
export function PatientList() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const [texts, setTexts] = useState<Record<PacienteSearchBy, string>>({ nombre: '', documento: '' });
  const [filter, setFilter] = useState<Filter | null>(null);
  const [page, setPage] = useState(0);
  const pageQuery = usePacientesPageQuery(page, { skip: filter !== null });
  const [search, found] = useLazySearchPacientesQuery();
  const [remove] = useDeletePacienteMutation();

  /** Runs a search page; the first page of a new search tells when nothing matched. */
  const runSearch = async (next: Filter, n: number) => {
    const result = await search({ ...next, page: n });
    if (result.error) {
      if (handledElsewhere(result.error)) return;
      if (errorStatus(result.error) === 404) void alert('info', TITLES.sinResultados, MESSAGES.sinCoincidencias);
      else void alert('error', TITLES.error, MESSAGES.busquedaFallo);
      return;
    }
    if (n === 0 && (result.data?.content.length ?? 0) === 0) {
      void alert('info', TITLES.sinResultados, MESSAGES.sinCoincidencias);
    }
  };

  const buscar = (by: PacienteSearchBy, e: FormEvent) => {
    e.preventDefault();
    const text = texts[by].trim();
    if (!text) return;
    const next = { by, text };
    setFilter(next);
    void runSearch(next, 0);
  };
  const limpiar = () => {
    setTexts({ nombre: '', documento: '' });
    setFilter(null);
    setPage(0);
  };
  const goTo = (n: number) => {
    if (filter) void runSearch(filter, n);
    else setPage(n);
  };

  const eliminar = (paciente: Paciente) =>
    deleteConfirmed(
      DELETE_CONFIRM,
      () => remove(paciente.id).unwrap(),
      (answer) => void alert('success', TITLES.eliminado, answer.mensaje),
      (error) => void alert('error', TITLES.error, saveErrorText(error, MESSAGES.eliminarFallo)),
    );

  // A refetch that fails must not leave the old rows on screen.
  const data = filter ? (found.isError ? undefined : found.currentData) : pageQuery.currentData;
  const current = filter ? found : pageQuery;
  const loading = current.isFetching && !current.currentData;
  const failed = !filter && pageQuery.isError && !handledElsewhere(pageQuery.error);

  // Deleting the last row of the last page: show the page before it (set while rendering, so
  // the empty page is never committed).
  const total = pageQuery.currentData?.totalPages;
  if (!filter && total !== undefined && page > 0 && page >= total) setPage(Math.max(0, total - 1));

  return (
    <section>
      <h2 className="text-center mb-4">LISTADO DE PACIENTES</h2>
      <div className="row g-2 mb-3 align-items-end">
        {(Object.keys(SEARCHES) as PacienteSearchBy[]).map((by) => (
          <SearchBox
            key={by}
            label={SEARCHES[by].label}
            inputId={SEARCHES[by].id}
            value={texts[by]}
            onChange={(text) => setTexts({ ...texts, [by]: text })}
            onSubmit={(e) => buscar(by, e)}
            requireText
          />
        ))}
        <div className="col-md-4 d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-secondary" onClick={limpiar}>
            Limpiar Filtros
          </button>
          <Link className="btn btn-success" to="/crearPaciente">
            Crear paciente
          </Link>
        </div>
      </div>
      {loading && <p className="text-muted text-center">{MESSAGES.cargando}</p>}
      {failed && <p className="alert alert-danger text-center">{MESSAGES.listaFallo}</p>}
      {!loading && !failed && <PatientTable pacientes={data?.content ?? []} admin={admin} onDelete={eliminar} />}
      {data && <Pagination page={data.number} totalPages={data.totalPages} onPage={goTo} />}
    </section>
  );
}
