import { useState } from 'react';
import { errorText, handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import { useReponerExcelMutation, useReponerQuery } from '../api/stock';
import { alert } from '../app/alerts';
import { useAppSelector } from '../app/store';
import { formatPesos } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import { Pagination } from '../ui/Pagination';
import { MESSAGES, TITLES } from './messages';
import { reponerFileName } from './rules';
import '../ui/stackedTable.css';

const PAGE_SIZE = 50;

/**
 * Route reponer (staff): the branch's products at or below their reorder point (a seller's own
 * branch; an admin chooses one), by brand and model, with what is in transit and how many to
 * order; 'Descargar Excel' saves the same list to send a supplier (costs only for admins).
 */
export function Reorder() {
  const session = useAppSelector((s) => s.session);
  const admin = isAdmin(session);
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const [elegido, setElegido] = useState(0);
  const [page, setPage] = useState(0);
  const localId = admin ? elegido : (session.localId ?? 0);
  const list = useReponerQuery({ localId, page, size: PAGE_SIZE }, { skip: !localId, refetchOnMountOrArgChange: true });
  const [excel, downloading] = useReponerExcelMutation();
  const data = list.isError ? undefined : list.currentData;
  const local = locales.find((l) => l.id === localId);

  const descargar = async () => {
    if (!localId) return;
    try {
      await excel({ localId, fileName: reponerFileName(local?.nombre ?? String(localId)) }).unwrap();
      void alert('success', TITLES.exito, MESSAGES.excelGenerado);
    } catch (error) {
      if (!handledElsewhere(error)) void alert('error', TITLES.error, MESSAGES.excelFallo);
    }
  };

  return (
    <section>
      <h2 className="text-center mb-3">REPONER</h2>
      <div className="row g-2 mb-3 align-items-end">
        <div className="col-sm-6 col-md-3">
          <label htmlFor="reponerLocal" className="form-label">
            Local
          </label>
          <select
            id="reponerLocal"
            className="form-select"
            value={localId}
            disabled={!admin}
            onChange={(e) => {
              setElegido(Number(e.target.value));
              setPage(0);
            }}
          >
            {admin && <option value={0}>Elegí el local</option>}
            {locales
              .filter((l) => admin || l.id === localId)
              .map((l) => (
                <option key={l.id} value={l.id}>
                  {l.nombre}
                </option>
              ))}
          </select>
        </div>
        <div className="col-auto">
          <button
            type="button"
            className="btn btn-success"
            disabled={!localId || downloading.isLoading}
            onClick={() => void descargar()}
          >
            {downloading.isLoading ? MESSAGES.enviando : 'Descargar Excel'}
          </button>
        </div>
      </div>
      <p className="text-muted small">{MESSAGES.reponerAyuda}</p>
      {!localId && <p className="alert alert-info">{MESSAGES.elegirLocal}</p>}
      {list.isError && !handledElsewhere(list.error) && (
        <p className="alert alert-danger">{errorText(list.error) ?? MESSAGES.listaFallo}</p>
      )}
      {localId > 0 && !list.isError && !data && <p className="text-muted">{MESSAGES.cargando}</p>}
      {data && data.content.length === 0 && <p className="text-muted">{MESSAGES.nadaQueReponer}</p>}
      {data && data.content.length > 0 && (
        <>
          <div className="table-responsive">
            <table className="table align-middle table-stacked" aria-label="Productos para reponer">
              <thead>
                <tr>
                  <th scope="col">Modelo</th>
                  <th scope="col">Marca</th>
                  <th scope="col" className="text-md-end">
                    Stock
                  </th>
                  <th scope="col" className="text-md-end">
                    En tránsito
                  </th>
                  <th scope="col" className="text-md-end">
                    Punto de pedido
                  </th>
                  <th scope="col" className="text-md-end">
                    A pedir
                  </th>
                  <th scope="col">Proveedores</th>
                  {admin && (
                    <th scope="col" className="text-md-end">
                      Costo
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {data.content.map((r) => (
                  <tr key={r.productoId} data-testid={`reponer-${r.productoId}`}>
                    <td data-label="Modelo">{r.modelo}</td>
                    <td data-label="Marca">{r.marca}</td>
                    <td data-label="Stock" className="text-md-end">
                      {formatEntero(r.stock)}
                    </td>
                    <td data-label="En tránsito" className="text-md-end">
                      {formatEntero(r.enTransito)}
                    </td>
                    <td data-label="Punto de pedido" className="text-md-end">
                      {formatEntero(r.minimo)}
                    </td>
                    <td data-label="A pedir" className="text-md-end fw-semibold">
                      {formatEntero(r.faltan)}
                    </td>
                    <td data-label="Proveedores">{r.proveedores}</td>
                    {admin && (
                      <td data-label="Costo" className="text-md-end text-nowrap">
                        {r.costoCents == null ? '' : formatPesos(r.costoCents)}
                      </td>
                    )}
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
