// Statistics answers as the server writes them.
import type {
  Cantidad,
  PacientesPorLocal,
  StockPorLocal,
  StockPorMaterial,
  TotalGanado,
  VentasDelDia,
} from '../../api/statistics';
import { locales } from './shop';

/** Branches: 'Centro' (1), 'Norte' (2), and one whose name has spaces. */
export const localesConEspacios = [...locales, { id: 3, nombre: 'La Cruz Sur', direccion: 'Ruta 40', celular: '33' }];

/** Per payment method, ordered by name as the server's map is. */
export const totalGanado: TotalGanado = {
  Efectivo: { entrada: 15000.5, salida: 2000.25 },
  Tarjeta: { entrada: 8200, salida: 9000 },
  Transferencia: { entrada: 0, salida: 0 },
};

export const totalVendido: Cantidad = { total: 37 };

export const ventasPorDia: VentasDelDia[] = [
  { fecha: '2024-05-01', ventas: 2, total: 12000 },
  { fecha: '2024-05-03', ventas: 1, total: 3200.5 },
];

export const stockPorSucursal: StockPorLocal[] = [
  { localId: 1, localNombre: 'Centro', stockTotal: 120 },
  { localId: 2, localNombre: 'Norte', stockTotal: 45 },
];

/** Patients of another branch id under the same name, and a branch without stock. */
export const pacientesPorSucursal: PacientesPorLocal[] = [
  { localId: 2, localNombre: 'Norte', cantidadPacientes: 8 },
  { localId: 1, localNombre: 'Centro', cantidadPacientes: 30 },
  { localId: 9, localNombre: 'Depósito', cantidadPacientes: 1 },
];

export const stockMaterialCentro: StockPorMaterial[] = [
  { materialNombre: 'Acetato', stockTotal: 70 },
  { materialNombre: 'Metal', stockTotal: 50 },
];

export const stockMaterialNorte: StockPorMaterial[] = [
  { materialNombre: 'Metal', stockTotal: 40 },
  { materialNombre: 'Titanio', stockTotal: 5 },
];
