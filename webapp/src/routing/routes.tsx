// The route table of spec 000 section 2 and spec 001 section 2. Screens that later features
// fill show their title until then, but are reachable and guarded by role already.
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { LookupAdmin } from '../lookups/LookupAdmin';
import { screens } from '../lookups/screens';
import { Cristaleria } from '../pages/Cristaleria';
import { Inicio } from '../pages/Inicio';
import { Login } from '../pages/Login';
import { Pending } from '../pages/Pending';
import { SobreNosotros } from '../pages/SobreNosotros';
import { Visitanos } from '../pages/Visitanos';
import { BulkCreate } from '../products/BulkCreate';
import { MassUpdate } from '../products/MassUpdate';
import { EditProduct, ProductForm } from '../products/ProductForm';
import { ProductList } from '../products/ProductList';
import { RequireRole, type Access } from './RequireRole';

const guarded = (access: Access, element: ReactNode) => <RequireRole access={access}>{element}</RequireRole>;
const pending = (access: Access, title: string) => guarded(access, <Pending title={title} />);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Navigate to="/inicio" replace /> },
      { path: 'inicio', element: <Inicio /> },
      { path: 'login', element: <Login /> },
      { path: 'sobreNosotros', element: <SobreNosotros /> },
      { path: 'cristaleria', element: <Cristaleria /> },
      { path: 'visitanos', element: <Visitanos /> },
      { path: 'estadoCompra/:id', element: <Pending title="Estado de tu pedido" /> },
      // catalogue
      { path: 'productos', element: <Navigate to="/productos/page/0" replace /> },
      { path: 'productos/page/:page', element: guarded('staff', <ProductList />) },
      { path: 'crearProducto', element: guarded('admin', <ProductForm />) },
      { path: 'crearVariosProductos', element: guarded('admin', <BulkCreate />) },
      { path: 'editarProducto/:id', element: guarded('admin', <EditProduct />) },
      { path: 'actualizar-productos', element: guarded('admin', <MassUpdate />) },
      // lookups
      { path: 'adminitrarCategoria', element: guarded('admin', <LookupAdmin screen={screens.categoria} />) },
      { path: 'adminitrarMarca', element: guarded('admin', <LookupAdmin screen={screens.marca} />) },
      { path: 'adminitrarMaterial', element: guarded('admin', <LookupAdmin screen={screens.material} />) },
      { path: 'adminitrarMetodoPago', element: guarded('admin', <LookupAdmin screen={screens.metodoPago} />) },
      { path: 'adminitrarLocal', element: guarded('admin', <LookupAdmin screen={screens.local} />) },
      { path: 'adminitrarProveedor', element: guarded('admin', <LookupAdmin screen={screens.proveedor} />) },
      // patients
      { path: 'crearPaciente', element: pending('staff', 'Crear Paciente') },
      { path: 'editarPaciente/:id', element: pending('staff', 'Editar Paciente') },
      { path: 'adminitrarPaciente', element: pending('staff', 'LISTADO DE PACIENTES') },
      // cash box
      { path: 'crearMovimiento', element: pending('staff', 'Crear Movimiento') },
      { path: 'crearMovimiento/:pacienteId', element: pending('staff', 'Crear Movimiento') },
      { path: 'editarMovimiento/:id', element: pending('staff', 'Editar Movimiento') },
      { path: 'adminitrarCaja', element: pending('staff', 'LISTADO DE MOVIMIENTOS') },
      { path: 'adminitrarCajaPaciente/:pacienteFicha', element: pending('staff', 'LISTADO DE MOVIMIENTOS') },
      { path: 'estadistica', element: pending('staff', 'ESTADÍSTICAS') },
      { path: '*', element: <Navigate to="/inicio" replace /> },
    ],
  },
];
