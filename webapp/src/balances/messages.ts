// The texts the customer balances show in their alerts and notices (cuenta corriente),
// through ../app/alerts: titles first, then the messages and why 'Cobrar' is disabled.
import { COMMON_MESSAGES, REFUSAL_TITLES } from '../app/words';
import { formatPesos } from '../lib/money';
import { ventaNombre as nombreDeVenta } from '../lib/names';

export const TITLES = {
  ...REFUSAL_TITLES,
  cobrado: 'PAGO REGISTRADO',
  sinResultados: 'SIN RESULTADOS',
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  listaFallo: 'No se pudieron cargar las cuentas corrientes.',
  sinSaldos: 'No hay saldos pendientes.',
  pacienteSinSaldos: 'No tiene saldos pendientes.',
  soloTuLocal: 'Se muestran los saldos de tu local; buscá un paciente para ver los suyos en todos los locales.',
  pacienteBusquedaFallo: 'No se pudo buscar el paciente.',
  pacienteSinResultados: 'No se encontró ningún paciente con ese nombre.',
  impuestoAyuda: 'Solo si se cobró con recargo (por ejemplo, con tarjeta). Vacío: el mismo monto.',
  reciboFallo: 'No se pudo descargar el recibo.',
} as const;

/** After a payment: its receipt's number, and the offer to print it for the customer. */
export const RECIBO = {
  texto: (mensaje: string, comprobante: string) => `${mensaje} Recibo N° ${comprobante}.`,
  imprimir: 'Imprimir recibo',
} as const;

/** How a sale is named where a person reads it: its receipt's number, else its id. */
export const ventaNombre = (s: { comprobante?: string | null; idMovimiento: number }) =>
  nombreDeVenta(s, s.idMovimiento);

/** Why 'Cobrar' is disabled, listed under it (ui/SaveProblems). The amount's limits are the
 * server's own rules and words (command/src/movements/rules.rs, collected). */
export const PROBLEMS = {
  sinMetodo: 'Elegí el método de pago.',
  sinLocal: 'Elegí el local que cobra.',
  sinMonto: 'Escribí el monto a cobrar.',
  monto: (error: string) => `Monto: ${error}`,
  montoCero: 'El monto a cobrar debe ser mayor a 0.',
  excede: (saldoCents: number) => `El monto supera el saldo pendiente (${formatPesos(saldoCents)}).`,
  sinSaldo: 'La venta no tiene saldo pendiente.',
  impuesto: (error: string) => `Monto con recargo: ${error}`,
} as const;
