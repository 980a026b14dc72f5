import { Link } from 'react-router-dom';
import type { Producto } from '../api/products';
import { money } from '../lib/money';
import { Description } from './Description';
import { MESSAGES } from './messages';

interface Props {
  productos: Producto[];
  admin: boolean;
  /** The list page, so the edit form can come back to it. */
  page: number;
  onDelete: (producto: Producto) => void;
}

/** The catalogue table; cost and actions only for admins (sellers get no cost from the server). */
export function ProductTable({ productos, admin, page, onDelete }: Props) {
  if (productos.length === 0) {
    return <div className="alert alert-info text-center">{MESSAGES.sinProductos}</div>;
  }
  return (
    <div className="table-responsive">
      <table className="table table-striped table-hover align-middle">
        <thead className="table-dark">
          <tr>
            <th>Modelo</th>
            <th>Marca</th>
            <th>Categoria</th>
            <th>Material</th>
            <th>Genero</th>
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
              <td>{p.modelo}</td>
              <td>{p.marca?.nombre ?? ''}</td>
              <td>{p.categorias.map((c) => c.nombre).join(', ')}</td>
              <td>{p.material?.nombre ?? ''}</td>
              <td>{p.genero}</td>
              {admin && <td>{money(p.costo)}</td>}
              <td>{money(p.precio)}</td>
              <td>
                <ul className="list-unstyled mb-0">
                  {p.productoLocales.map((s) => (
                    <li key={s.local.id}>
                      {s.local.nombre}: {s.stock}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                <Description text={p.descripcion ?? ''} />
              </td>
              {admin && (
                <td>
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
