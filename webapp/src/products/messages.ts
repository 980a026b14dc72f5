// The texts the catalogue screens show in their alerts and confirmations (spec 000 sections 5 and
// 8), through ../app/alerts: titles first, then the messages.
import { ERROR_TITLE, LOADING } from '../app/words';

export const TITLES = {
  atencion: 'ATENCIÓN',
  ...ERROR_TITLE,
  exito: 'ÉXITO',
  sinResultados: 'SIN RESULTADOS',
  creado: 'PRODUCTO CREADO',
  editado: 'PRODUCTO EDITADO',
  eliminado: 'PRODUCTO ELIMINADO',
  eliminarFallo: 'ERROR AL ELIMINAR EL PRODUCTO',
  creados: 'PRODUCTOS CREADOS',
  modelosInvalidos: 'MODELOS INVÁLIDOS',
  modelosRepetidos: 'MODELOS REPETIDOS',
  modelosExistentes: 'MODELOS EXISTENTES',
  valorInvalido: 'Valor inválido',
  actualizados: 'Actualización Exitosa',
} as const;

export const MESSAGES = {
  ...LOADING,
  listaFallo: 'No se pudieron cargar los productos.',
  sinProductos: 'No se encontraron productos',
  productoFallo: 'No se pudo cargar el producto.',
  modeloVacio: 'Debes ingresar un código de modelo válido',
  modeloSinResultados: 'No se encontraron productos con ese modelo',
  marcaVacia: 'Debes ingresar una marca válida',
  marcaSinResultados: 'No se encontraron productos con esa marca',
  busquedaFallo: 'No se pudieron buscar los productos',
  enCaja: 'Existen Movimientos en la Caja. Por favor elimine esos movimientos para continuar',
  inesperado: 'Ocurrió un error inesperado. Intente nuevamente.',
  creadoFallo: 'Ocurrió un error al guardar el producto',
  editado: 'Se ha editado con éxito!',
  editadoFallo: 'Ocurrió un error al editar el producto',
  sinMarca: 'Seleccioná una marca antes de validar los modelos.',
  modelosInvalidos: (modelos: string) => `Los modelos no pueden contener '.', ';', '/' ni '\\': ${modelos}`,
  modelosRepetidos: (modelos: string) => `Tenés modelos repetidos en el formulario: ${modelos}`,
  validarFallo: 'Ocurrió un problema al validar los modelos.',
  modelosExistentes: (modelos: string) => `Ya existen los siguientes modelos para esta marca: ${modelos}`,
  creados: 'Los productos han sido guardados con éxito!',
  creadosFallo: 'Ocurrió un error al guardar los productos',
  porcentajeRango: 'El porcentaje debe estar entre 0 y 100.',
  actualizados: 'Los precios o costos se actualizaron correctamente.',
  actualizarFallo: 'Ocurrió un error al actualizar los productos',
  sinLocal: 'Por favor selecciona un local',
  excelGenerado: 'Excel generado correctamente',
  excelFallo: 'No se pudo generar el Excel',
} as const;

export const MASS_UPDATE_CONFIRM = { title: '¿Estás seguro?', button: 'Sí, aplicar cambios' } as const;

/** Why a disabled save button is disabled, listed under it. */
export const PROBLEMS = {
  modelo: 'El modelo es obligatorio.',
  modelos: 'Complete todos los modelos.',
  categoria: 'Elija al menos una categoría.',
  marca: 'Elija una marca.',
  costo: (error: string) => `Costo: ${error}`,
  precioObligatorio: 'El precio es obligatorio.',
  precio: (error: string) => `Precio: ${error}`,
  local: 'Elija al menos un local.',
  stockVacio: (local: string) => `Stock de ${local}: ingrese un número.`,
  stock: (local: string, error: string) => `Stock de ${local}: ${error}`,
  proveedor: 'Elija al menos un proveedor.',
  valor: 'Ingrese el valor.',
  valorInvalido: (error: string) => `Valor: ${error}`,
} as const;
