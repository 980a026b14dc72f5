// The texts the cash closing shows in its alerts, confirmations and notices, through
// ../app/alerts: titles first, then the messages and why a button is disabled.
import { COMMON_MESSAGES, REFUSAL_TITLES, SIN_METODOS } from '../app/words';

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
  motivoLargo: (max: number) => `El motivo debe tener como máximo ${max} caracteres.`,
  sinMotivoReapertura: 'Escribí el motivo de la reapertura.',
  sinCambios: 'El fondo es el mismo que ya está guardado.',
} as const;

/** Asked before an admin reopens a closed day. */
export const REOPEN_CONFIRM = {
  title: '¿Reabrir la caja?',
  text: (local: string, fecha: string) =>
    `La caja de ${local} del ${fecha} vuelve a quedar abierta: se podrán registrar movimientos de ese día y habrá que cerrarla de nuevo.`,
  button: 'Sí, reabrir',
} as const;

/** What the list of los cierres says when it failed, while it loads and when it is empty. */
export const LIST_TEXTS = { failed: MESSAGES.cierresFallo, loading: MESSAGES.cargando, empty: MESSAGES.sinCierres };
