// The confirmation every list asks before deleting a record (spec: the same words on every
// screen), kept once so the four lists cannot drift apart. Shown through ./alerts.confirm.
export const DELETE_CONFIRM = {
  title: '¿Estás seguro ?',
  text: 'No puedes revertir este cambio',
  button: 'Si, eliminarlo',
} as const;

/** Leaving a form with unsaved changes for another screen of the app (a reload or a closed tab
 * gets the browser's own question instead: browsers show no page text there). */
export const LEAVE_CONFIRM = {
  title: '¿Salir sin guardar?',
  text: 'Hay cambios sin guardar en este formulario. Si sale ahora, se perderán.',
  button: 'Sí, salir sin guardar',
} as const;
