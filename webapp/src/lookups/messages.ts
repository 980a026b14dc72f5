// The texts every lookup screen shows in its alerts, confirmations and notices (spec 000 section
// 8), through ../app/alerts; what differs per screen (titles, nouns, the refusal to delete an item
// in use) is in ./screens.

export const TITLES = {
  /** `ERROR AL CREAR LA MARCA`, `ERROR AL ELIMINAR EL LOCAL`. */
  fallo: (action: 'CREAR' | 'ACTUALIZAR' | 'ELIMINAR', noun: string) => `ERROR AL ${action} ${noun}`,
} as const;

export const MESSAGES = {
  hecho: 'Operación realizada con éxito',
  inesperado: 'Ocurrió un error inesperado. Intente nuevamente.',
  cargando: 'Cargando...',
  listaFallo: 'No se pudo cargar la lista.',
  sinElementos: 'No hay elementos.',
} as const;
