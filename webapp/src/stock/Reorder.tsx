import { useState } from 'react';
import { handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import { useReponerExcelMutation, useReponerQuery, type AReponer } from '../api/stock';
import { alert } from '../app/alerts';
import { useAppSelector } from '../app/store';
import { formatPesos } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import type { Column, TableSpec } from '../ui/DataTable';
import { named, SelectField } from '../ui/fields';
import { PagedList } from '../ui/PagedList';
import { LIST_TEXTS, MESSAGES, TITLES } from './messages';
import { reponerFileName } from './rules';

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
        <SelectField
          id="reponerLocal"
          label="Local"
          className="col-sm-6 col-md-3"
          value={localId}
          disabled={!admin}
          onChange={(id) => {
            setElegido(id);
            setPage(0);
          }}
          options={[
            ...(admin ? [{ value: 0, label: 'Elegí el local' }] : []),
            ...named(locales.filter((l) => admin || l.id === localId)),
          ]}
        />
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
      <PagedList query={list} texts={LIST_TEXTS} onPage={setPage} idle={!localId} {...table(admin)} />
    </section>
  );
}

const table = (admin: boolean): TableSpec<AReponer> => ({
  label: 'Productos para reponer',
  rowKey: (r) => r.productoId,
  rowTestId: (r) => `reponer-${r.productoId}`,
  columns: columns(admin),
});

const columns = (admin: boolean): (Column<AReponer> | false)[] => [
  { header: 'Modelo', cell: (r) => r.modelo },
  { header: 'Marca', cell: (r) => r.marca },
  { header: 'Stock', align: 'md-end', cell: (r) => formatEntero(r.stock) },
  { header: 'En tránsito', align: 'md-end', cell: (r) => formatEntero(r.enTransito) },
  { header: 'Punto de pedido', align: 'md-end', cell: (r) => formatEntero(r.minimo) },
  { header: 'A pedir', align: 'md-end', className: 'fw-semibold', cell: (r) => formatEntero(r.faltan) },
  { header: 'Proveedores', cell: (r) => r.proveedores },
  admin && {
    header: 'Costo',
    align: 'md-end',
    className: 'text-nowrap',
    cell: (r) => (r.costoCents == null ? '' : formatPesos(r.costoCents)),
  },
];
