import { Link } from 'react-router-dom';
import type { Producto } from '../api/products';
import { money } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { Description } from './Description';
import { MESSAGES } from './messages';
import { DataTable, entityTable } from '../ui/DataTable';
import { DeleteButton } from '../ui/RemoveButton';

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
  return (
    <DataTable
      rows={productos}
      {...entityTable(MESSAGES.sinProductos)}
      rowKey={(p) => p.id}
      columns={[
        { header: 'Modelo', cell: (p) => p.modelo },
        { header: 'Marca', cell: (p) => p.marca?.nombre ?? '' },
        {
          header: 'Categoria',
          label: 'Categoría',
          columnClassName: WIDE,
          cell: (p) => p.categorias.map((c) => c.nombre).join(', '),
        },
        { header: 'Material', columnClassName: WIDE, cell: (p) => p.material?.nombre ?? '' },
        { header: 'Genero', label: 'Género', columnClassName: WIDE, cell: (p) => p.genero },
        admin && { header: 'Costo', className: 'text-nowrap', cell: (p) => money(p.costo) },
        { header: 'Precio', className: 'text-nowrap', cell: (p) => money(p.precio) },
        { header: 'Stock', cell: (p) => <BranchStock producto={p} /> },
        { header: 'Descripción', cell: (p) => <Description text={p.descripcion ?? ''} /> },
        admin && {
          header: 'Acciones',
          cell: (p) => (
            <div className="d-flex flex-wrap gap-1">
              <Link className="btn btn-warning btn-sm" to={`/editarProducto/${p.id}?fromPage=${page}`}>
                Editar
              </Link>
              <DeleteButton onClick={() => onDelete(p)} />
            </div>
          ),
        },
      ]}
    />
  );
}

/** Each branch's stock, and what is on its way there. */
function BranchStock({ producto }: { producto: Producto }) {
  return (
    <ul className="list-unstyled mb-0">
      {producto.productoLocales.map((s) => (
        <li key={s.local.id} className="text-nowrap">
          {s.local.nombre}: {formatEntero(s.stock)}
          {(s.enTransito ?? 0) > 0 && (
            <span className="badge text-bg-info ms-1">En tránsito: {formatEntero(s.enTransito ?? 0)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
