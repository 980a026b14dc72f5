// The texts of the profitability screen ('Rentabilidad'): its alerts, notices and the explanation
// of what each figure is, so its Spanish is in one place.
import { ERROR_TITLE, LOADING } from '../app/words';

export const TITLES = {
  ...ERROR_TITLE,
  exito: 'ÉXITO',
} as const;

export const MESSAGES = {
  elegirPeriodo: 'Elija el período y los filtros, y presione Ver para calcular la rentabilidad.',
  cargaFallo: 'No se pudo calcular la rentabilidad.',
  sinVentas: 'No hay ventas en el período con estos filtros.',
  sinCargoVacio: 'No se vendió ningún producto sin cargo en el período.',
  /** The list stops at the server's cap: the newest lines are the ones shown. */
  sinCargoRecortado: (n: number) =>
    `Se muestran las ${n} líneas más recientes: hubo más. Acote el período para ver el resto.`,
  sinCostoRegistrado: 'Sin costo registrado',
  sinMotivo: 'Sin motivo registrado',
  /** A percentage without income to divide by. */
  sinIngresos: 'sin ingresos',
  excelGenerado: 'Excel generado correctamente',
  excelFallo: 'No se pudo generar el Excel',
  ...LOADING,
  cargandoGrafico: 'Cargando gráfico...',
} as const;

/** What each figure is, on the screen under 'Cómo se calcula' (README's feature table says it too). */
export const EXPLICACION = [
  'Ingresos: lo cobrado por cada venta después de su descuento, menos las devoluciones registradas en el período. Una devolución cuenta el día en que se hizo, para el vendedor y el local de la venta.',
  'Costo: lo que costaba cada producto el día en que se vendió. Si después se cambia el costo, las ventas anteriores no cambian.',
  'Margen = Ingresos − Costo. Margen % = Margen ÷ Ingresos.',
  'Los recargos de los planes de tarjeta son un ingreso financiero: se muestran aparte y no entran en el margen.',
  'La parte que paga una obra social es ingreso de la venta. Lo que la obra social rechaza en una liquidación (un débito) se resta el día del cobro que lo rechazó, salvo que se facture al paciente: entonces la venta vuelve a contar entera.',
  'Los detalles adicionales (cristales encargados al laboratorio, reparaciones) no tienen producto ni costo registrado: suman sus ingresos en "Detalles adicionales" con costo $ 0,00.',
  'Los productos vendidos sin costo registrado cuentan con costo $ 0,00; la pantalla avisa cuántas líneas son.',
  'No es la "Ganancia" de Estadísticas: esa suma los subtotales de las líneas antes del descuento, no resta las devoluciones y descuenta el costo de hoy.',
] as const;
