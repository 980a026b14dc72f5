// The route table of spec 000 section 2 and spec 001 section 2, each screen guarded by role.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import type { TipoConEstado } from '../api/audit';
import { Layout, PUBLIC_PAGE } from '../layout/Layout';
import { Cristaleria, EstadoCompra, Inicio, Login, SobreNosotros, Visitanos } from '../pages';
import { RequireRole, type Access } from './RequireRole';

// Every screen but the frame and the public pages (the login among them) is loaded when it is first
// shown: the first load carries only what a visitor and the login need, and each screen brings its
// feature's code. The router loads a screen's code before showing it (`screen`); only the parts
// shown below a form and the staff's home wait inside the page (`later`, behind Suspense).

/** A feature's export, loaded on first use (one chunk per feature: its index module). */
function later<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

const audit = () => import('../audit');
const balances = () => import('../balances');
const cardPlans = () => import('../card_plans');
const closings = () => import('../closings');
const counts = () => import('../counts');
const insurers = () => import('../insurers');
const jobs = () => import('../jobs');
const lookups = () => import('../lookups');
const movements = () => import('../movements');
const patients = () => import('../patients');
const products = () => import('../products');
const profitability = () => import('../profitability');
const settlements = () => import('../settlements');
const statistics = () => import('../statistics');
const stock = () => import('../stock');
const transfers = () => import('../transfers');
const users = () => import('../users');

const EntityAudit = later(audit, (m) => m.EntityAudit);
const PatientBalances = later(balances, (m) => m.PatientBalances);
const UnclosedDaysNotice = later(closings, (m) => m.UnclosedDaysNotice);
const ProductList = later(products, (m) => m.ProductList);
const SaleJob = later(jobs, (m) => m.SaleJob);
const EditMovement = later(movements, (m) => m.EditMovement);
const MovementReturns = later(movements, (m) => m.MovementReturns);
const EditPatient = later(patients, (m) => m.EditPatient);
const EditProduct = later(products, (m) => m.EditProduct);
const ProductStock = later(stock, (m) => m.ProductStock);

/** A route whose screen's code the router loads before it shows the screen: no fallback is
 * drawn and no timer is involved, so a screen appears whole, as a static one does. */
const screen = <M,>(load: () => Promise<M>, build: (m: M) => ReactNode): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ element: build(await load()) }),
});

/** What is drawn before the first screen's code has arrived: nothing, as before it. */
const Nothing = () => null;

