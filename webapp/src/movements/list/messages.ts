// The texts the cash-box list shows in its alerts, confirmations and notices (spec 001 sections
// 5, 8 and 9), through ../app/alerts: titles first, then the messages.
import { ERROR_TITLE, LOADING } from '../../app/words';

export const TITLES = {
  ...ERROR_TITLE,
  eliminado: 'MOVIMIENTO ELIMINADO',
  eliminarFallo: 'ERROR AL ELIMINAR EL MOVIMIENTO',
} as const;

export const MESSAGES = {
  ...LOADING,
  sinMovimientos: 'No se encontraron movimientos',
  sinPagos: 'Sin pagos',
  listaFallo: 'No se pudieron cargar los movimientos.',
  totalesFallo: 'No se pudieron calcular los totales.',
  pdfFallo: 'No se pudo generar el PDF.',
  copiaFallo: 'No se pudo copiar el enlace.',
  enlaceCopiado: 'Enlace copiado',
  eliminado: 'El movimiento ha sido eliminado.',
  inesperado: 'Ocurrió un error inesperado. Intente nuevamente.',
  /** A refund's row: the sale it returned. */
  /** The sale by its receipt's number (`0001-00000005`, or `#7` without one). */
  devolucionDe: (venta: string) => `Devolución de ${venta}`,
  /** A sale's row once something of it came back. */
  conDevolucion: 'Con devolución',
  /** The words before a sale's receipt number per branch ('Comprobante N° 0001-00000042'; none
   * for expenses and sales before receipts). */
  comprobanteRotulo: 'Comprobante N°',
  /** The customer's PDF is the sale's receipt: its button's tooltip. */
  comprobanteTitulo: 'Comprobante para el cliente',
} as const;

/** The link-copy toast lasts 2 seconds (spec 001 section 9). */
export const LINK_TOAST_MS = 2000;
