import { useState } from 'react';
import { errorStatus, errorText, handledElsewhere } from '../api/base';
import { useAuditoriaQuery, type AuditoriaFiltro } from '../api/audit';
import { Pagination } from '../ui/Pagination';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { MESSAGES, TITLES } from './messages';
import { useNombres } from './useNombres';

export const emptyAuditoriaFiltro = (): AuditoriaFiltro => ({
  tipo: '',
  id: '',
  usuario: '',
  local: 0,
  evento: '',
  desde: '',
  hasta: '',
});

const trimmed = (f: AuditoriaFiltro): AuditoriaFiltro => ({
  ...f,
  id: f.id.trim(),
  usuario: f.usuario.trim(),
  evento: f.evento.trim(),
});

const sameFiltro = (a: AuditoriaFiltro, b: AuditoriaFiltro) => JSON.stringify(a) === JSON.stringify(b);

/** Route auditoria, admins only: every event of the shop, newest first, 20 per page, with
 * filters; each row unfolds its data, readable. */
export function AuditLog() {
  const [draft, setDraft] = useState(emptyAuditoriaFiltro);
  const [filtro, setFiltro] = useState(emptyAuditoriaFiltro);
  const [page, setPage] = useState(0);
  // Always asked again on arrival: the log grows with every change.
  const list = useAuditoriaQuery({ ...filtro, page }, { refetchOnMountOrArgChange: true });
  const nombres = useNombres();

  const buscar = () => {
    const next = trimmed(draft);
    setDraft(next);
    if (sameFiltro(next, filtro) && page === 0) void list.refetch();
    setFiltro(next);
    setPage(0);
  };
  const limpiar = () => {
    setDraft(emptyAuditoriaFiltro());
    setFiltro(emptyAuditoriaFiltro());
    setPage(0);
  };

  // A refetch that fails must not leave the old rows on screen.
  const data = list.isError ? undefined : list.currentData;
  const loading = list.isFetching && !list.currentData;
  const failed = list.isError && !handledElsewhere(list.error);
  // A refused filter (400) tells why, in the server's words.
  const failure = (errorStatus(list.error) === 400 && errorText(list.error)) || MESSAGES.auditoriaFallo;

  return (
    <section>
      <h2 className="text-center mb-3">{TITLES.auditoria}</h2>
      <AuditFilters value={draft} onChange={setDraft} onSubmit={buscar} onClear={limpiar} />
      {loading && <p className="text-muted text-center">{MESSAGES.cargando}</p>}
      {failed && <p className="alert alert-danger text-center">{failure}</p>}
      {!loading && !failed && data && (
        <AuditTable key={`${JSON.stringify(filtro)}-${page}`} rows={data.content} nombres={nombres} />
      )}
      {data && <Pagination page={data.number} totalPages={data.totalPages} onPage={setPage} />}
    </section>
  );
}
