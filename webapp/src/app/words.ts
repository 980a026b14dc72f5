// The words many features show alike: the titles a refusal is told with (app/refusals), the
// loading line and the text for an answer the server did not explain. A feature's TITLES and
// MESSAGES spread them, so each screen still reads its words from its own messages.ts.

/** The title of an error alert. */
export const ERROR_TITLE = { error: 'ERROR' } as const;

export const REFUSAL_TITLES = {
  ...ERROR_TITLE,
  errorValidacion: 'ERROR DE VALIDACIÓN',
} as const;

/** What a screen shows while its data is on its way. */
export const LOADING = { cargando: 'Cargando...' } as const;

/** Every screen that moves money by payment method, while the shop has none. */
export const SIN_METODOS = 'No hay métodos de pago cargados: pedí a un administrador que los cree.';

export const INESPERADO = 'Ocurrió un error inesperado. Intentá nuevamente.';

export const COMMON_MESSAGES = {
  ...LOADING,
  inesperado: INESPERADO,
} as const;
