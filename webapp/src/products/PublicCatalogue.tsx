import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useListLookupQuery } from '../api/lookups';
import { useCatalogoPageQuery } from '../api/products';
import { money } from '../lib/money';
import { DataTable, ENTITY_TABLE } from '../ui/DataTable';
import { Pagination } from '../ui/Pagination';
import { Description } from './Description';
import { MESSAGES } from './messages';
import { categoriaParam, listPath, pageParam } from './rules';

/** The visitors' catalogue (route catalogo/page/:page?categoria=, the INVENTARIO menu): model,
 * brand, price and description, one card per product on a phone; the public endpoint answers no
 * cost and no stock. */
export function PublicCatalogue() {
  const navigate = useNavigate();
  const page = pageParam(useParams().page);
  const categoria = categoriaParam(useSearchParams()[0].get('categoria'));
  const query = useCatalogoPageQuery({ page, categoria });
  const { data: categorias } = useListLookupQuery('/api/categoria', { skip: categoria === undefined });
  const nombre = categorias?.find((c) => c.id === categoria)?.nombre;
  const productos = query.isError ? [] : (query.currentData?.content ?? []);
  const loading = query.isFetching && !query.currentData;

  return (
    <section>
      <h2 className="text-center mb-2">NUESTRO CATÁLOGO</h2>
      {nombre && <p className="text-center text-muted mb-4">{nombre}</p>}
      {loading && <p className="text-muted text-center">{MESSAGES.cargando}</p>}
      {query.isError && <p className="alert alert-danger text-center">{MESSAGES.listaFallo}</p>}
      {!loading && !query.isError && productos.length === 0 && (
        <div className="alert alert-info text-center">{MESSAGES.sinProductos}</div>
      )}
      {!loading && productos.length > 0 && (
        <DataTable
          rows={productos}
          {...ENTITY_TABLE}
          rowKey={(p) => p.id}
          columns={[
            { header: 'Modelo', cell: (p) => p.modelo },
            { header: 'Marca', cell: (p) => p.marca },
            { header: 'Precio', className: 'text-nowrap', cell: (p) => money(p.precio) },
            { header: 'Descripción', cell: (p) => <Description text={p.descripcion ?? ''} /> },
          ]}
        />
      )}
      {query.data && (
        <Pagination
          page={page}
          totalPages={query.data.totalPages}
          onPage={(n) => navigate(listPath('/catalogo/page', n, categoria))}
        />
      )}
    </section>
  );
}
