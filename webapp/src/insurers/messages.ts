// The texts the obras sociales' screens show in their alerts, confirmations and notices, through
// ../app/alerts: titles first, then the messages and why 'Guardar' waits. The rules and their
// words are the server's (command/src/insurers, Regla).
import { confirmation } from '../app/confirmations';
import { COMMON_MESSAGES, REFUSAL_TITLES } from '../app/words';

/** The server's limits (command/src/insurers). */
export const MAX_NOMBRE = 80;
export const MAX_PLANES = 30;
export const MAX_VALIDEZ_DIAS = 730;

export const TITLES = {
  ...REFUSAL_TITLES,
  creada: 'OBRA SOCIAL CREADA',
  actualizada: 'OBRA SOCIAL ACTUALIZADA',
  eliminada: 'OBRA SOCIAL ELIMINADA',
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  enviando: 'Enviando...',
  listaFallo: 'No se pudieron cargar las obras sociales.',
  deben: 'Lo que deben las obras sociales',
  debenFallo: 'No se pudo leer lo que deben las obras sociales.',
  nadieDebe: 'Ninguna obra social debe ventas cubiertas.',
  obraSocialFallo: 'No se pudo cargar la obra social.',
  noEncontrada: 'La obra social no existe.',
  sinObrasSociales: 'No hay obras sociales cargadas: agregá la primera con «Nueva obra social».',
  ayuda:
    'Cada plan cubre los cristales y los armazones por separado: un porcentaje, un tope en pesos o ambos (el porcentaje hasta el tope). Sin ninguno de los dos, no los cubre.',
  cuitAyuda: 'Los 11 números de la constancia de AFIP, con o sin guiones.',
  sinPlanes: 'Sin planes: los pacientes de esta obra social no eligen plan.',
  cambiosVentas: 'Las ventas ya registradas conservan la cobertura con la que se registraron.',
} as const;

/** How a plan's coverage of one kind of item reads. */
export const COBERTURA = {
  ninguna: 'sin cobertura',
  porcentaje: (p: string) => `el ${p}`,
  tope: (t: string) => `hasta ${t}`,
  ambos: (p: string, t: string) => `el ${p} hasta ${t}`,
} as const;

/** 'Eliminar' asks first: the obra social goes, unless a patient or a sale names it (the server
 * then refuses, 409, and says so). */
export const deleteConfirm = (nombre: string) =>
  confirmation(
    `¿Eliminar la obra social ${nombre}?`,
    'No se puede deshacer. Una obra social que figura en pacientes o ventas no se puede eliminar.',
    'Sí, eliminarla',
  );

/** Why 'Guardar' waits, listed under it (ui/SaveProblems), in the server's words where it has
 * them. */
export const PROBLEMS = {
  nombre: `El nombre de la obra social es obligatorio y tiene como máximo ${MAX_NOMBRE} caracteres.`,
  cuit: 'El CUIT debe tener 11 números válidos (sin guiones), como figura en la constancia de AFIP.',
  demasiadosPlanes: `Una obra social puede tener como máximo ${MAX_PLANES} planes.`,
  planSinNombre: `Cada plan necesita un nombre de hasta ${MAX_NOMBRE} caracteres.`,
  planRepetido: (plan: string) => `El plan ${plan} figura más de una vez.`,
  porcentaje: (plan: string) => `El porcentaje de cobertura del plan ${plan} debe estar entre 0 y 100.`,
  tope: (plan: string) => `El tope de cobertura del plan ${plan} debe ser mayor a $ 0,00.`,
  validez: (plan: string) => `La validez de la receta del plan ${plan} debe ser de 1 a ${MAX_VALIDEZ_DIAS} días.`,
  /** A number that cannot be read: 'Plan 210, cristales %: No es un número…'. */
  numero: (plan: string, campo: string, error: string) => `Plan ${plan}, ${campo}: ${error}`,
} as const;

/** The inputs' labels inside a plan's card, and how the save problems name them. */
export const LABELS = {
  nombre: 'Nombre del plan',
  cristales: { titulo: 'Cristales', porcentaje: 'Cristales: %', tope: 'Cristales: tope' },
  armazones: { titulo: 'Armazones', porcentaje: 'Armazones: %', tope: 'Armazones: tope' },
  requiereReceta: 'Requiere receta',
  validez: 'Validez de la receta (días)',
} as const;
