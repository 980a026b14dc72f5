// The texts the movement screens show in their alerts and notices (spec 001 sections 5 and 8),
// through ../app/alerts: titles first, then the messages.
import { ERROR_TITLE, LOADING } from '../../app/words';
import { formatPesos } from '../../lib/money';

export const TITLES = {
  validacion: 'VALIDACIÓN',
  advertencia: 'ADVERTENCIA',
  ...ERROR_TITLE,
  descuento: 'Descuento inválido',
  sinResultados: 'SIN RESULTADOS',
  errorValidacion: 'ERROR DE VALIDACIÓN',
  errorObtener: 'ERROR AL OBTENER EL MOVIMIENTO',
  creado: 'MOVIMIENTO CREADO',
  actualizado: 'MOVIMIENTO ACTUALIZADO',
} as const;

export const MESSAGES = {
  ...LOADING,
  sinPagosCargados: 'No hay pagos cargados.',
  sinPagos: 'Debe ingresar al menos un pago para guardar el movimiento.',
  pagosExceden: 'La suma de los pagos no puede exceder el total del movimiento.',
  descuentoRango: 'El descuento debe estar entre 0% y 100%',
  descuentoTotalCero: 'No se puede aplicar el descuento porque el total es nulo, cero o indefinido.',
  cantidadNegativa: 'La cantidad no puede ser negativa.',
  sinStock: 'Este producto no tiene stock en esta sucursal',
  superaStock: 'Cantidad supera el stock disponible',
  buscarFallo: 'Error al buscar productos',
  productoInvalido: 'Debe seleccionar un producto válido',
  buscarSinLocal: 'Debe seleccionar un local para buscar productos.',
  sinProductos: 'No se encontraron productos con ese modelo en el local seleccionado.',
  marcaSinStock: (marca: string) => `No hay stock de la marca ${marca} en esta sucursal.`,
  pacienteNoEncontrado: 'Paciente no encontrado',
  pacienteBusquedaFallo: 'Hubo un problema al realizar la búsqueda.',
  pacienteSinResultados: 'No se encontraron pacientes con ese nombre.',
  movimientoNoCargado: 'No se pudo cargar el movimiento.',
  crearFallo: 'No se pudo crear el movimiento',
  actualizarFallo: 'No se pudo actualizar el movimiento',
  /** A sale's receipt number per branch, as its receipt prints it. */
  comprobante: (numero: string) => `Comprobante N° ${numero}`,
  /** What the payments go above the total by, shown as they are typed. */
  vuelto: (cents: number) => `Vuelto: ${formatPesos(cents)}`,
  /** A covered sale's payments above what the patient pays (the server's words). */
  pagosExcedenParte: (pacienteCents: number) =>
    `Los pagos no pueden superar lo que paga el paciente (${formatPesos(pacienteCents)}): el resto lo cubre la obra social.`,
} as const;

/** The coverage section's words: why Guardar waits, in the server's words where it has them
 * (command/src/movements/rules.rs and src/http/movements/body.rs). */
export const COBERTURA = {
  sinObraSocial: 'Elegí la obra social de la venta.',
  leyendo: 'Leyendo las obras sociales y sus planes…',
  obrasSocialesFallo: 'No se pudieron leer las obras sociales: sin sus planes no se calcula lo que cubren.',
  obraSocialInexistente: 'La obra social elegida ya no existe: elegí otra o quitá la cobertura.',
  sinPlanes: (obraSocial: string) => `${obraSocial} no tiene planes: elegí otra obra social o quitá la cobertura.`,
  sinPlan: 'Elegí el plan de la obra social.',
  planInexistente: (plan: string, obraSocial: string) => `El plan '${plan}' no es de ${obraSocial}.`,
  sinAfiliado: 'Escribí el número de afiliado de la obra social.',
  fechaInvalida: 'Fecha de la receta: escribila como dd/mm/aaaa.',
  recetaRequerida: (plan: string) =>
    `El plan ${plan} requiere la receta: escribí el médico, su matrícula y la fecha de la receta.`,
  leyendoCategorias: 'Leyendo las categorías de los productos para calcular la cobertura…',
  /** The server's words (command/src/movements/rules.rs): a presented sale keeps its coverage. */
  presentada: (liquidacion: number) =>
    `La venta fue presentada a la obra social en la liquidación N.º ${liquidacion}: su cobertura y lo que cubre no pueden cambiar.`,
  /** Under the obra social's part, when it rejected some and the patient was billed it. */
  facturado: (facturadoCents: number, pagaCents: number) =>
    `Rechazó ${formatPesos(facturadoCents)} en su liquidación, facturados al paciente: la obra social paga ${formatPesos(pagaCents)}.`,
  /** Atop the section of a sale presented to its obra social. */
  presentadaAviso: (liquidacion: number) =>
    `Presentada a la obra social en la liquidación N.º ${liquidacion}: la cobertura y lo que cubre quedan como se presentaron.`,
  /** Under the section while the part cannot be computed yet. */
  sinParte: 'La parte de la obra social se calcula al elegir la obra social y su plan.',
} as const;

