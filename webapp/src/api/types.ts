// Names for the generated API types (src/api/schema.d.ts comes from the server's OpenAPI
// document; regenerate with scripts/gen-api, never edit it by hand). Every module of calls
// re-exports the names of its shapes, so the screens import them with the calls.
import type { components, operations, paths } from './schema';

/** The generated document's shapes, by the name the server gives them. */
export type Schemas = components['schemas'];
export type Nombrado = Schemas['Nombrado'];
export type Local = Schemas['Local'];
export type LookupBody = Schemas['LookupBody'];
export type TokenResponse = Schemas['TokenResponse'];

/** Any lookup item: every kind has id and nombre; branches, suppliers and labs have more. */
/** Any lookup item as the administration screens read it; a category says whether it holds lenses. */
export type LookupItem = Nombrado & Partial<Pick<Local, 'direccion' | 'celular'>> & { cristales?: boolean };
/** A category, and whether its products are lenses (the admin's setting, else the name 'cristal'). */
export type Categoria = Schemas['Categoria'];

/** The lookup collections the server exposes, as they appear in its paths. */
export type LookupPath = Extract<
  keyof paths,
  | '/api/categoria'
  | '/api/marca'
  | '/api/materialProducto'
  | '/api/metodoPago'
  | '/api/local'
  | '/api/proveedor'
  | '/api/laboratorio'
>;

/** Fails to compile when a body the app sends (`Sent`) stops being one the server accepts. */
export type Accepts<Server, Sent extends Server> = Sent;

// The audit log and the stock ledger.

/** One event of the log; `registrado` is an instant in UTC, `datos` the event's JSON payload. */
export type EventoAuditoria = Schemas['EventoAuditoria'];
/** One line of a product's stock ledger; `stock` is the branch's running balance after it. */
export type AsientoStock = Schemas['AsientoStock'];
/** A page of events, newest first; `number` is zero-based. */
export type EventoPage = Schemas['Page_EventoAuditoria'];

// The customer balances.

/** The open balances (a page of them) and the total owed over all of them. */
export type CuentasCorrientes = Schemas['CuentasCorrientes'];
/** One sale with a balance: total, paid, owed (`deuda`) and the days since the sale (`dias`). */
export type Saldo = Schemas['Page_Saldo']['content'][number];
/** A collection's answer: the sale as the caller may read it, and the payment's own receipt. */
export type CobroGuardado = Schemas['CobroGuardado'];
export type ReciboRef = Schemas['ReciboRef'];

// The cash closings.

/** A branch's day: its state, float and, once counted, the last count against the expected figures. */
export type CajaDia = Schemas['CajaDia'];
/** One payment method of a day: `esperado`, `contado` and `diferencia` are null until the first count. */
export type CajaMetodo = Schemas['CajaMetodo'];
/** The answer of an opening, a count or a reopening: its message and the day as it now stands. */
export type CajaGuardada = Schemas['CajaGuardada'];
/** A counted day in the list of closings, with its totals over every method. */
export type Cierre = Schemas['Cierre'];
export type CierrePage = Schemas['Page_Cierre'];
/** A past day holding money that no closing counted (admins). */
export type SinCerrar = Schemas['SinCerrar'];
export type MetodoEsperado = Schemas['MetodoEsperado'];
export type LineaEsperado = Schemas['LineaEsperado'];
/** The states of a day, as the server writes them. */
export type EstadoCaja = Schemas['EstadoCaja'];

// The physical counts.

/** A count as the list shows it. */
export type Conteo = Schemas['Conteo'];
/** A product of a count's sheet: `esperado` and `diferencia` null while open, `costo` only for admins. */
export type LineaConteo = Schemas['LineaConteo'];
/** A count with its sheet, by brand and model; `valorDiferencia` once closed, for admins. */
export type Planilla = Schemas['Planilla'];
export type ConteoPage = Schemas['Page_Conteo'];
/** A step's answer: its message and the sheet as it now stands. */
export type ConteoGuardado = Schemas['ConteoGuardado'];
export type EstadoConteo = Schemas['EstadoConteo'];

