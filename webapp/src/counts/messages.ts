// The texts the physical counts show in their alerts, confirmations and notices (inventario),
// through ../app/alerts: titles first, then the messages and why a button waits.
import { confirmation } from '../app/confirmations';
import { COMMON_MESSAGES, REFUSAL_TITLES } from '../app/words';

export const TITLES = {
  ...REFUSAL_TITLES,
  iniciado: 'CONTEO INICIADO',
  guardado: 'CANTIDADES GUARDADAS',
  cerrado: 'CONTEO CERRADO',
  cancelado: 'CONTEO CANCELADO',
  pegado: 'NO SE PEGÓ LA COLUMNA',
  exito: 'ÉXITO',
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  enviando: 'Enviando...',
  guardando: 'Guardando...',
  listaFallo: 'No se pudieron cargar los conteos.',
  conteoFallo: 'No se pudo cargar el conteo.',
  sinConteos: 'No hay conteos.',
  soloTuLocal: 'Se muestran los conteos de tu local.',
  nuevoAyuda:
    'La planilla son los productos del local (de la categoría o la marca, si elegís una) con el stock que tienen ahora. Mientras esté abierto, el personal del local carga lo que cuenta sin ver el stock esperado.',
  aCiegas:
    'Conteo a ciegas: escribí cuántas unidades hay de cada producto (0 si no hay ninguna). El stock esperado se ve recién al cerrar el conteo.',
  esperaCierre: 'Cuando todo esté contado y guardado, un administrador cierra el conteo.',
  pegarAyuda:
    'Pegá una columna de una planilla de cálculo: un número por línea, en el mismo orden que los productos de esta planilla.',
  pegada: (n: number) => `Se pegaron ${n} cantidades: revisalas y guardá.`,
  sinGuardar: (n: number) => (n === 1 ? '1 sin guardar' : `${n} sin guardar`),
  cancelado: 'El conteo fue cancelado: el stock no cambió.',
  cerradoAyuda:
    'Cada diferencia ajustó el stock del local al cerrar (las ventas hechas durante el conteo se mantienen).',
  sinDiferencias: 'No hubo diferencias: lo contado coincide con lo esperado.',
  informeFallo: 'No se pudo descargar el informe.',
  informeDescargado: 'El informe se ha descargado correctamente.',
} as const;

/** 'Cerrar conteo' asks first: each difference adjusts the stock, and it cannot be undone. */
export const CLOSE_CONFIRM = {
  title: '¿Cerrar el conteo?',
  text: (local: string) =>
    `Cada diferencia entre lo contado y el stock ajusta el stock de ${local}. No se puede deshacer.`,
  button: 'Sí, cerrar',
} as const;

/** 'Cancelar conteo' asks first: what was counted is dropped and the stock does not change. */
export const CANCEL_CONFIRM = confirmation(
  '¿Cancelar el conteo?',
  'Lo contado se descarta y el stock no cambia.',
  'Sí, cancelar el conteo',
);

/** Why a button waits, listed under it (ui/SaveProblems), and why a pasted column is refused.
 * The rules and their words follow the server's (command/src/counts/mod.rs, Regla). */
export const PROBLEMS = {
  sinLocal: 'Elegí el local a contar.',
  cantidad: (modelo: string, error: string) => `Contado de ${modelo}: ${error}`,
  fueraDeRango: (modelo: string, max: string) => `La cantidad contada de ${modelo} debe estar entre 0 y ${max}.`,
  borrado: (modelo: string) => `${modelo} ya estaba contado: escribí la cantidad (0 si no hay ninguno).`,
  nadaNuevo: 'No hay cantidades nuevas para guardar.',
  sinGuardar: 'Guardá las cantidades escritas antes de cerrar el conteo.',
  faltan: (n: number) =>
    n === 1
      ? 'Falta contar 1 producto: escribí 0 si no hay ninguno.'
      : `Faltan contar ${n} productos: escribí 0 en los que no hay ninguno.`,
  pegadoVacio: 'No hay nada para pegar: copiá la columna de cantidades y pegala acá.',
  pegadoLineas: (lineas: number, productos: number) =>
    `La columna tiene ${lineas} ${lineas === 1 ? 'línea' : 'líneas'} y la planilla ${productos} ${
      productos === 1 ? 'producto' : 'productos'
    }: pegá una cantidad por producto, en el orden de la planilla. No se cambió nada.`,
  pegadoLinea: (linea: number, modelo: string, error: string) => `Línea ${linea} (${modelo}): ${error}`,
  pegadoVaciaLinea: 'está vacía (escribí 0 si no hay ninguno).',
  pegadoMas: (n: number) => `y ${n} ${n === 1 ? 'línea' : 'líneas'} más con problemas.`,
  pegadoNada: 'No se cambió nada.',
} as const;

/** What the list of los conteos says when it failed, while it loads and when it is empty. */
export const LIST_TEXTS = { failed: MESSAGES.listaFallo, loading: MESSAGES.cargando, empty: MESSAGES.sinConteos };
