// The confirmation every list asks before deleting a record (spec: the same words on every
// screen), kept once so the four lists cannot drift apart. Shown through ./alerts.confirm.
export const DELETE_CONFIRM = {
  title: '¿Estás seguro ?',
  text: 'No puedes revertir este cambio',
  button: 'Si, eliminarlo',
} as const;