// The lab jobs and their notices.

/** A job as the list shows it; `id` is its sale's. */
export type TrabajoResumen = Schemas['TrabajoResumen'];
/** A job with its frozen prescription, frame and lenses, history and notices. */
export type Trabajo = Schemas['Trabajo'];
export type TrabajoPage = Schemas['Page_TrabajoResumen'];
/** A state the job went through, with the seconds it spent there. */
export type Paso = Schemas['Paso'];
/** A notice to the customer, by mail or WhatsApp, and where it stands. */
export type Aviso = Schemas['Aviso'];
export type Canal = Schemas['Canal'];
/** A mail: ENVIADO, PENDIENTE, REINTENTANDO or FALLIDO; a WhatsApp: ABIERTO (the chat was opened;
 * whether it was sent, only staff know). */
export type EstadoAviso = Schemas['EstadoAviso'];
/** A lab job's state, in the server's words. */
export type EstadoTrabajo = Schemas['EstadoTrabajo'];
/** A job state as the screens offer it (`GET /api/trabajos/estados`). */
export type EstadoOpcion = Schemas['EstadoOpcion'];
/** A step's answer: its message and the job as it now stands. */
export type TrabajoGuardado = Schemas['TrabajoGuardado'];
export type Recordatorios = Schemas['Recordatorios'];
export type ControlVencido = Schemas['ControlVencido'];
export type SinRetirar = Schemas['SinRetirar'];
/** The prescription frozen into the job, a ficha as the patient's page shows one. */
export type Receta = Schemas['Ficha'];

// The movements and their returns.

/** A movement with its lines, payments, patient, products and branch. */
export type Movimiento = Schemas['Movimiento'];
/** A payment as the server answers it; one charged by card in cuotas says how many, the
 * surcharge it was charged at (percent) and each instalment (`valorCuota`, pesos). */
export type CajaMovimiento = Schemas['CajaMovimiento'];
/** A page of rows; the same page shape as the other lists (`number` is zero-based). */
export type MovimientoPage = Schemas['Page_Movimiento'];
/** A create's or an edit's answer: the record as the server reads it now. */
export type MovimientoSaved = Schemas['MovimientoGuardado'];
/** The public answer of `/estado/{codigo}`: which order it is and its state. */
export type EstadoCompra = Schemas['EstadoCompra'];
export type TipoMovimiento = Schemas['TipoMovimiento'];
/** Where an ENTRADA's order stands; a SALIDA has none. */
export type EstadoMovimiento = Schemas['EstadoMovimiento'];
/** What the returns of a sale took back so far: units per product, positions of additional lines. */
export type Devuelto = Schemas['Devuelto'];
/** A return's answer: its message and the refund (a SALIDA) as the server reads it. */
export type DevolucionGuardada = Schemas['MovimientoGuardado'];

// The patients and their fichas.

export type Ojo = Schemas['Ojo'];
export type TipoVision = Schemas['TipoVision'];
export type Graduacion = Schemas['Graduacion'];
/** A lens recorded on a ficha (added by the cash box when a crystal is sold). */
export type Cristal = Schemas['Cristal'];
/** One prescription record (ficha de graduación); `id` is numbered per patient. */
export type Ficha = Schemas['Ficha'];
/** A patient; `version` goes back with an edit so the server keeps what others added since. */
export type Paciente = Schemas['Paciente'];
/** A page of 12 patients (Spring's page shape). */
export type PacientePage = Schemas['Page_Paciente'];
/** A create's or an edit's answer: the record as the server reads it now. */
export type PacienteSaved = Schemas['PacienteGuardado'];

// The product catalogue.