/** Said at the top of the form, before anything is typed, when the save would land in a closed
 * cash day; only an admin's reopening lets it in. */
export const CERRADA = {
  dia: 'La caja de este día está cerrada. Para registrar este movimiento, pedí a un administrador que la reabra.',
  pagos: (fecha: string) =>
    `La caja del ${fecha}, el día de los pagos nuevos, está cerrada. Para registrarlos, pedí a un administrador que la reabra.`,
} as const;

/** Why a movement with returns is kept as it is (the server's words, command/src/movements/rules.rs). */
export const LOCKED = {
  /** A refund: nothing of it changes. */
  reintegro: 'Una devolución no se edita ni se elimina: registrá un nuevo movimiento para corregirla.',
  /** A sale with returns: what was sold, and to whom, stays. */
  devoluciones: 'La venta tiene devoluciones: sus productos, detalles, descuento y total no se pueden cambiar.',
  devolucionesEditable: 'Tampoco su paciente. Se pueden cambiar el estado, los pagos, el vendedor y la descripción.',
} as const;

/** Why the disabled Guardar is disabled, listed under it. */
export const PROBLEMS = {
  tipo: 'Elija el tipo de movimiento.',
  local: 'Elija un local.',
  fecha: 'Ingrese la fecha y la hora.',
  lineas: 'Agregue al menos un producto o un detalle adicional.',
  productoEliminado: 'Producto eliminado',
  cantidadVacia: (producto: string) => `Cantidad de ${producto}: ingrese un número.`,
  cantidad: (producto: string, error: string) => `Cantidad de ${producto}: ${error}`,
  descuento: (error: string) => `Descuento: ${error}`,
  descripcion: 'Ingrese la descripción.',
  total: 'Ingrese el total.',
  totalInvalido: (error: string) => `Total: ${error}`,
  monto: (n: number, error: string) => `Monto del pago ${n}: ${error}`,
  montoImpuesto: (n: number, error: string) => `Monto con recargo del pago ${n}: ${error}`,
  cobraMenos: (n: number) => `El monto con recargo del pago ${n} no puede ser menor que su monto.`,
  excede: (vueltoCents: number) =>
    vueltoCents > 0
      ? `${MESSAGES.pagosExceden} Registrá el pago por el total y entregá el vuelto de ${formatPesos(vueltoCents)}.`
      : MESSAGES.pagosExceden,
  /** A covered sale: the payments go above what the patient pays. */
  excedeParte: (pacienteCents: number, vueltoCents: number) =>
    vueltoCents > 0
      ? `${MESSAGES.pagosExcedenParte(pacienteCents)} Registrá el pago por esa parte y entregá el vuelto de ${formatPesos(vueltoCents)}.`
      : MESSAGES.pagosExcedenParte(pacienteCents),
  cajaCerrada: (fecha: string) => `La caja del ${fecha} está cerrada: pedí a un administrador que la reabra.`,
  pagosMenoresQueReintegros: (cents: number) =>
    `Ya se reintegraron ${formatPesos(cents)} de esta venta: sus pagos no pueden sumar menos.`,
} as const;
