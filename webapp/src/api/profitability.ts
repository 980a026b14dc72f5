// The owner's true margin ('Rentabilidad', admins): a period's income against what the products
// cost when they were sold, grouped as asked, as JSON for the screen and as a workbook. Both take
// the same query string; its shape is checked against the server's document in contract.ts.
import type { Rentabilidad } from './types';
import { api } from './base';
import { download } from './endpoints';

export type { Cifras, GrupoRentabilidad, Rentabilidad, SinCargo } from './types';

/** What the report groups by, as the server reads `agrupar`. */
export type Agrupar = 'marca' | 'categoria' | 'local' | 'vendedor' | 'mes';

/** The report's filters: two `aaaa-mm-dd` days (both included); a branch, brand and category
 * (0 is all); the seller's name as the sales record it ('' is all); the grouping. */
export interface RentabilidadFiltro {
  fechaInicio: string;
  fechaFin: string;
  localId: number;
  marcaId: number;
  categoriaId: number;
  vendedor: string;
  agrupar: Agrupar;
}

/** The query string of a filter: blank texts and 0 ids are left out (the server reads both as
 * "all"), texts trimmed and encoded; the grouping always goes, so the answer never depends on the
 * server's default. A blank day is left out too, and the server says why it needs it. */
export function rentabilidadParams(f: RentabilidadFiltro): string {
  const params: string[] = [];
  const add = (key: string, value: string | number) => {
    const text = String(value).trim();
    if (text && text !== '0') params.push(`${key}=${encodeURIComponent(text)}`);
  };
  add('fechaInicio', f.fechaInicio);
  add('fechaFin', f.fechaFin);
  add('localId', f.localId);
  add('marcaId', f.marcaId);
  add('categoriaId', f.categoriaId);
  add('vendedor', f.vendedor);
  params.push(`agrupar=${f.agrupar}`);
  return params.join('&');
}

export const rentabilidadPath = (f: RentabilidadFiltro) => `api/rentabilidad?${rentabilidadParams(f)}`;

export const profitabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 400 `{ mensaje }` in Spanish for a period the server refuses. */
    rentabilidad: build.query<Rentabilidad, RentabilidadFiltro>({
      query: rentabilidadPath,
    }),
    /** Fetches the same report as a workbook and saves it as fileName; the Blob never enters the
     * store (a refusal's answer stays text). */
    rentabilidadExcel: build.mutation<null, { filtro: RentabilidadFiltro; fileName: string }>({
      queryFn: download(({ filtro, fileName }: { filtro: RentabilidadFiltro; fileName: string }) => ({
        request: { url: `api/rentabilidad/excel?${rentabilidadParams(filtro)}` },
        fileName,
      })),
    }),
  }),
});

export const { useRentabilidadQuery, useRentabilidadExcelMutation } = profitabilityApi;
