// The texts the statistics page shows in its alerts and notices (spec 001), through
// ../app/alerts: titles first, then the messages.
import { ERROR_TITLE, LOADING } from '../app/words';

export const TITLES = {
  atencion: 'ATENCIÓN',
  ...ERROR_TITLE,
  exito: 'ÉXITO',
} as const;

export const MESSAGES = {
  /** The server's answer to a period without both days, too. */
  faltanFechas: 'Ingresar fecha de inicio y fin por favor',
  /** The server's answer to a period that ends before it starts, too. */
  finAntesDeInicio: 'La fecha de fin no puede ser anterior a la de inicio',
  excelGenerado: 'Excel generado correctamente',
  excelFallo: 'No se pudo generar el Excel',
  soloAdministradores: 'Las estadísticas están disponibles solo para administradores.',
  elegirPeriodo: 'Elija el local y las fechas, y presione Aplicar Filtros para ver las estadísticas del período.',
  cargaFallo: 'No se pudieron cargar las estadísticas.',
  stockFallo: 'No se pudo cargar el stock.',
  sinCobros: 'No hay cobros en el período.',
  sinVentas: 'No hay ventas en el período.',
  sinStock: 'No hay stock para mostrar.',
  sinLocales: 'No hay locales para mostrar.',
  /** Which figure each block is: two questions the page never mixes. */
  queEsCadaCifra:
    'Ingresos por método: lo que entró y salió de las cajas, por el día y el local en que se cobró; coincide con los cierres de caja. Ventas y unidades: por el día y el local de la venta, sin lo devuelto.',
  ...LOADING,
  cargandoGrafico: 'Cargando gráfico...',
} as const;
