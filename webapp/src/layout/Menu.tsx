import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useListLookupQuery } from '../api/lookups';
import { useAppSelector } from '../app/store';
import { hasAnyRole, isAdmin } from '../session/sessionSlice';
import { Dropdown } from './Dropdown';
import { menuCategories } from './menuCategories';

const item = (to: string, text: string) => (
  <li key={text}>
    <Link className="dropdown-item" to={to}>
      {text}
    </Link>
  </li>
);

const navItem = (to: string, text: string) => (
  <li className="nav-item" key={to}>
    <NavLink className="nav-link" to={to}>
      {text}
    </NavLink>
  </li>
);

/** A menu entry: where it goes and what it says. */
type Entry = [to: string, text: string];

/** The lookups an admin keeps, the obras sociales, the staff accounts and the audit. */
const ADMIN_ENTRIES: Entry[] = [
  ['/adminitrarCategoria', 'Categorías'],
  ['/adminitrarMarca', 'Marcas'],
  ['/adminitrarMaterial', 'Materiales'],
  ['/adminitrarMetodoPago', 'Método de Pago'],
  ['/adminitrarLocal', 'Locales'],
  ['/adminitrarProveedor', 'Proveedores'],
  ['/adminitrarLaboratorio', 'Laboratorios'],
  ['/obrasSociales', 'Obras sociales'],
  ['/usuarios', 'Usuarios'],
  ['/auditoria', 'Auditoría'],
];

/** The staff's screens after the lab's entry, in the menu's order. */
const STAFF_SCREENS: Entry[] = [
  ['/cuentasCorrientes', 'CUENTAS CORRIENTES'],
  ['/cierreCaja', 'CIERRE DE CAJA'],
  ['/transferencias', 'TRANSFERENCIAS'],
  ['/reponer', 'REPONER'],
  ['/conteos', 'CONTEOS'],
  ['/estadistica', 'ESTADÍSTICAS'],
];

/** The main menu: one variant for visitors and users without roles, one for staff. Below
 * Bootstrap's lg width (a phone, a tablet upright) it collapses behind the toggler, and closes
 * again once a screen is chosen. */
export function Menu() {
  const { pathname } = useLocation();
  // Open on the screen where it was opened: choosing another screen closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const session = useAppSelector((s) => s.session);
  const staff = hasAnyRole(session);
  const admin = isAdmin(session);
  // Categories are public; visitors browse the catalogue by these three.
  const { data: categorias } = useListLookupQuery('/api/categoria', { skip: staff });
  const ids = menuCategories(categorias);
  // The public catalogue, of the category when the shop has one by that name.
  const byCategory = (id: number | undefined) =>
    id === undefined ? '/catalogo/page/0' : `/catalogo/page/0?categoria=${id}`;

  return (
    <nav className="navbar navbar-expand-lg navbar-dark bg-dark" aria-label="Menú principal">
      <div className="container-fluid">
        <Link className="navbar-brand" to="/inicio">
          <img src="/img/favicon.svg" alt="" width="40" height="20" className="me-2" />
          ÓPTICA
        </Link>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="menu-principal"
          aria-expanded={open}
          aria-label={open ? 'Cerrar el menú' : 'Abrir el menú'}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div className={`collapse navbar-collapse${open ? ' show' : ''}`} id="menu-principal">
          <ul className="navbar-nav flex-wrap">
            {staff ? (
              <>
                {admin && (
                  <Dropdown label="GESTIONAR PRODUCTOS" testId="menu-productos">
                    {item('/crearVariosProductos', 'Crear productos')}
                    {item('/actualizar-productos', 'Actualizar precio o costo')}
                  </Dropdown>
                )}
                <Dropdown label="ADMINISTRAR" testId="menu-administrar">
                  {admin && ADMIN_ENTRIES.map(([to, text]) => item(to, text))}
                  {item('/adminitrarPaciente', 'Pacientes')}
                </Dropdown>
                {navItem('/adminitrarCaja', 'CAJA')}
                {/* The lab jobs and who to remind, one entry so the menu's rows stay as they were. */}
                <Dropdown label="LABORATORIO" testId="menu-laboratorio">
                  {item('/trabajos', 'TRABAJOS')}
                  {item('/recordatorios', 'RECORDATORIOS')}
                </Dropdown>
                {STAFF_SCREENS.map(([to, text]) => navItem(to, text))}
                {/* The owner's true margin, beside the statistics: admins only. */}
                {admin && navItem('/rentabilidad', 'RENTABILIDAD')}
              </>
            ) : (
              <>
                <Dropdown label="INVENTARIO" testId="menu-inventario">
                  {item(byCategory(ids.sol), 'Anteojos de sol')}
                  {item(byCategory(ids.receta), 'Anteojos de receta')}
                  {item(byCategory(ids.accesorios), 'Accesorios')}
                </Dropdown>
                {navItem('/cristaleria', 'CRISTALERÍA')}
                {navItem('/sobreNosotros', 'SOBRE NOSOTROS')}
              </>
            )}
          </ul>
        </div>
      </div>
    </nav>
  );
}
