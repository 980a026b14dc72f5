// The route table of spec 000 section 2 and spec 001 section 2, each screen guarded by role.
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AuditLog } from '../audit/AuditLog';
import { MovementList, PatientMovements } from '../cashbox/MovementList';
import { Layout } from '../layout/Layout';
import { LookupAdmin } from '../lookups/LookupAdmin';
import { screens } from '../lookups/screens';
import { CreateMovement, EditMovement } from '../movements/MovementScreens';
import { Cristaleria } from '../pages/Cristaleria';
import { EstadoCompra } from '../pages/EstadoCompra';
import { Inicio } from '../pages/Inicio';
import { Login } from '../pages/Login';
import { EditPatient, PatientForm } from '../patients/PatientForm';
import { PatientList } from '../patients/PatientList';
import { SobreNosotros } from '../pages/SobreNosotros';
import { Visitanos } from '../pages/Visitanos';
import { BulkCreate } from '../products/BulkCreate';
import { MassUpdate } from '../products/MassUpdate';
import { EditProduct, ProductForm } from '../products/ProductForm';
import { ProductList } from '../products/ProductList';
import { Statistics } from '../statistics/Statistics';
import { RequireRole, type Access } from './RequireRole';

const guarded = (access: Access, element: ReactNode) => <RequireRole access={access}>{element}</RequireRole>;

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
      { path: 'estadoCompra/:id', element: <EstadoCompra /> },
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
      { path: 'crearPaciente', element: guarded('staff', <PatientForm />) },
      { path: 'editarPaciente/:id', element: guarded('staff', <EditPatient />) },
      { path: 'adminitrarPaciente', element: guarded('staff', <PatientList />) },
      // cash box
      { path: 'crearMovimiento', element: guarded('staff', <CreateMovement />) },
      { path: 'crearMovimiento/:pacienteId', element: guarded('staff', <CreateMovement />) },
      { path: 'editarMovimiento/:id', element: guarded('staff', <EditMovement />) },
      { path: 'adminitrarCaja', element: guarded('staff', <MovementList />) },
      { path: 'adminitrarCajaPaciente/:pacienteFicha', element: guarded('staff', <PatientMovements />) },
      { path: 'estadistica', element: guarded('staff', <Statistics />) },
      // audit
      { path: 'auditoria', element: guarded('admin', <AuditLog />) },
      { path: '*', element: <Navigate to="/inicio" replace /> },
    ],
  },
];
