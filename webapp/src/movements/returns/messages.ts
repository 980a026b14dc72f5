// The texts the returns show in their alerts and notices (devoluciones), through
// ../app/alerts: titles first, then the messages and why 'Devolver' is disabled.
import { INESPERADO, REFUSAL_TITLES } from '../../app/words';
import { formatPesos } from '../../lib/money';

export const TITLES = {
  ...REFUSAL_TITLES,
  devuelto: 'DEVOLUCIÓN REGISTRADA',
  /** The server asks before money leaves a drawer that should not hold it; its text follows. */
  cajaCorta: '¿Devolver igual?',
} as const;

/** The confirmation's button: the cashier knows the drawer holds the money. */
export const DEVOLVER_IGUAL = 'Sí, devolver';

export const MESSAGES = {
  inesperado: INESPERADO,
  sinDevoluciones: 'Esta venta no tiene devoluciones.',
  nadaQueDevolver: 'Ya se devolvió todo lo de esta venta.',
  /** The server's words (Regla::DevolucionConCobertura). */
  conCobertura:
    'Una venta con cobertura de obra social no se devuelve desde aquí: si todavía no se presentó a la obra social, editá sus productos; si ya se presentó, registrá el reintegro como un egreso.',
  reintegro: (cents: number) => `Reintegro: ${formatPesos(cents)}`,
  credito: (cents: number) => `${formatPesos(cents)} cancelan lo que la venta debía.`,
  estimado: 'Estimado con los precios de la venta y su descuento; el servidor lo confirma al registrar.',
  registrado: (mensaje: string, cents: number) => `${mensaje} Reintegro: ${formatPesos(cents)}.`,
  /** The split: what the first method gives back once the second took its part. */
  resto: (cents: number) => `Por el primer medio: ${formatPesos(cents)}`,
} as const;

/** Why 'Devolver' is disabled, listed under it (ui/SaveProblems). The limits are the server's own
 * rules and words (command/src/movements/rules.rs, Regla). */
export const PROBLEMS = {
  nada: 'Elegí al menos un producto o detalle para devolver.',
  cantidad: (modelo: string, error: string) => `Cantidad de ${modelo}: ${error}`,
  excede: (modelo: string, quedan: number) => `Del producto ${modelo} quedan ${quedan} unidades para devolver.`,
  sinMetodo: 'Elegí el medio de pago con el que se devuelve el dinero.',
  sinLocal: 'Elegí el local que recibe la devolución.',
  otroMismoMetodo: 'El segundo medio del reintegro debe ser otro que el primero.',
  otroMontoInvalido: 'Escribí cuánto se devuelve por el segundo medio, por ejemplo 1.234,56.',
  otroMonto: (reintegro: number) =>
    `Lo devuelto por el segundo medio debe ser más de $ 0,00 y menos que el reintegro (${formatPesos(reintegro)}).`,
} as const;