/** A product as the server answers it; `costo` is null for callers who are not admins. */
export type Producto = Schemas['Producto'];
/** A page of 12 products (Spring's page shape). */
export type ProductoPage = Schemas['Page_Producto'];
/** A product as visitors see it: model, brand name, price and description (no cost, no stock). */
export type ProductoPublico = Schemas['ProductoPublico'];
/** A page of 12 products of the public catalogue. */
export type ProductoPublicoPage = Schemas['Page_ProductoPublico'];
/** A create's or an edit's answer: the record as the server reads it now. */
export type ProductoSaved = Schemas['ProductoGuardado'];

// The shop as its customers see it.

/** The shop's name, contact details and branches, each with its address and a map link;
 * `cuotasSinInteres`, the most cuotas (more than 1) a card offers today without surcharge (null
 * when none does). */
export type Tienda = Schemas['Tienda'];
/** A branch as customers find it. */
export type Sucursal = Schemas['Sucursal'];

// The statistics page.

/** Cash in and out of one payment method over a period. */
export type EntradaSalida = Schemas['EntradaSalida'];
/** What came in and went out of one payment method, by the day and branch the money moved (as
 * the cash closings count it). */
export type Ingreso = Schemas['Ingreso'];
/** Units sold over a period. */
export type Cantidad = Schemas['Cantidad'];
/** One day of sales (`fecha` is `yyyy-MM-dd`): how many and how much; days without sales are absent. */
export type VentasDelDia = Schemas['VentasDelDia'];
/** Σ stock per branch. */
export type StockPorLocal = Schemas['StockPorLocal'];
/** Σ stock per material at one branch. */
export type StockPorMaterial = Schemas['StockPorMaterial'];
/** Patients per branch (branches without patients are absent). */
export type PacientesPorLocal = Schemas['PacientesPorLocal'];

// Stock adjustments and the reorder list.

/** A reason of a manual adjustment: what the body sends, its name, whether it only takes out. */
export type MotivoAjuste = Schemas['MotivoAjuste'];
/** A product to reorder at a branch; `faltan` counts what is in transit. */
export type AReponer = Schemas['AReponer'];
export type AReponerPage = Schemas['Page_AReponer'];
/** An adjustment's or a reorder point's answer: its message and the product as it now stands. */
export type ProductoAjustado = Schemas['ProductoAjustado'];

// The transfers between branches.

/** A transfer with its lines; `estado` is ENVIADA, RECIBIDA, RECIBIDA_CON_FALTANTE or CANCELADA. */
export type Transferencia = Schemas['Transferencia'];
/** One product of a transfer: what was sent, and what arrived once received. */
export type LineaTransferencia = Schemas['LineaTransferencia'];
/** A page of transfers, newest first. */
export type TransferenciaPage = Schemas['Page_Transferencia'];
/** A step's answer: its message and the transfer as it now stands. */
export type TransferenciaGuardada = Schemas['TransferenciaGuardada'];
export type EstadoTransferencia = Schemas['EstadoTransferencia'];

// The staff accounts.

/** An account as the admins' screen shows it (never its password): `rol` ROLE_ADMIN or
 * ROLE_VENDEDOR, `local` its branch's name. */
/** The two roles an account has, as the server writes them. */
export type Rol = Schemas['Rol'];
export type Usuario = Schemas['Usuario'];
/** A change's answer: its message and the account as it now stands. */
export type UsuarioGuardado = Schemas['UsuarioGuardado'];

// A card's plans in cuotas.

/** A plan a payment can be charged on that day: its method, cuotas, surcharge (percent; 0 is
 * 'sin interés') and the day that surcharge started. */
export type PlanVigente = Schemas['PlanVigente'];
/** A rate of a plan from a day on; `recargo` null: from that day the plan is no longer offered. */
export type Tasa = Schemas['Tasa'];
/** A plan of a method: today's rate (none when not offered today) and its whole history, oldest
 * first. */
export type PlanTarjeta = Schemas['Plan'];
/** A payment method's plans, by cuotas. */
export type PlanesMetodo = Schemas['Planes'];
/** A change's answer: its message and the method's plans as they now stand. */
export type PlanesGuardados = Schemas['PlanesGuardados'];

