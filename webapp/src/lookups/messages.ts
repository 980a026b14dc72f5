// The texts every lookup screen shows in its alerts, confirmations and notices (spec 000 section
// 8), through ../app/alerts; what differs per screen (titles, nouns, the refusal to delete an item
// in use) is in ./screens.
import { LOADING } from '../app/words';

export const TITLES = {
  /** `ERROR AL CREAR LA MARCA`, `ERROR AL ELIMINAR EL LOCAL`. */
  fallo: (action: 'CREAR' | 'ACTUALIZAR' | 'ELIMINAR', noun: string) => `ERROR AL ${action} ${noun}`,
} as const;

/** "el nombre", "la dirección": how the save problems name a field. */
const FIELD_NAMES = { nombre: 'el nombre', direccion: 'la dirección', celular: 'el celular' } as const;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Why a disabled Crear or Editar is disabled, listed under the buttons (the server's limits). */
export const PROBLEMS = {
  /** 'Escribí el nombre.' */
  vacio: (field: keyof typeof FIELD_NAMES) => `Escribí ${FIELD_NAMES[field]}.`,
  /** 'El nombre puede tener hasta 40 caracteres (tiene 45).' */
  largo: (field: keyof typeof FIELD_NAMES, max: number, actual: number) =>
    `${capitalized(FIELD_NAMES[field])} puede tener hasta ${max} caracteres (tiene ${actual}).`,
} as const;

/** What the disabled buttons wait for when the fields are fine: a selection, or none. */
export const HINTS = {
  sinSeleccion: 'Para editar o eliminar, elegí un elemento de la lista.',
  conSeleccion: (nombre: string) => `Estás editando «${nombre}». Para crear uno nuevo, tocá «Limpiar selección».`,
} as const;

export const MESSAGES = {
  hecho: 'Operación realizada con éxito',
  inesperado: 'Ocurrió un error inesperado. Intente nuevamente.',
  ...LOADING,
  listaFallo: 'No se pudo cargar la lista.',
  sinElementos: 'No hay elementos.',
} as const;

/** A category's lens setting: its checkbox, what it means, and its mark in the list. */
export const LENTES_LABEL = 'Sus productos son cristales (lentes)';
export const LENTES_AYUDA =
  'Una venta de estos productos pasa a la ficha del paciente y puede encargarse al laboratorio.';
export const LENTES = 'lentes';
