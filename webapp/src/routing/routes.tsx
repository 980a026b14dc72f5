// The route table of spec 000 section 2 and spec 001 section 2, each screen guarded by role.
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { TipoConEstado } from '../api/audit';
import { AuditLog, EntityAudit } from '../audit';
import { Balances, PatientBalances } from '../balances';
import { CashClosing, UnclosedDaysNotice } from '../closings';
import { Counts, CountSheet } from '../counts';
import { JobDetail, JobList, Reminders, SaleJob } from '../jobs';
import { Layout } from '../layout/Layout';
import { LookupAdmin, screens } from '../lookups';
import { CreateMovement, EditMovement, MovementList, MovementReturns, PatientMovements } from '../movements';
import { Cristaleria, EstadoCompra, Inicio, Login, SobreNosotros, Visitanos } from '../pages';
import { EditPatient, PatientForm, PatientList } from '../patients';
import { BulkCreate, EditProduct, MassUpdate, ProductForm, ProductList, PublicCatalogue } from '../products';
import { Statistics } from '../statistics';
import { ProductStock, Reorder } from '../stock';
import { NewTransfer, TransferDetail, TransferList } from '../transfers';
import { RequireRole, type Access } from './RequireRole';

const guarded = (access: Access, element: ReactNode) => <RequireRole access={access}>{element}</RequireRole>;

/** The audit panel below a loaded edit form (it shows itself to admins only). */
const auditPanel = (tipo: TipoConEstado) => (id: number) => <EntityAudit tipo={tipo} id={id} />;

/** The edit screens as routed: the entity's form with its audit panel below. */
export const editScreens = {
  // A product's page also shows each branch's stock, its reorder point and the adjustments.
  producto: (
    <EditProduct
      below={(id) => (
        <>
          <ProductStock productoId={id} />
          {auditPanel('Producto')(id)}
        </>
      )}
    />
  ),
  // A movement's page also shows its returns (a sale's, or the sale a refund returned) and a
  // sale's lab job.
  movimiento: (
    <EditMovement
      below={(id) => (
        <>
          <MovementReturns id={id} />
          <SaleJob id={id} />
          {auditPanel('Movimiento')(id)}
        </>
      )}
    />
  ),
  // A patient's page also shows what they owe (cuenta corriente).
  paciente: (
    <EditPatient
      below={(id) => (
        <>
          <PatientBalances idPaciente={id} />
          {auditPanel('Paciente')(id)}
        </>
      )}
    />
  ),
};

export const routes: RouteObject[] = [
  {
    // The public pages show at once; the guarded ones wait for the other tabs' answer (RequireRole).
    element: <Layout />,
    children: [
      { path: '/', element: <Navigate to="/inicio" replace /> },
      {
        path: 'inicio',
        element: (
          <Inicio
            staffView={
              <>
                <UnclosedDaysNotice />
                <ProductList />
              </>
            }
          />
        ),
      },
      { path: 'login', element: <Login /> },
      { path: 'sobreNosotros', element: <SobreNosotros /> },
      { path: 'cristaleria', element: <Cristaleria /> },
      { path: 'visitanos', element: <Visitanos /> },
      { path: 'estadoCompra/:id', element: <EstadoCompra /> },
      // catalogue
      { path: 'productos', element: <Navigate to="/productos/page/0" replace /> },
      { path: 'productos/page/:page', element: guarded('staff', <ProductList />) },
      // the visitors' catalogue (the INVENTARIO menu), public
      { path: 'catalogo/page/:page', element: <PublicCatalogue /> },
      { path: 'crearProducto', element: guarded('admin', <ProductForm />) },
      { path: 'crearVariosProductos', element: guarded('admin', <BulkCreate />) },
      { path: 'editarProducto/:id', element: guarded('admin', editScreens.producto) },
      { path: 'actualizar-productos', element: guarded('admin', <MassUpdate />) },
      // lookups
      { path: 'adminitrarCategoria', element: guarded('admin', <LookupAdmin screen={screens.categoria} />) },
      { path: 'adminitrarMarca', element: guarded('admin', <LookupAdmin screen={screens.marca} />) },
      { path: 'adminitrarMaterial', element: guarded('admin', <LookupAdmin screen={screens.material} />) },
      { path: 'adminitrarMetodoPago', element: guarded('admin', <LookupAdmin screen={screens.metodoPago} />) },
      { path: 'adminitrarLocal', element: guarded('admin', <LookupAdmin screen={screens.local} />) },
      { path: 'adminitrarProveedor', element: guarded('admin', <LookupAdmin screen={screens.proveedor} />) },
      { path: 'adminitrarLaboratorio', element: guarded('admin', <LookupAdmin screen={screens.laboratorio} />) },
      // patients
      { path: 'crearPaciente', element: guarded('staff', <PatientForm />) },
      { path: 'editarPaciente/:id', element: guarded('staff', editScreens.paciente) },
      { path: 'adminitrarPaciente', element: guarded('staff', <PatientList />) },
      // cash box
      { path: 'crearMovimiento', element: guarded('staff', <CreateMovement />) },
      { path: 'crearMovimiento/:pacienteId', element: guarded('staff', <CreateMovement />) },
      { path: 'editarMovimiento/:id', element: guarded('staff', editScreens.movimiento) },
      { path: 'adminitrarCaja', element: guarded('staff', <MovementList />) },
      { path: 'adminitrarCajaPaciente/:pacienteFicha', element: guarded('staff', <PatientMovements />) },
      { path: 'cierreCaja', element: guarded('staff', <CashClosing />) },
      { path: 'cuentasCorrientes', element: guarded('staff', <Balances />) },
      { path: 'estadistica', element: guarded('staff', <Statistics />) },
      // stock beyond sales
      { path: 'transferencias', element: guarded('staff', <TransferList />) },
      { path: 'transferencias/nueva', element: guarded('staff', <NewTransfer />) },
      { path: 'transferencias/:id', element: guarded('staff', <TransferDetail />) },
      { path: 'reponer', element: guarded('staff', <Reorder />) },
      { path: 'conteos', element: guarded('staff', <Counts />) },
      { path: 'conteos/:id', element: guarded('staff', <CountSheet />) },
      // lab jobs and reminders
      { path: 'trabajos', element: guarded('staff', <JobList />) },
      { path: 'trabajos/:id', element: guarded('staff', <JobDetail />) },
      { path: 'recordatorios', element: guarded('staff', <Reminders />) },
      // audit
      { path: 'auditoria', element: guarded('admin', <AuditLog />) },
      { path: '*', element: <Navigate to="/inicio" replace /> },
    ],
  },
];
