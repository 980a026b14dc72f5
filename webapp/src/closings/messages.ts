// The texts the cash closing shows in its alerts, confirmations and notices, through
// ../app/alerts: titles first, then the messages and why a button is disabled.
import { confirmation } from '../app/confirmations';
import { COMMON_MESSAGES, REFUSAL_TITLES, SIN_METODOS } from '../app/words';
import { formatPesos } from '../lib/money';

export const TITLES = {
  ...REFUSAL_TITLES,
  abierta: 'CAJA ABIERTA',
  cerrada: 'CAJA CERRADA',
  reabierta: 'CAJA REABIERTA',
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  enviando: 'Enviando...',
  elegirLocal: 'Elegí un local para ver, abrir o cerrar su caja del día.',
  elegirFecha: 'Escribí el día en formato dd/mm/aaaa.',
  diaFallo: 'No se pudo cargar la caja del día.',
  detalleEsperado: (metodo: string) => `Detalle de lo esperado en ${metodo}`,
  verDetalle: (metodo: string) => `Ver el detalle de lo esperado en ${metodo}`,
  detalleFallo: 'No se pudo cargar el detalle de lo esperado.',
  detalleVacio: 'Ni fondo ni movimientos en este método.',
  detalleVacioPlan: 'Ningún pago en este plan.',
  /** The breakdown of a card's own line, by how the last count compared the card. */
  detalleSinPlanes: 'Sin los pagos en cuotas: cada plan tiene su línea.',
  detalleEntera: (metodo: string) => `Con los pagos en cuotas: ${metodo} se contó entera.`,
  /** Under the figures, for a card counted whole (its plans' lines show zero). */
  contadaEntera: (metodo: string) => `${metodo} se contó entera: lo esperado en sus planes está en su línea.`,
  /** Over a card's lines in the count: the terminal's batch lists the plans apart. */
  contarPlanes: (metodo: string) => `${metodo}: contala entera en su línea o plan por plan, como en el cierre de lote.`,
  esperadoCambio:
    'Desde el último conteo se registraron movimientos: lo esperado cambió. Volvé a contar para compararlo.',
  cierresFallo: 'No se pudieron cargar los cierres.',
  sinCierres: 'Todavía no hay cierres.',
  sinMetodos: SIN_METODOS,
  /** The server's own words after a count that does not match, also shown when the day is read again. */
  noCoincide:
    'El conteo no coincide con lo esperado: volvé a contar o escribí el motivo de la diferencia para cerrar la caja.',
  ciego:
    'Contá lo que hay en caja por cada método de pago y escribilo. Lo esperado se muestra después del primer conteo.',
  ultimoConteo:
    'Lo esperado es el del último conteo: al volver a contar se calcula de nuevo con los movimientos del día.',
  /** A seller before a closed day: only an admin's reopening lets a movement of that day in
   * (the day may be today, so no other day is offered). */
  cerradaVendedor: 'Para registrar o corregir un movimiento de este día, pedí a un administrador que reabra la caja.',
  pdfFallo: 'No se pudo generar el PDF del cierre.',
  soloCerrada: 'El reporte se imprime una vez cerrada la caja.',
  cargandoGrafico: 'Cargando gráfico...',
  sinDiferencias: 'No hay cierres para graficar.',
  sinCerrarFallo: 'No se pudieron cargar los días sin cerrar.',
  todosCerrados: 'Todos los días con movimientos están cerrados.',
  sinCerrar: (n: number) =>
    n === 1
      ? 'Hay 1 día con dinero que ningún cierre contó: abrilo y cerralo, o reabrilo.'
      : `Hay ${n} días con dinero que ningún cierre contó: abrilos y cerralos, o reabrilos.`,
} as const;

/** Why a disabled button is disabled, listed under it (ui/SaveProblems). */
export const PROBLEMS = {
  diaFuturo: 'No se puede abrir ni cerrar la caja de un día que todavía no llegó.',
  sinMetodos: 'No hay métodos de pago para contar.',
  fondo: (metodo: string, error: string) => `Fondo de ${metodo}: ${error}`,
  contadoVacio: (metodo: string) => `Contado de ${metodo}: escribí el monto (0 si no hay).`,
  contado: (metodo: string, error: string) => `Contado de ${metodo}: ${error}`,
  /** A card counted plan by plan with one of its plans left blank. */
  planVacio: (plan: string) => `Contado de ${plan}: escribí el monto (0 si no hay) o dejá vacíos todos los planes.`,
  motivoLargo: (max: number) => `El motivo debe tener como máximo ${max} caracteres.`,
  sinMotivoReapertura: 'Escribí el motivo de la reapertura.',
  sinCambios: 'El fondo es el mismo que ya está guardado.',
  /** The count not begun: what 'Cerrar caja' waits for, told without the red of an error. */
  sinContar: 'Escribí lo que contaste en cada método de pago (0 si no hay).',
} as const;

/** What the list under 'Cerrar caja' says first before anything was counted. */
export const PARA_CERRAR = 'Para cerrar la caja:';

/** The open day before its count: the float it was opened with is its state. */
export const ABIERTA = {
  titulo: 'Caja abierta con este fondo',
  nota: 'Al final del día, contá lo que hay en caja y cerrala.',
} as const;

/** Asked before an admin reopens a closed day. */
export const REOPEN_CONFIRM = {
  title: '¿Reabrir la caja?',
  text: (local: string, fecha: string) =>
    `La caja de ${local} del ${fecha} vuelve a quedar abierta: se podrán registrar movimientos de ese día y habrá que cerrarla de nuevo.`,
  button: 'Sí, reabrir',
} as const;

/** Asked before a count is sent, with what was counted: if it matches what is expected (or
 * comes with the reason of the difference) the day closes and takes no more movements. */
export const closeConfirm = (
  local: string,
  fecha: string,
  contado: { metodo: string; cents: number }[],
  total: number,
  conMotivo: boolean,
) =>
  confirmation(
    '¿Cerrar la caja?',
    `Contado en ${local} el ${fecha}: ${contado.map((c) => `${c.metodo} ${formatPesos(c.cents)}`).join(', ')}. ` +
      `Total: ${formatPesos(total)}. ` +
      (conMotivo
        ? 'Con el motivo de la diferencia, la caja se cierra y no se podrán registrar más movimientos de ese día.'
        : 'Si coincide con lo esperado, la caja se cierra y no se podrán registrar más movimientos de ese día; si no, vas a ver la diferencia.'),
    'Sí, cerrar la caja',
  );

/** What the list of los cierres says when it failed, while it loads and when it is empty. */
export const LIST_TEXTS = { failed: MESSAGES.cierresFallo, loading: MESSAGES.cargando, empty: MESSAGES.sinCierres };
