import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorStatus, errorText, handledElsewhere } from '../api/base';
import {
  useDeleteProductoMutation,
  useLazySearchProductosQuery,
  useProductosPageQuery,
  type Producto,
  type SearchBy,
} from '../api/products';
import { alert } from '../app/alerts';
import { useAppSelector } from '../app/store';
import { isAdmin } from '../session/sessionSlice';
import { Pagination } from '../ui/Pagination';
import { SearchBox } from '../ui/SearchBox';
import { DELETE_CONFIRM } from '../app/confirmations';
import { MESSAGES, TITLES } from './messages';
import { ProductTable } from './ProductTable';
import { categoriaParam, listPath, pageParam } from './rules';
import { StockExcelModal } from './StockExcelModal';
import { deleteConfirmed } from '../ui/submit';

const searches: Record<SearchBy, { label: string; blank: string; none: string }> = {
  modelo: {
    label: 'Buscar por modelo',
    blank: MESSAGES.modeloVacio,
    none: MESSAGES.modeloSinResultados,
  },
  marca: {
    label: 'Buscar por marca',
    blank: MESSAGES.marcaVacia,
    none: MESSAGES.marcaSinResultados,
  },
};

/** The staff catalogue (route productos/page/:page, of one category with `?categoria=`, and inicio
 * for staff). Sellers get from the server only their branch's stock and no cost. */
export function ProductList() {
  const navigate = useNavigate();
  const admin = useAppSelector((s) => isAdmin(s.session));
  const page = pageParam(useParams().page);
  const categoria = categoriaParam(useSearchParams()[0].get('categoria'));
  const [texts, setTexts] = useState<Record<SearchBy, string>>({ modelo: '', marca: '' });
  const [filtering, setFiltering] = useState(false);
  const [stockModal, setStockModal] = useState(false);
  const pageQuery = useProductosPageQuery({ page, categoria }, { skip: filtering });
  const [search, found] = useLazySearchProductosQuery();
  const [remove] = useDeleteProductoMutation();

  const buscar = async (by: SearchBy, e: FormEvent) => {
    e.preventDefault();
    const text = texts[by].trim();
    if (!text) {
      void alert('warning', TITLES.atencion, searches[by].blank);
      return;
    }
    setFiltering(true);
    const result = await search({ by, text });
    if (!result.error || handledElsewhere(result.error)) return;
    if (errorStatus(result.error) === 404) void alert('info', TITLES.sinResultados, searches[by].none);
    else void alert('error', TITLES.error, errorText(result.error) ?? MESSAGES.busquedaFallo);
  };
  const limpiar = () => {
    setTexts({ modelo: '', marca: '' });
    setFiltering(false);
  };

  const eliminar = (producto: Producto) =>
    deleteConfirmed(
      DELETE_CONFIRM,
      () => remove(producto.id).unwrap(),
      (answer) => void alert('success', TITLES.eliminado, answer.mensaje),
      (error) => {
        const status = errorStatus(error);
        // 409 is this server's answer for a product with cash movements; the original answered 500.
        if (status === 409 || status === 500) void alert('error', TITLES.eliminarFallo, MESSAGES.enCaja);
        else void alert('error', TITLES.eliminarFallo, errorText(error) ?? MESSAGES.inesperado);
      },
    );

  const current = filtering ? found : pageQuery;
  // A refetch that fails (the last match was deleted) must not leave the old rows on screen.
  const shown = filtering ? (found.isError ? undefined : found.currentData) : pageQuery.currentData?.content;
  const productos = shown ?? [];
  const loading = current.isFetching && !current.currentData;
  const failed = !filtering && pageQuery.isError && !handledElsewhere(pageQuery.error);

  return (
    <section>
      <h2 className="text-center mb-4">NUESTRO CATÁLOGO</h2>
      <div className="row g-2 mb-3 align-items-end">
        {(Object.keys(searches) as SearchBy[]).map((by) => (
          <SearchBox
            key={by}
            label={searches[by].label}
            value={texts[by]}
            onChange={(text) => setTexts({ ...texts, [by]: text })}
            onSubmit={(e) => buscar(by, e)}
          />
        ))}
        <div className="col-md-4 d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline-secondary" onClick={limpiar}>
            Limpiar Filtros
          </button>
          {admin && (
            <>
              <Link className="btn btn-success" to="/crearVariosProductos">
                Crear producto
              </Link>
              <button type="button" className="btn btn-info" onClick={() => setStockModal(true)}>
                Generar Stock del Local
              </button>
            </>
          )}
        </div>
      </div>
      {loading && <p className="text-muted text-center">{MESSAGES.cargando}</p>}
      {failed && <p className="alert alert-danger text-center">{MESSAGES.listaFallo}</p>}
      {!loading && !failed && <ProductTable productos={productos} admin={admin} page={page} onDelete={eliminar} />}
      {!filtering && pageQuery.data && (
        <Pagination
          page={page}
          totalPages={pageQuery.data.totalPages}
          onPage={(n) => navigate(listPath('/productos/page', n, categoria))}
        />
      )}
      {stockModal && <StockExcelModal onClose={() => setStockModal(false)} />}
    </section>
  );
}
