// The texts the card plans' screen shows in its alerts, confirmations and notices, through
// ../app/alerts: titles first, then the messages and why 'Guardar plan' waits. The limits and
// their words are the server's (command/src/card_plans).
import { confirmation } from '../app/confirmations';
import { COMMON_MESSAGES, REFUSAL_TITLES } from '../app/words';
import { MAX_CUOTAS } from '../lib/cuotas';

export const TITLES = {
  ...REFUSAL_TITLES,
  guardado: 'PLAN GUARDADO',
  retirado: 'PLAN RETIRADO',
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  listaFallo: 'No se pudieron cargar los planes de cuotas.',
  metodoInvalido: 'El método de pago no existe.',
  sinPlanes: 'Este método de pago no tiene planes de cuotas: agregá el primero con el formulario de abajo.',
  ayuda:
    'Cada plan cobra su recargo desde el día indicado: los pagos de ese día en adelante se cobran con él. Los pagos ya registrados conservan el recargo con el que se cobraron.',
  formAyuda:
    'Para un plan nuevo o un recargo nuevo de uno existente. 0 es sin interés. Un recargo con fecha futura se aplica desde ese día.',
  retiroAyuda: 'Desde ese día el plan no se ofrece para cobrar. Los pagos ya registrados no cambian.',
  noSeOfrece: 'No se ofrece',
  todavia: 'Todavía no se ofrece',
  dejaDeOfrecerse: 'deja de ofrecerse',
  ninguno: '—',
} as const;

/** Why 'Guardar plan' or 'Dejar de ofrecer' waits, listed under it (ui/SaveProblems). */
export const PROBLEMS = {
  sinCuotas: 'Escribí las cuotas.',
  cuotas: (error: string) => `Cuotas: ${error}`,
  cuotasRango: `Las cuotas deben ser un número entero entre 1 y ${MAX_CUOTAS}.`,
  sinRecargo: 'Escribí el recargo (0 si es sin interés).',
  recargo: (error: string) => `Recargo: ${error}`,
  recargoRango: 'El recargo debe ser un porcentaje entre 0 y 200, con hasta dos decimales.',
  sinDesde: 'Escribí desde qué día.',
  desde: (error: string) => `Desde: ${error}`,
} as const;

/** 'Dejar de ofrecer' asks first: from that day no payment can be charged on the plan. */
export const retireConfirm = (plan: string, fecha: string, metodo: string) =>
  confirmation(
    `¿Dejar de ofrecer ${plan}?`,
    `Desde el ${fecha} no se podrá cobrar en ${plan} con ${metodo}. Los pagos ya registrados no cambian.`,
    'Sí, dejar de ofrecerlo',
  );
