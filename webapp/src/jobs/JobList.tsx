import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText, handledElsewhere } from '../api/base';
import { useTrabajoEstadosQuery, useTrabajosQuery, type TrabajosFiltro } from '../api/jobs';
import { useListLookupQuery } from '../api/lookups';
import { useAppSelector } from '../app/store';
import { formatFecha } from '../lib/dates';
import { isAdmin } from '../session/sessionSlice';
import { BranchFilter } from '../ui/BranchFilter';
import { Pagination } from '../ui/Pagination';
import { EstadoBadge } from './EstadoBadge';
import { MESSAGES } from './messages';
import { ABIERTOS, filtroInicial, tiempoText } from './rules';
import '../ui/stackedTable.css';

/**
 * Route trabajos (staff): the lab jobs, promised earliest first, the open ones to start with;
 * filtered by state, lab, only the overdue ones and, for admins, by branch (a seller sees their
 * own). Each row says how long the job has been in its state (the server's seconds, by the shop's
 * clock, as of when the list was read) and opens the job.
 */
export function JobList() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const { data: laboratorios = [] } = useListLookupQuery('/api/laboratorio');
  const { data: estados = [] } = useTrabajoEstadosQuery();
  const [filtro, setFiltro] = useState<TrabajosFiltro>(filtroInicial);
  const list = useTrabajosQuery(filtro, { refetchOnMountOrArgChange: true });
  const data = list.isError ? undefined : list.currentData;
  const set = (change: Partial<TrabajosFiltro>) => setFiltro((f) => ({ ...f, ...change, page: 0 }));

  return (
    <section>
      <h2 className="text-center mb-3">TRABAJOS</h2>
      <div className="row g-2 mb-3 align-items-end">
        <div className="col-sm-6 col-md-3">
          <label htmlFor="trabajoEstado" className="form-label">
            Estado
          </label>
          <select
            id="trabajoEstado"
            className="form-select"
            value={filtro.estado}
            onChange={(e) => set({ estado: e.target.value })}
          >
            <option value={ABIERTOS}>Abiertos (sin entregar)</option>
            <option value="">Todos los estados</option>
            {estados.map((e) => (
              <option key={e.clave} value={e.clave}>
                {e.etiqueta}
              </option>
            ))}
          </select>
        </div>
        {admin && (
          <BranchFilter
            id="trabajoLocal"
            className="col-sm-6 col-md-3"
            value={filtro.localId}
            locales={locales}
            onChange={(localId) => set({ localId })}
          />
        )}
        <div className="col-sm-6 col-md-3">
          <label htmlFor="trabajoLaboratorio" className="form-label">
            Laboratorio
          </label>
          <select
            id="trabajoLaboratorio"
            className="form-select"
            value={filtro.laboratorioId}
            onChange={(e) => set({ laboratorioId: Number(e.target.value) })}
          >
            <option value={0}>Todos los laboratorios</option>
            {laboratorios.map((l) => (
              <option key={l.id} value={l.id}>
                {l.nombre}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-6 col-md-auto">
          <div className="form-check mb-2">
            <input
              id="trabajoAtrasados"
              type="checkbox"
              className="form-check-input"
              checked={filtro.atrasados}
              onChange={(e) => set({ atrasados: e.target.checked })}
            />
            <label htmlFor="trabajoAtrasados" className="form-check-label">
              Solo atrasados
            </label>
          </div>
        </div>
      </div>
      {!admin && <p className="text-muted small">{MESSAGES.soloTuLocal}</p>}
      {list.isError && !handledElsewhere(list.error) && (
        <p className="alert alert-danger">{errorText(list.error) ?? MESSAGES.listaFallo}</p>
      )}
      {!list.isError && !data && <p className="text-muted">{MESSAGES.cargando}</p>}
      {data && data.content.length === 0 && <p className="text-muted">{MESSAGES.sinTrabajos}</p>}
      {data && data.content.length > 0 && (
        <>
          <div className="table-responsive">
            <table className="table align-middle table-stacked" aria-label="Trabajos">
              <thead>
                <tr>
                  <th scope="col">N.º</th>
                  <th scope="col">Paciente</th>
                  <th scope="col">Laboratorio</th>
                  <th scope="col">Prometido</th>
                  <th scope="col">Estado</th>
                  <th scope="col">En el estado</th>
                  {admin && <th scope="col">Local</th>}
                </tr>
              </thead>
              <tbody>
                {data.content.map((t) => (
                  <tr key={t.id} data-testid={`trabajo-${t.id}`} className={t.atrasado ? 'table-danger' : undefined}>
                    <td data-label="N.º">
                      <Link to={`/trabajos/${t.id}`} aria-label={`Ver trabajo #${t.id}`}>
                        #{t.id}
                      </Link>
                    </td>
                    <td data-label="Paciente">{t.paciente ?? ''}</td>
                    <td data-label="Laboratorio">{t.laboratorio}</td>
                    <td data-label="Prometido" className="text-nowrap">
                      {formatFecha(t.prometido)}
                    </td>
                    <td data-label="Estado">
                      <EstadoBadge etiqueta={t.etiqueta} estado={t.estado} atrasado={t.atrasado} />
                    </td>
                    <td data-label="En el estado" className="text-nowrap">
                      {tiempoText(t.segundos)}
                    </td>
                    {admin && <td data-label="Local">{t.local}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={data.number}
            totalPages={data.totalPages}
            onPage={(page) => setFiltro((f) => ({ ...f, page }))}
          />
        </>
      )}
    </section>
  );
}
