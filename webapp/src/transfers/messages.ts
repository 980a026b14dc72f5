// The texts the transfers between branches show in their alerts, confirmations and notices,
// through ../app/alerts: titles first, then the messages and why a button waits.
import { confirmation } from '../app/confirmations';
import { COMMON_MESSAGES, REFUSAL_TITLES } from '../app/words';

export const TITLES = {
  ...REFUSAL_TITLES,
  atencion: 'ATENCIÓN',
  enviada: 'TRANSFERENCIA ENVIADA',
  recibida: 'TRANSFERENCIA RECIBIDA',
  cancelada: 'TRANSFERENCIA CANCELADA',
  sinResultados: 'SIN RESULTADOS',
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  enviando: 'Enviando...',
  listaFallo: 'No se pudieron cargar las transferencias.',
  transferenciaFallo: 'No se pudo cargar la transferencia.',
  sinTransferencias: 'No hay transferencias.',
  soloTuLocal: 'Se muestran las transferencias que salen de tu local o llegan a él.',
  buscarFallo: 'No se pudo buscar el producto.',
  sinProductos: 'No se encontró ningún producto con ese modelo en el local de origen.',
  elegirOrigen: 'Elegí primero el local de origen: los productos se buscan en su stock.',
  yaAgregado: 'Ese producto ya está en la transferencia: cambiá su cantidad.',
  enTransito:
    'Las unidades salen del stock del local de origen al enviar y quedan en tránsito hasta que el destino las recibe.',
  recibirAyuda: 'Escribí cuántas llegaron de cada producto. Si llegaron menos, escribí el motivo del faltante.',
  esperaRecepcion: 'En tránsito: la recibe el personal del local de destino.',
} as const;

/** 'Cancelar' asks first: the units go back to the origin's stock. */
export const CANCEL_CONFIRM = confirmation(
  '¿Cancelar la transferencia?',
  'Las unidades vuelven al stock del local de origen.',
  'Sí, cancelar',
);

/** Why 'Enviar' or 'Recibir' waits, listed under it (ui/SaveProblems). The rules and their words
 * are the server's (command/src/transfers/mod.rs, Regla; errors.rs). */
export const PROBLEMS = {
  sinOrigen: 'Elegí el local de origen.',
  sinDestino: 'Elegí el local de destino.',
  mismoLocal: 'El local de destino debe ser distinto del de origen.',
  sinLineas: 'Agregá al menos un producto a la transferencia.',
  cantidad: (modelo: string, error: string) => `Cantidad de ${modelo}: ${error}`,
  cantidadNoPositiva: (modelo: string) => `La cantidad de ${modelo} debe ser mayor a 0.`,
  stockInsuficiente: (modelo: string) => `Stock insuficiente para el producto: ${modelo}`,
  textoLargo: (max: number) => `La nota o el motivo debe tener como máximo ${max} caracteres.`,
  fueraDeRango: (modelo: string, enviadas: number) =>
    `De ${modelo} se enviaron ${enviadas}: no se pueden recibir más ni menos de 0.`,
  faltanteSinMotivo: 'Recibir menos de lo enviado necesita el motivo del faltante.',
} as const;

/** What the list of las transferencias says when it failed, while it loads and when it is empty. */
export const LIST_TEXTS = {
  failed: MESSAGES.listaFallo,
  loading: MESSAGES.cargando,
  empty: MESSAGES.sinTransferencias,
};
