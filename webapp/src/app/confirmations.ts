// The confirmation every list asks before deleting a record (spec: the same words on every
// screen), kept once so the four lists cannot drift apart. Shown through ./alerts.confirm.
import { confirm } from './alerts';

/** A confirmation's words: the question, what follows from it, and the button that accepts
 * ('Cancelar' is the dialog's own). */
export interface Confirmation {
  title: string;
  text: string;
  button: string;
}

/** A confirmation's words in the order the dialog shows them: the question, what follows from
 * it, and the button that accepts. */
export const confirmation = (title: string, text: string, button: string): Confirmation => ({ title, text, button });

/** Asks `words` through ./alerts.confirm; resolves true when the user accepts. */
export const confirmWith = ({ title, text, button }: Confirmation) => confirm(title, text, button);

export const DELETE_CONFIRM = confirmation('¿Estás seguro ?', 'No puedes revertir este cambio', 'Si, eliminarlo');

/** Leaving a form with unsaved changes for another screen of the app (a reload or a closed tab
 * gets the browser's own question instead: browsers show no page text there). */
export const LEAVE_CONFIRM = confirmation(
  '¿Salir sin guardar?',
  'Hay cambios sin guardar en este formulario. Si sale ahora, se perderán.',
  'Sí, salir sin guardar',
);
