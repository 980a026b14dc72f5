// The statistics page calls (contract sections 4.4, 4.5, 5.6 and 6.1). Admins only, but for the
// branch list. Shapes come from the server's OpenAPI document (schema.d.ts); the period the page
// sends is a stricter form of the generated one (checked in contract.ts).
import type {
  Cantidad,
  EntradaSalida,
  Ingreso,
  PacientesPorLocal,
  StockPorLocal,
  StockPorMaterial,
  VentasDelDia,
} from './types';
import { api } from './base';
import { download } from './endpoints';

export type {
  EntradaSalida,
  Ingreso,
  Cantidad,
  VentasDelDia,
  StockPorLocal,
  StockPorMaterial,
  PacientesPorLocal,
} from './types';
/** Payment-method name → what came in and went out. */
export type TotalGanado = Record<string, EntradaSalida>;

/** What the page sends: a branch (0 = all) and two `yyyy-MM-dd` days, both included. */
export interface Periodo {
  local: number;
  fechaInicio: string;
  fechaFin: string;
}

/**
 * Σ stock per material over several branches, added up by material name in the order the names
 * first appear. The server answers one branch at a time (`localId=0` answers empty).
 */
export function sumarPorMaterial(porLocal: StockPorMaterial[][]): StockPorMaterial[] {
  const totals = new Map<string, number>();
  for (const rows of porLocal) {
    for (const { materialNombre, stockTotal } of rows) {
      totals.set(materialNombre, (totals.get(materialNombre) ?? 0) + stockTotal);
    }
  }
  return [...totals].map(([materialNombre, stockTotal]) => ({ materialNombre, stockTotal }));
}

/** The two sales workbooks: the products sold, and the product sales per brand. */
export type ExcelVentas = 'ventas' | 'marcas';

const EXCEL_PATHS: Record<ExcelVentas, string> = { ventas: 'api/excel/ventas', marcas: 'api/excel/ventas/marcas' };

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Per payment method, what came in and went out through the movements of the period. */
    totalGanado: build.query<TotalGanado, Periodo>({
      query: (body) => ({ url: 'api/movimientos/total-ganado', method: 'POST', body }),
    }),
    /** Per payment method, what came in and went out by the day and branch the money moved: what
     * the closings count (our page's figure; `totalGanado` is the contract's, by the sale's day). */
    ingresos: build.query<Ingreso[], Periodo>({
      query: (body) => ({ url: 'api/estadisticas/ingresos', method: 'POST', body }),
    }),
    /** Units sold in the period, net of returns. */
    totalVendido: build.query<Cantidad, Periodo>({
      query: (body) => ({ url: 'api/movimientos/total-vendido', method: 'POST', body }),
    }),
    /** Sales per day of the period, oldest first; days without sales are left out. */
    ventasPorDia: build.query<VentasDelDia[], Periodo>({
      query: (body) => ({ url: 'api/estadisticas/ventas-por-dia', method: 'POST', body }),
    }),
    /** Σ stock per branch, every branch. */
    stockPorSucursal: build.query<StockPorLocal[], void>({
      query: () => 'api/productos/stock-total-sucursal',
      providesTags: ['Producto'],
    }),
    /** Σ stock per material over the given branches (one call each, added up by material name). */
    stockPorMaterial: build.query<StockPorMaterial[], number[]>({
      queryFn: async (localIds, _api, _extra, baseQuery) => {
        const results = await Promise.all(
          localIds.map((id) => baseQuery(`api/productos/stock-material?localId=${id}`)),
        );
        const failed = results.find((r) => r.error);
        if (failed?.error) return { error: failed.error };
        return { data: sumarPorMaterial(results.map((r) => r.data as StockPorMaterial[])) };
      },
      providesTags: ['Producto'],
    }),
    /** Patients per branch. */
    pacientesPorSucursal: build.query<PacientesPorLocal[], void>({
      query: () => 'api/pacientes/cantidad-por-sucursal',
      providesTags: ['Paciente'],
    }),
    /** Posts the period, then saves the workbook the server answers as fileName; the Blob never
     * enters the store. */
    excelVentas: build.mutation<null, { excel: ExcelVentas; periodo: Periodo; fileName: string }>({
      queryFn: download(({ excel, periodo, fileName }: { excel: ExcelVentas; periodo: Periodo; fileName: string }) => ({
        request: { url: EXCEL_PATHS[excel], method: 'POST', body: periodo },
        fileName,
      })),
    }),
  }),
});

export const {
  useTotalGanadoQuery,
  useIngresosQuery,
  useTotalVendidoQuery,
  useVentasPorDiaQuery,
  useStockPorSucursalQuery,
  useStockPorMaterialQuery,
  usePacientesPorSucursalQuery,
  useExcelVentasMutation,
} = statisticsApi;
