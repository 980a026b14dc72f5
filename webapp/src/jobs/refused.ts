import { alertRefusal } from '../app/refusals';
import { MESSAGES, TITLES } from './messages';

/** How a refused step is told: the server's list of reasons (400), or its message (404, 409). */
export const refused = (error: unknown) =>
  alertRefusal(error, {
    error: TITLES.error,
    errorValidacion: TITLES.errorValidacion,
    inesperado: MESSAGES.inesperado,
  });
