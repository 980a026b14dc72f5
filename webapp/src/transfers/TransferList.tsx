import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText, handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import { useTransferenciasQuery, type EstadoTransferencia } from '../api/transfers';
import { useAppSelector } from '../app/store';
import { formatFechaHora } from '../lib/dates';
import { formatEntero } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import { BranchFilter } from '../ui/BranchFilter';
import { Pagination } from '../ui/Pagination';
import { MESSAGES } from './messages';
import { ESTADOS, estadoDe } from './rules';
import { EstadoBadge } from './EstadoBadge';
import '../ui/stackedTable.css';

const PAGE_SIZE = 20;

/**
 * Route transferencias (staff): the transfers between branches, newest first, with their state;
 * filtered by state and, for admins, by branch (a seller sees those from or to their own).
 * 'Nueva transferencia' sends one; each row opens its detail, where it is received or cancelled.
 */
export function TransferList() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const [estado, setEstado] = useState<EstadoTransferencia | ''>('');
  const [localId, setLocalId] = useState(0);
  const [page, setPage] = useState(0);
  const list = useTransferenciasQuery({ estado, localId, page, size: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const data = list.isError ? undefined : list.currentData;

  return (
    <section>
      <h2 className="text-center mb-3">TRANSFERENCIAS</h2>
      <div className="row g-2 mb-3 align-items-end">
        <div className="col-sm-6 col-md-3">
          <label htmlFor="transferenciaEstado" className="form-label">
            Estado
          </label>
          <select
            id="transferenciaEstado"
            className="form-select"
            value={estado}
            onChange={(e) => {
              setEstado(e.target.value as EstadoTransferencia | '');
              setPage(0);
            }}
          >
            <option value="">Todos los estados</option>
            {ESTADOS.map((e) => (
              <option key={e} value={e}>
                {estadoDe(e).nombre}
              </option>
            ))}
          </select>
        </div>
        {admin && (
          <BranchFilter
            id="transferenciaLocal"
            className="col-sm-6 col-md-3"
            value={localId}
            locales={locales}
            onChange={(id) => {
              setLocalId(id);
              setPage(0);
            }}
          />
        )}
        <div className="col-md-auto ms-md-auto">
          <Link className="btn btn-success" to="/transferencias/nueva">
            Nueva transferencia
          </Link>
        </div>
      </div>
      {!admin && <p className="text-muted small">{MESSAGES.soloTuLocal}</p>}
      {list.isError && !handledElsewhere(list.error) && (
        <p className="alert alert-danger">{errorText(list.error) ?? MESSAGES.listaFallo}</p>
      )}
      {!list.isError && !data && <p className="text-muted">{MESSAGES.cargando}</p>}
      {data && data.content.length === 0 && <p className="text-muted">{MESSAGES.sinTransferencias}</p>}
      {data && data.content.length > 0 && (
        <>
          <div className="table-responsive">
            <table className="table align-middle table-stacked" aria-label="Transferencias">
              <thead>
                <tr>
                  <th scope="col">N.º</th>
                  <th scope="col">Enviada</th>
                  <th scope="col">Origen</th>
                  <th scope="col">Destino</th>
                  <th scope="col" className="text-md-end">
                    Unidades
                  </th>
                  <th scope="col">Estado</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {data.content.map((t) => (
                  <tr key={t.id} data-testid={`transferencia-${t.id}`}>
                    <td data-label="N.º">#{t.id}</td>
                    <td data-label="Enviada" className="text-nowrap">
                      {formatFechaHora(t.enviada)}
                    </td>
                    <td data-label="Origen">{t.origen}</td>
                    <td data-label="Destino">{t.destino}</td>
                    <td data-label="Unidades" className="text-md-end">
                      {formatEntero(t.unidades)}
                    </td>
                    <td data-label="Estado">
                      <EstadoBadge estado={t.estado} />
                    </td>
                    <td data-label="Acciones">
                      <Link
                        className="btn btn-outline-primary btn-sm"
                        to={`/transferencias/${t.id}`}
                        aria-label={`Ver transferencia #${t.id}`}
                      >
                        Ver
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
