import { errorStatus, errorText, handledElsewhere } from '../api/base';
import { alert } from '../app/alerts';
import { MESSAGES, TITLES } from './messages';

/** How a refused step is told: the server's list of reasons (400), or its message (404, 409). */
export function refused(error: unknown) {
  if (handledElsewhere(error)) return;
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  if (errorStatus(error) === 400 && Array.isArray(errors)) {
    void alert('error', TITLES.errorValidacion, errors.join(', '));
  } else {
    void alert('error', TITLES.error, errorText(error) ?? MESSAGES.inesperado);
  }
}
