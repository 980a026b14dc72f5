// The route table of spec 000 section 2 and spec 001 section 2, each screen guarded by role.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { TipoConEstado } from '../api/audit';
import { Layout } from '../layout/Layout';
import type { screens } from '../lookups';
import { Cristaleria, EstadoCompra, Inicio, Login, SobreNosotros, Visitanos } from '../pages';
import { RequireRole, type Access } from './RequireRole';

// Every screen but the frame and the public pages (the login among them) is loaded when it is first
// shown: the first load carries only what a visitor and the login need, and each screen brings its
// feature's code.

/** A feature's export, loaded on first use (one chunk per feature: its index module). */
function later<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

const audit = () => import('../audit');
const balances = () => import('../balances');
const closings = () => import('../closings');
const counts = () => import('../counts');
const jobs = () => import('../jobs');
const lookups = () => import('../lookups');
const movements = () => import('../movements');
const patients = () => import('../patients');
const products = () => import('../products');
const statistics = () => import('../statistics');
const stock = () => import('../stock');
const transfers = () => import('../transfers');

const AuditLog = later(audit, (m) => m.AuditLog);
const EntityAudit = later(audit, (m) => m.EntityAudit);
const Balances = later(balances, (m) => m.Balances);
const PatientBalances = later(balances, (m) => m.PatientBalances);
const CashClosing = later(closings, (m) => m.CashClosing);
const UnclosedDaysNotice = later(closings, (m) => m.UnclosedDaysNotice);
const Counts = later(counts, (m) => m.Counts);
const CountSheet = later(counts, (m) => m.CountSheet);
const JobDetail = later(jobs, (m) => m.JobDetail);
const JobList = later(jobs, (m) => m.JobList);
const Reminders = later(jobs, (m) => m.Reminders);
const SaleJob = later(jobs, (m) => m.SaleJob);
/** A lookup's admin screen, by the lookup's name. */
const LookupAdmin = later(lookups, (m) => (p: { name: keyof typeof screens }) => (
  <m.LookupAdmin screen={m.screens[p.name]} />
));
const CreateMovement = later(movements, (m) => m.CreateMovement);
const EditMovement = later(movements, (m) => m.EditMovement);
const MovementList = later(movements, (m) => m.MovementList);
const MovementReturns = later(movements, (m) => m.MovementReturns);
const PatientMovements = later(movements, (m) => m.PatientMovements);
const EditPatient = later(patients, (m) => m.EditPatient);
const PatientForm = later(patients, (m) => m.PatientForm);
const PatientList = later(patients, (m) => m.PatientList);
const BulkCreate = later(products, (m) => m.BulkCreate);
const EditProduct = later(products, (m) => m.EditProduct);
const MassUpdate = later(products, (m) => m.MassUpdate);
const ProductForm = later(products, (m) => m.ProductForm);
const ProductList = later(products, (m) => m.ProductList);
const PublicCatalogue = later(products, (m) => m.PublicCatalogue);
const Statistics = later(statistics, (m) => m.Statistics);
const ProductStock = later(stock, (m) => m.ProductStock);
const Reorder = later(stock, (m) => m.Reorder);
const NewTransfer = later(transfers, (m) => m.NewTransfer);
const TransferDetail = later(transfers, (m) => m.TransferDetail);
const TransferList = later(transfers, (m) => m.TransferList);

/** A screen while its code arrives. */
const loading = <p className="text-muted">Cargando...</p>;

/** A screen that may still be loading its code. */
const page = (element: ReactNode) => <Suspense fallback={loading}>{element}</Suspense>;

/** A part below a shown screen: it appears when its code has arrived, and the screen above stays. */
const part = (element: ReactNode) => <Suspense fallback={null}>{element}</Suspense>;

const guarded = (access: Access, element: ReactNode) => <RequireRole access={access}>{page(element)}</RequireRole>;

/** An edit screen as routed: the entity's form and, below it once loaded, the entity's own parts
 * (`parts`) and its audit panel (which shows itself to admins only). */
const editScreen = (
  Form: ComponentType<{ below?: (id: number) => ReactNode }>,
  tipo: TipoConEstado,
  parts: (id: number) => ReactNode,
) =>
  page(
    <Form
      below={(id) =>
        part(
          <>
            {parts(id)}
            <EntityAudit tipo={tipo} id={id} />
          </>,
        )
      }
    />,
  );

/** The edit screens as routed: the entity's form with its audit panel below. */
export const editScreens = {
  // A product's page also shows each branch's stock, its reorder point and the adjustments.
  producto: editScreen(EditProduct, 'Producto', (id) => <ProductStock productoId={id} />),
  // A movement's page also shows its returns (a sale's, or the sale a refund returned) and a
  // sale's lab job.
  movimiento: editScreen(EditMovement, 'Movimiento', (id) => (
    <>
      <MovementReturns id={id} />
      <SaleJob id={id} />
    </>
  )),
  // A patient's page also shows what they owe (cuenta corriente).
  paciente: editScreen(EditPatient, 'Paciente', (id) => <PatientBalances idPaciente={id} />),
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
            staffView={page(
              <>
                <UnclosedDaysNotice />
                <ProductList />
              </>,
            )}
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
      { path: 'catalogo/page/:page', element: page(<PublicCatalogue />) },
      { path: 'crearProducto', element: guarded('admin', <ProductForm />) },
      { path: 'crearVariosProductos', element: guarded('admin', <BulkCreate />) },
      { path: 'editarProducto/:id', element: guarded('admin', editScreens.producto) },
      { path: 'actualizar-productos', element: guarded('admin', <MassUpdate />) },
      // lookups
      { path: 'adminitrarCategoria', element: guarded('admin', <LookupAdmin name="categoria" />) },
      { path: 'adminitrarMarca', element: guarded('admin', <LookupAdmin name="marca" />) },
      { path: 'adminitrarMaterial', element: guarded('admin', <LookupAdmin name="material" />) },
      { path: 'adminitrarMetodoPago', element: guarded('admin', <LookupAdmin name="metodoPago" />) },
      { path: 'adminitrarLocal', element: guarded('admin', <LookupAdmin name="local" />) },
      { path: 'adminitrarProveedor', element: guarded('admin', <LookupAdmin name="proveedor" />) },
      { path: 'adminitrarLaboratorio', element: guarded('admin', <LookupAdmin name="laboratorio" />) },
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
