// How a refusal from the server is told, the same on every screen: its list of reasons (400) in
// a validation alert, or its message (404, 409...) in an error alert. Each feature passes its
// own words.
import { errorStatus, errorText, handledElsewhere } from '../api/base';
import { alert } from './alerts';

export interface RefusalWords {
  error: string;
  errorValidacion: string;
  /** When the server said nothing readable. */
  inesperado: string;
}

export function alertRefusal(error: unknown, words: RefusalWords) {
  if (handledElsewhere(error)) return;
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  if (errorStatus(error) === 400 && Array.isArray(errors)) {
    void alert('error', words.errorValidacion, errors.join(', '));
  } else {
    void alert('error', words.error, errorText(error) ?? words.inesperado);
  }
}

/** A feature's `alertRefusal`, worded by its TITLES (error, errorValidacion) and MESSAGES
 * (inesperado). */
export const refuser =
  (titles: { error: string; errorValidacion: string }, messages: { inesperado: string }) => (error: unknown) =>
    alertRefusal(error, {
      error: titles.error,
      errorValidacion: titles.errorValidacion,
      inesperado: messages.inesperado,
    });
