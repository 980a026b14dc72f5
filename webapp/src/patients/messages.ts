// The texts the patient screens show in their alerts, confirmations and notices (spec 001
// sections 5 and 8), through ../app/alerts: titles first, then the messages.
import { ERROR_TITLE, LOADING } from '../app/words';
import { confirmation } from '../app/confirmations';
import { MEDIDAS_ARMAZON } from '../lib/prescription';

export const TITLES = {
  ...ERROR_TITLE,
  sinResultados: 'SIN RESULTADOS',
  creado: 'PACIENTE CREADO',
  editado: 'PACIENTE EDITADO',
  eliminado: 'PACIENTE ELIMINADO',
} as const;

export const MESSAGES = {
  ...LOADING,
  sinPacientes: 'No se encontraron pacientes',
  listaFallo: 'Hubo un problema al cargar los pacientes.',
  busquedaFallo: 'Hubo un problema al realizar la búsqueda.',
  /** The same literal for both searches (spec 001 section 8). */
  sinCoincidencias: 'No se encontraron pacientes con ese nombre/documento.',
  eliminarFallo: 'No se pudo eliminar el paciente',
  crearFallo: 'Ocurrió un error al guardar el paciente',
  editarFallo: 'Ocurrió un error al editar el paciente',
  noEncontrado: 'Paciente no encontrado',
  cargaFallo: 'Hubo un problema al cargar el paciente.',
  obrasSocialesFallo: 'No se pudieron cargar las obras sociales: probá de nuevo en un momento.',
  textoAnteriorAyuda: 'Elegí la obra social de la lista para reemplazarlo.',
} as const;

export const REMOVE_FICHA_CONFIRM = confirmation(
  '¿Estás seguro?',
  'Se eliminará la última ficha de graduación del historial.',
  'Sí, eliminar',
);

/** The longest affiliate number the server keeps (command/src/patients/rules.rs, MAX_CORTO). */
export const MAX_AFILIADO = 20;

/** Why the disabled save buttons are disabled, listed under them; the obra social's in the
 * server's words. */
export const PROBLEMS = {
  nombreCompleto: 'El nombre completo es obligatorio.',
  celular: 'El celular es obligatorio.',
  sinPlan: 'Elegí el plan de la obra social.',
  planAjeno: (plan: string, obraSocial: string, planes: string[]) =>
    `El plan '${plan}' no es de ${obraSocial}: elegí uno de ${planes.join(', ')}.`,
  sinAfiliado: 'Escribí el número de afiliado de la obra social.',
  afiliadoLargo: `El número de afiliado debe tener como máximo ${MAX_AFILIADO} caracteres.`,
  local: 'Elija un local.',
  genero: 'Elija el género.',
  fechaFicha: 'Cada ficha de graduación necesita su fecha.',
  numero: (fecha: string, campo: string, error: string) => `Ficha del ${fecha}, ${campo}: ${error}`,
} as const;

/** The names of the prescription inputs (their labels, and how the save problems name them). */
export const LABELS = {
  grad: { esferico: 'Esférico', cilindrico: 'Cilíndrico', eje: 'Eje' },
  ojo: { DERECHO: 'Derecho', IZQUIERDO: 'Izquierdo' },
  vision: {
    LEJOS: { title: 'Visión de lejos', word: 'lejos' },
    CERCA: { title: 'Visión de cerca', word: 'cerca' },
  },
  numero: {
    adicionDerecho: 'Adición derecho',
    adicionIzquierdo: 'Adición izquierdo',
    dnpDerecho: 'DNP derecho',
    dnpIzquierdo: 'DNP izquierdo',
    alturaPupilarDerecho: 'Altura pupilar derecho',
    alturaPupilarIzquierdo: 'Altura pupilar izquierdo',
    ...MEDIDAS_ARMAZON,
  },
} as const;
