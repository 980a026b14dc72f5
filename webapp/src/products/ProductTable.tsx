import { Link } from 'react-router-dom';
import type { Producto } from '../api/products';
import { money } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { Description } from './Description';
import { MESSAGES } from './messages';
import '../ui/stackedTable.css';

interface Props {
  productos: Producto[];
  admin: boolean;
  /** The list page, so the edit form can come back to it. */
  page: number;
  onDelete: (producto: Producto) => void;
}

/** Columns a phone leaves out, so model, brand, price and stock fit its width (from md up,
 * every column of the specification shows). */
const WIDE = 'd-none d-md-table-cell';

/** The catalogue table; cost and actions only for admins (sellers get no cost from the server). */
export function ProductTable({ productos, admin, page, onDelete }: Props) {
  if (productos.length === 0) {
    return <div className="alert alert-info text-center">{MESSAGES.sinProductos}</div>;
  }
  return (
    <div className="table-responsive">
      <table className="table table-striped table-hover align-middle table-stacked">
        <thead className="table-dark">
          <tr>
            <th>Modelo</th>
            <th>Marca</th>
            <th className={WIDE}>Categoria</th>
            <th className={WIDE}>Material</th>
            <th className={WIDE}>Genero</th>
            {admin && <th>Costo</th>}
            <th>Precio</th>
            <th>Stock</th>
            <th>Descripción</th>
            {admin && <th>Acciones</th>}
          </tr>
        </thead>
        <tbody>
          {productos.map((p) => (
            <tr key={p.id}>
              <td data-label="Modelo">{p.modelo}</td>
              <td data-label="Marca">{p.marca?.nombre ?? ''}</td>
              <td data-label="Categoría" className={WIDE}>
                {p.categorias.map((c) => c.nombre).join(', ')}
              </td>
              <td data-label="Material" className={WIDE}>
                {p.material?.nombre ?? ''}
              </td>
              <td data-label="Género" className={WIDE}>
                {p.genero}
              </td>
              {admin && (
                <td data-label="Costo" className="text-nowrap">
                  {money(p.costo)}
                </td>
              )}
              <td data-label="Precio" className="text-nowrap">
                {money(p.precio)}
              </td>
              <td data-label="Stock">
                <ul className="list-unstyled mb-0">
                  {p.productoLocales.map((s) => (
                    <li key={s.local.id} className="text-nowrap">
                      {s.local.nombre}: {formatEntero(s.stock)}
                      {(s.enTransito ?? 0) > 0 && (
                        <span className="badge text-bg-info ms-1">En tránsito: {formatEntero(s.enTransito ?? 0)}</span>
                      )}
                    </li>
                  ))}
                </ul>
              </td>
              <td data-label="Descripción">
                <Description text={p.descripcion ?? ''} />
              </td>
              {admin && (
                <td data-label="Acciones">
                  <div className="d-flex gap-1">
                    <Link className="btn btn-warning btn-sm" to={`/editarProducto/${p.id}?fromPage=${page}`}>
                      Editar
                    </Link>
                    <button type="button" className="btn btn-danger btn-sm" onClick={() => onDelete(p)}>
                      Eliminar
                    </button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