// The owner's true margin ('Rentabilidad', admins).

/** Income (charged after the sale's discount, net of the period's returns), cost (as each product
 * cost when sold) and margin, in pesos; `margenPorcentaje` has one decimal and is null without
 * income; `lineasSinCosto` counts the product lines sold without a recorded cost (at cost 0). */
export type Cifras = Schemas['Cifras'];
/** One group's figures, `grupo` its name ('Ray-Ban', 'Detalles adicionales', '11/2026'). */
export type GrupoRentabilidad = Schemas['Grupo'];
/** A product line sold at $ 0, with what it cost and the reason recorded (if any). */
export type SinCargo = Schemas['SinCargo'];
/** The report: the period, its totals, its groups in the server's order, the card surcharges
 * (financial income, apart) and the lines sold at $ 0 (the newest ones, `sinCargoRecortado` when
 * there were more). */
export type Rentabilidad = Schemas['Rentabilidad'];
/** The report's query string, as the server declares it. */
export type RentabilidadQuery = NonNullable<operations['rentabilidad']['parameters']['query']>;

// The obras sociales (health insurers) and a patient's membership of one.

/** An obra social with its plans; `cuit` is its eleven digits, without dashes. */
export type ObraSocial = Schemas['ObraSocial'];
/** A plan: what it covers of lenses (`cristales`) and of frames (`armazones`), whether it asks for
 * a prescription and for how many days one stays valid (null: any age). */
export type PlanObraSocial = Schemas['PlanObraSocial'];
/** What a plan covers of one kind of item: `porcentaje` in percent (40.0 is 40 %) and `tope` in
 * pesos; both: the share up to the cap; neither: not covered. */
export type CoberturaPlan = Schemas['CoberturaPlan'];
/** A change's answer: its message and the obra social as it now stands. */
export type ObraSocialGuardada = Schemas['ObraSocialGuardada'];
/** What an obra social owes for its part of the covered sales (of it, `sinPresentar` was not presented
 * in a liquidación yet), and the day of the oldest. */
export type DeudaObraSocial = Schemas['Deuda'];
/** A patient's obra social (its name now), plan and affiliate number. */
export type Afiliacion = Schemas['AfiliacionLeida'];

// The liquidaciones: an obra social's covered sales of a month, presented to it, then its bank
// payments with what it rejected (débitos), which may be billed to the patients.

/** A covered sale of the month not presented yet, with what the obra social requires to pay it:
 * the patient, plan, affiliate number, the prescription and the lines; `monto` is the obra
 * social's part (`cristales` + `armazones`), `total` the sale's after its discount. */
export type VentaCubierta = Schemas['VentaCubierta'];
/** A product line of a covered sale; `cristal`: covered as lenses, else as a frame. */
export type LineaCubierta = Schemas['LineaCubierta'];
/** A liquidación's figures: `total` presented, `cobrado`, `debitado` (rejected), `facturado` (of
 * the rejected, billed to the patients) and `pendiente` (still owed); `mes` is `aaaa-mm`. */
export type Liquidacion = Schemas['Liquidacion'];
/** A liquidación with its obra social's CUIT, its sales and its payments. */
export type LiquidacionDetalle = Schemas['LiquidacionDetalle'];
/** A presented sale: what it was presented for, what was rejected of it and why, and what of
 * that was billed to the patient. */
export type VentaPresentada = Schemas['VentaPresentada'];
/** A payment of the obra social: a bank transfer, numbered within its liquidación. */
export type CobroLiquidacion = Schemas['Cobro'];
/** A command's answer: its message and the liquidación as it now stands (none while the read
 * model is late). */
export type LiquidacionGuardada = Schemas['LiquidacionGuardada'];
/** PRESENTADA, COBRADA_PARCIAL or COBRADA. */
export type EstadoLiquidacion = Schemas['EstadoLiquidacion'];
