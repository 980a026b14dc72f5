// The texts of stock beyond sales: the manual adjustment, the reorder point and the
// 'Reponer' list, shown through ../app/alerts: titles first, then the messages and why a button
// waits.
import { COMMON_MESSAGES, REFUSAL_TITLES } from '../app/words';

export const TITLES = {
  ...REFUSAL_TITLES,
  ajustado: 'STOCK AJUSTADO',
  minimo: 'PUNTO DE PEDIDO GUARDADO',
  exito: 'ÉXITO',
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  enviando: 'Enviando...',
  elegirLocal: 'Elegí el local para ver qué hay que reponer.',
  listaFallo: 'No se pudo cargar la lista para reponer.',
  nadaQueReponer: 'No hay productos en el punto de pedido o por debajo.',
  reponerAyuda:
    'Productos cuyo stock, sumado a lo que viene en tránsito, está en su punto de pedido o por debajo. «A pedir»: las unidades para superar el punto de pedido.',
  excelGenerado: 'El Excel se ha descargado correctamente.',
  excelFallo: 'No se pudo generar el Excel.',
  sinLocales: 'El producto no se ofrece en ningún local: agregalo a un local desde el formulario.',
  motivosFallo: 'No se pudieron cargar los motivos del ajuste.',
  resta: (nombre: string) => `«${nombre}» solo resta stock: escribí la cantidad en negativo (por ejemplo, -1).`,
  sumaOResta: 'Positivo suma unidades, negativo las resta.',
  queda: (stock: number) => `Stock resultante: ${stock}`,
  minimoAyuda:
    'Vacío: sin punto de pedido. Cuando el stock más lo que viene en tránsito llega al punto de pedido, el producto aparece en «Reponer».',
  enTransito: (n: number) => `En tránsito: ${n}`,
  /** After a change here, the product's form above still holds the version it opened with: the
   * server would refuse its save as stale. */
  formularioViejo:
    'El formulario de arriba muestra el producto como estaba al abrirlo: recargá la página antes de editarlo.',
} as const;

/** Why a button waits, listed under it (ui/SaveProblems). The rules and words are the server's
 * (command/src/products/rules.rs, Regla; http/stock). */
export const PROBLEMS = {
  sinMotivo: 'Elegí el motivo del ajuste.',
  sinCantidad: 'Escribí la cantidad del ajuste.',
  cantidad: (error: string) => `Cantidad: ${error}`,
  ajusteCero: 'La cantidad del ajuste no puede ser 0',
  debeRestar: (nombre: string) => `«${nombre}» resta stock: la cantidad debe ser negativa`,
  excesivo: (max: number) => `El ajuste no puede mover más de ${max} unidades`,
  bajoCero: (modelo: string) => `El ajuste dejaría el stock de ${modelo} por debajo de 0.`,
  notaLarga: (max: number) => `La nota debe tener como máximo ${max} caracteres`,
  minimo: (error: string) => `Punto de pedido: ${error}`,
  minimoFueraDeRango: (max: number) => `El punto de pedido debe estar entre 0 y ${max} unidades`,
} as const;

/** What the list of lo que hay que reponer says when it failed, while it loads and when it is empty. */
export const LIST_TEXTS = { failed: MESSAGES.listaFallo, loading: MESSAGES.cargando, empty: MESSAGES.nadaQueReponer };