/** A screen while its code arrives (the parts below the edit forms, the staff's home). */
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
    // A page opened directly shows nothing until its screen's code has arrived (`screen`), said
    // here so the router does not warn about it on every load.
    HydrateFallback: Nothing,
    children: [
      { path: '/', element: <Navigate to="/inicio" replace /> },
      // The customers' pages (PUBLIC_PAGE) carry the WhatsApp button for visitors.
      {
        path: 'inicio',
        handle: PUBLIC_PAGE,
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
      { path: 'sobreNosotros', handle: PUBLIC_PAGE, element: <SobreNosotros /> },
      { path: 'cristaleria', handle: PUBLIC_PAGE, element: <Cristaleria /> },
      { path: 'visitanos', handle: PUBLIC_PAGE, element: <Visitanos /> },
      { path: 'estadoCompra/:id', handle: PUBLIC_PAGE, element: <EstadoCompra /> },
      // catalogue
      { path: 'productos', element: <Navigate to="/productos/page/0" replace /> },
      { path: 'productos/page/:page', ...screen(products, (m) => guarded('staff', <m.ProductList />)) },
      // the visitors' catalogue (the INVENTARIO menu), public
      { path: 'catalogo/page/:page', handle: PUBLIC_PAGE, ...screen(products, (m) => <m.PublicCatalogue />) },
      { path: 'crearProducto', ...screen(products, (m) => guarded('admin', <m.ProductForm />)) },
      { path: 'crearVariosProductos', ...screen(products, (m) => guarded('admin', <m.BulkCreate />)) },
      { path: 'editarProducto/:id', element: guarded('admin', editScreens.producto) },
      { path: 'actualizar-productos', ...screen(products, (m) => guarded('admin', <m.MassUpdate />)) },
      // lookups
      {
        path: 'adminitrarCategoria',
        ...screen(lookups, (m) => guarded('admin', <m.LookupAdmin screen={m.screens.categoria} />)),
      },
      {
        path: 'adminitrarMarca',
        ...screen(lookups, (m) => guarded('admin', <m.LookupAdmin screen={m.screens.marca} />)),
      },
      {
        path: 'adminitrarMaterial',
        ...screen(lookups, (m) => guarded('admin', <m.LookupAdmin screen={m.screens.material} />)),
      },
      {
        path: 'adminitrarMetodoPago',
        ...screen(lookups, (m) => guarded('admin', <m.LookupAdmin screen={m.screens.metodoPago} />)),
      },
      // a card's plans in cuotas, from its row in the payment methods' screen
      { path: 'metodosPago/:id/planes', ...screen(cardPlans, (m) => guarded('admin', <m.CardPlans />)) },
      {
        path: 'adminitrarLocal',
        ...screen(lookups, (m) => guarded('admin', <m.LookupAdmin screen={m.screens.local} />)),
      },
      {
        path: 'adminitrarProveedor',
        ...screen(lookups, (m) => guarded('admin', <m.LookupAdmin screen={m.screens.proveedor} />)),
      },
      {
        path: 'adminitrarLaboratorio',
        ...screen(lookups, (m) => guarded('admin', <m.LookupAdmin screen={m.screens.laboratorio} />)),
      },
      // the obras sociales a patient may belong to
      { path: 'obrasSociales', ...screen(insurers, (m) => guarded('admin', <m.Insurers />)) },
      { path: 'obrasSociales/nueva', ...screen(insurers, (m) => guarded('admin', <m.NewInsurer />)) },
      // their liquidaciones, before ':id' so that it does not take 'liquidaciones' for an id
      { path: 'obrasSociales/liquidaciones', ...screen(settlements, (m) => guarded('admin', <m.Settlements />)) },
      {
        path: 'obrasSociales/liquidaciones/:id',
        ...screen(settlements, (m) => guarded('admin', <m.Settlement />)),
      },
      { path: 'obrasSociales/:id', ...screen(insurers, (m) => guarded('admin', <m.EditInsurer />)) },
      // patients
      { path: 'crearPaciente', ...screen(patients, (m) => guarded('staff', <m.PatientForm />)) },
      { path: 'editarPaciente/:id', element: guarded('staff', editScreens.paciente) },
      { path: 'adminitrarPaciente', ...screen(patients, (m) => guarded('staff', <m.PatientList />)) },
      // cash box
      { path: 'crearMovimiento', ...screen(movements, (m) => guarded('staff', <m.CreateMovement />)) },
      { path: 'crearMovimiento/:pacienteId', ...screen(movements, (m) => guarded('staff', <m.CreateMovement />)) },
      { path: 'editarMovimiento/:id', element: guarded('staff', editScreens.movimiento) },
      { path: 'adminitrarCaja', ...screen(movements, (m) => guarded('staff', <m.MovementList />)) },
      {
        path: 'adminitrarCajaPaciente/:pacienteFicha',
        ...screen(movements, (m) => guarded('staff', <m.PatientMovements />)),
      },
      { path: 'cierreCaja', ...screen(closings, (m) => guarded('staff', <m.CashClosing />)) },
      { path: 'cuentasCorrientes', ...screen(balances, (m) => guarded('staff', <m.Balances />)) },
      { path: 'estadistica', ...screen(statistics, (m) => guarded('staff', <m.Statistics />)) },
      // the owner's true margin
      { path: 'rentabilidad', ...screen(profitability, (m) => guarded('admin', <m.Profitability />)) },
      // stock beyond sales
      { path: 'transferencias', ...screen(transfers, (m) => guarded('staff', <m.TransferList />)) },
      { path: 'transferencias/nueva', ...screen(transfers, (m) => guarded('staff', <m.NewTransfer />)) },
      { path: 'transferencias/:id', ...screen(transfers, (m) => guarded('staff', <m.TransferDetail />)) },
      { path: 'reponer', ...screen(stock, (m) => guarded('staff', <m.Reorder />)) },
      { path: 'conteos', ...screen(counts, (m) => guarded('staff', <m.Counts />)) },
      { path: 'conteos/:id', ...screen(counts, (m) => guarded('staff', <m.CountSheet />)) },
      // lab jobs and reminders
      { path: 'trabajos', ...screen(jobs, (m) => guarded('staff', <m.JobList />)) },
      { path: 'trabajos/:id', ...screen(jobs, (m) => guarded('staff', <m.JobDetail />)) },
      { path: 'recordatorios', ...screen(jobs, (m) => guarded('staff', <m.Reminders />)) },
      // staff accounts
      { path: 'usuarios', ...screen(users, (m) => guarded('admin', <m.Users />)) },
      // audit
      { path: 'auditoria', ...screen(audit, (m) => guarded('admin', <m.AuditLog />)) },
      { path: '*', element: <Navigate to="/inicio" replace /> },
    ],
  },
];
