// The texts the patient screens show in their alerts, confirmations and notices (spec 001
// sections 5 and 8), through ../app/alerts: titles first, then the messages.

export const TITLES = {
  error: 'ERROR',
  sinResultados: 'SIN RESULTADOS',
  creado: 'PACIENTE CREADO',
  editado: 'PACIENTE EDITADO',
  eliminado: 'PACIENTE ELIMINADO',
} as const;

export const MESSAGES = {
  cargando: 'Cargando...',
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
} as const;

export const REMOVE_FICHA_CONFIRM = {
  title: '¿Estás seguro?',
  text: 'Se eliminará la última ficha de graduación del historial.',
  button: 'Sí, eliminar',
} as const;
