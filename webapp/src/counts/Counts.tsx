import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText, handledElsewhere } from '../api/base';
import { useConteosQuery } from '../api/counts';
import { useListLookupQuery } from '../api/lookups';
import { useAppSelector } from '../app/store';
import { formatFechaHora } from '../lib/dates';
import { formatEntero } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import { BranchFilter } from '../ui/BranchFilter';
import { Pagination } from '../ui/Pagination';
import { EstadoBadge } from './EstadoBadge';
import { MESSAGES } from './messages';
import { NewCount } from './NewCount';
import { alcance, progresoText } from './rules';
import '../ui/stackedTable.css';

const PAGE_SIZE = 20;

/**
 * Route conteos (staff): the physical counts, newest first, with their state and progress (a
 * seller sees their branch's; an admin filters by branch and starts a new one). Each row opens
 * its sheet, where the quantities are typed in and, once closed, the differences are shown.
 */
export function Counts() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const { data: locales = [] } = useListLookupQuery('/api/local', { skip: !admin });
  const [localId, setLocalId] = useState(0);
  const [page, setPage] = useState(0);
  const [nuevo, setNuevo] = useState(false);
  const list = useConteosQuery({ localId, page, size: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const data = list.isError ? undefined : list.currentData;

  return (
    <section>
      <h2 className="text-center mb-3">CONTEOS</h2>
      <div className="row g-2 mb-3 align-items-end">
        {admin && (
          <BranchFilter
            id="conteosLocal"
            className="col-sm-6 col-md-3"
            value={localId}
            locales={locales}
            onChange={(id) => {
              setLocalId(id);
              setPage(0);
            }}
          />
        )}
        {admin && (
          <div className="col-md-auto ms-md-auto">
            <button type="button" className="btn btn-success" aria-expanded={nuevo} onClick={() => setNuevo((n) => !n)}>
              Nuevo conteo
            </button>
          </div>
        )}
      </div>
      {admin && nuevo && <NewCount />}
      {!admin && <p className="text-muted small">{MESSAGES.soloTuLocal}</p>}
      {list.isError && !handledElsewhere(list.error) && (
        <p className="alert alert-danger">{errorText(list.error) ?? MESSAGES.listaFallo}</p>
      )}
      {!list.isError && !data && <p className="text-muted">{MESSAGES.cargando}</p>}
      {data && data.content.length === 0 && <p className="text-muted">{MESSAGES.sinConteos}</p>}
      {data && data.content.length > 0 && (
        <>
          <div className="table-responsive">
            <table className="table align-middle table-stacked" aria-label="Conteos">
              <thead>
                <tr>
                  <th scope="col">N.º</th>
                  <th scope="col">Iniciado</th>
                  <th scope="col">Local</th>
                  <th scope="col">Productos</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Avance</th>
                  <th scope="col" className="text-md-end">
                    Con diferencia
                  </th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {data.content.map((c) => (
                  <tr key={c.id} data-testid={`conteo-${c.id}`}>
                    <td data-label="N.º">#{c.id}</td>
                    <td data-label="Iniciado" className="text-nowrap">
                      {formatFechaHora(c.iniciado)}
                    </td>
                    <td data-label="Local">{c.local}</td>
                    <td data-label="Productos">{alcance(c)}</td>
                    <td data-label="Estado">
                      <EstadoBadge estado={c.estado} />
                    </td>
                    <td data-label="Avance">{progresoText({ contados: c.contados, total: c.productos })}</td>
                    <td data-label="Con diferencia" className="text-md-end">
                      {c.conDiferencia == null ? '' : formatEntero(c.conDiferencia)}
                    </td>
                    <td data-label="Acciones">
                      <Link
                        className="btn btn-outline-primary btn-sm"
                        to={`/conteos/${c.id}`}
                        aria-label={`${c.estado === 'ABIERTO' ? 'Contar' : 'Ver'} conteo #${c.id}`}
                      >
                        {c.estado === 'ABIERTO' ? 'Contar' : 'Ver'}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={data.number} totalPages={data.totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
