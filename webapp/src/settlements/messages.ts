// The texts of the liquidaciones' screens (an obra social's monthly settlement): titles of their
// alerts, notices, labels, confirmations and why a button waits. The rules and their words are
// the server's (command/src/settlements, Regla).
import { confirmation } from '../app/confirmations';
import { COMMON_MESSAGES, REFUSAL_TITLES } from '../app/words';
import { formatFecha } from '../lib/dates';
import { formatPesos } from '../lib/money';

/** The server's limits (command/src/settlements). */
export const MAX_REFERENCIA = 80;
export const MAX_MOTIVO = 200;

export const TITLES = {
  ...REFUSAL_TITLES,
  exito: 'ÉXITO',
  presentada: 'LIQUIDACIÓN PRESENTADA',
  cobroRegistrado: 'COBRO REGISTRADO',
  facturado: 'DÉBITO FACTURADO',
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  enviando: 'Enviando...',
  ayuda:
    'Elegí la obra social y el mes: se listan sus ventas con cobertura de ese mes que todavía no se presentaron. Marcá las que vas a presentar.',
  elegirObraSocial: 'Elegí la obra social para ver sus ventas sin presentar.',
  obrasSocialesFallo: 'No se pudieron cargar las obras sociales.',
  sinObrasSociales: 'No hay obras sociales cargadas.',
  pendientesFallo: 'No se pudieron cargar las ventas sin presentar.',
  sinPendientes: 'No hay ventas con cobertura de este mes sin presentar.',
  listaFallo: 'No se pudieron cargar las liquidaciones.',
  sinLiquidaciones: 'Todavía no se presentó ninguna liquidación.',
  sinLiquidacionesDe: (obraSocial: string) => `Todavía no se presentó ninguna liquidación de ${obraSocial}.`,
  liquidacionFallo: 'No se pudo cargar la liquidación.',
  excelGenerado: 'Excel generado correctamente',
  excelFallo: 'No se pudo generar el Excel',
  pdfGenerado: 'PDF generado correctamente',
  pdfFallo: 'No se pudo generar el PDF',
  /** The payment arrives by bank: the shop's cash is not touched. */
  cobroAyuda:
    'La obra social paga por transferencia: el cobro no entra en la caja. Si rechazó ventas, agregá un débito por cada una con su motivo.',
  sinDebitables: 'No queda nada por debitar en esta liquidación.',
  sinCobros: 'Todavía no se registró ningún cobro.',
  cobrada: 'La obra social ya pagó o debitó todo lo presentado.',
  /** What the list under a waiting button says first. */
  noPresentar: 'No se puede presentar todavía:',
  noRegistrar: 'No se puede registrar todavía:',
  /** The sale changed since it was presented (a return): the obra social covers another amount. */
  cambioMonto: (hoy: string) => `Hoy cubre ${hoy}`,
} as const;

/** What the screens call each figure. */
export const LABELS = {
  obraSocial: 'Obra social',
  mes: 'Mes',
  aCargo: 'A cargo de la obra social',
  presentar: 'Presentar liquidación',
  total: 'Total',
  cobrado: 'Cobrado',
  debitado: 'Debitado',
  facturado: 'Facturado al paciente',
  pendiente: 'Pendiente',
  quedaPendiente: 'Queda pendiente:',
  registrarCobro: 'Registrar cobro',
  agregarDebito: 'Agregar débito',
  facturar: 'Facturar al paciente',
} as const;

/** Why a button waits, listed under it (ui/SaveProblems), in the server's words where it has
 * them. */
export const PROBLEMS = {
  sinVentas: 'Elegí al menos una venta para presentar.',
  referencia: `Escribí la referencia del cobro (número de transferencia o de comprobante), de hasta ${MAX_REFERENCIA} caracteres.`,
  sinFecha: 'Escribí la fecha del cobro como dd/mm/aaaa.',
  fecha: (desde: string) => `La fecha del cobro debe estar entre la presentación (${formatFecha(desde)}) y hoy.`,
  monto: (error: string) => `Monto cobrado: ${error}`,
  vacio: 'Indicá el monto cobrado o al menos un débito.',
  sinVenta: 'Elegí la venta de cada débito.',
  repetida: (id: number) => `La venta N.º ${id} figura más de una vez.`,
  debitoNumero: (id: number, error: string) => `Débito de la venta N.º ${id}: ${error}`,
  debitoMonto: (id: number, maximoCents: number) =>
    `El débito de la venta N.º ${id} debe ser mayor a $ 0,00 y como máximo lo que cubría (${formatPesos(maximoCents)}).`,
  motivo: (id: number) => `Escribí el motivo del débito de la venta N.º ${id}, de hasta ${MAX_MOTIVO} caracteres.`,
  excede: (pendienteCents: number) =>
    `El cobro y los débitos suman más de lo que la obra social debe de esta liquidación (${formatPesos(pendienteCents)}).`,
  yaCobrada: 'La liquidación ya está cobrada por completo.',
} as const;

/** 'Facturar al paciente' asks first: the sale's balance grows, and the patient owes it. */
export const facturarConfirm = (montoCents: number, venta: number, paciente: string | null | undefined) =>
  confirmation(
    `¿Facturar al paciente ${formatPesos(montoCents)} de la venta N.º ${venta}?`,
    `${paciente ? `${paciente} pasa a deber` : 'La venta pasa a deber'} ese importe en su cuenta corriente, y la obra social deja de deberlo.`,
    'Sí, facturar',
  );

/** The states as the screens name them, with the badge's colour. */
export const ESTADOS = {
  PRESENTADA: { nombre: 'Presentada', badge: 'text-bg-warning' },
  COBRADA_PARCIAL: { nombre: 'Cobrada en parte', badge: 'text-bg-info' },
  COBRADA: { nombre: 'Cobrada', badge: 'text-bg-success' },
} as const;
