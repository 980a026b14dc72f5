// The audit calls, admins only (others get 403): the event log, one entity's history, a product's
// stock ledger and an entity as it stood at a moment. Shapes come from the server's OpenAPI
// document (schema.d.ts).
import type { AsientoStock, EventoAuditoria, EventoPage } from './types';
import { api } from './base';

export type { EventoAuditoria, AsientoStock, EventoPage } from './types';

/** The entity kinds the log knows: as the server stores them, and as the screens name them (the
 * server takes either in a filter; tests/cases/audit_labels.json holds both lists' cases). */
export const ENTIDADES: readonly { tipo: string; etiqueta: string }[] = [
  { tipo: 'Producto', etiqueta: 'Producto' },
  { tipo: 'Movimiento', etiqueta: 'Movimiento' },
  { tipo: 'Paciente', etiqueta: 'Paciente' },
  { tipo: 'Caja', etiqueta: 'Caja' },
  { tipo: 'Trabajo', etiqueta: 'Trabajo' },
  { tipo: 'Transferencia', etiqueta: 'Transferencia' },
  { tipo: 'Conteo', etiqueta: 'Conteo' },
  { tipo: 'Usuario', etiqueta: 'Usuario' },
  { tipo: 'Local', etiqueta: 'Local' },
  { tipo: 'Marca', etiqueta: 'Marca' },
  { tipo: 'Categoria', etiqueta: 'Categoría' },
  { tipo: 'MaterialProducto', etiqueta: 'Material' },
  { tipo: 'MetodoPago', etiqueta: 'Método de pago' },
  { tipo: 'Proveedor', etiqueta: 'Proveedor' },
  { tipo: 'Laboratorio', etiqueta: 'Laboratorio' },
  { tipo: 'PlanesTarjeta', etiqueta: 'Planes de cuotas' },
  { tipo: 'ObraSocial', etiqueta: 'Obra social' },
  { tipo: 'Liquidacion', etiqueta: 'Liquidación' },
];

/** A kind as the screens name it; one the server adds later reads as itself. */
export const entidadLabel = (tipo: string) => ENTIDADES.find((e) => e.tipo === tipo)?.etiqueta ?? tipo;

/** The kinds whose history and past state the edit screens show. */
export type TipoConEstado = 'Producto' | 'Movimiento' | 'Paciente';

/** The log's filters; empty texts and branch 0 are left out of the query. */
export interface AuditoriaFiltro {
  /** '' or the `tipo` of one of ENTIDADES. */
  tipo: string;
  id: string;
  usuario: string;
  /** 0 = every branch. */
  local: number;
  /** The event, as the table shows it ('Caja cerrada') or as stored (CajaCerrada). */
  evento: string;
  /** `yyyy-MM-dd` or ''. */
  desde: string;
  /** `yyyy-MM-dd` or '' (the day included). */
  hasta: string;
}

export const AUDIT_PAGE_SIZE = 20;

/** The query string of a filter: empty values and branch 0 are omitted. */
export function auditoriaParams(filtro: AuditoriaFiltro): string[] {
  const params: string[] = [];
  const texts: (keyof AuditoriaFiltro)[] = ['tipo', 'id', 'usuario'];
  for (const key of texts) {
    const value = String(filtro[key]).trim();
    if (value) params.push(`${key}=${encodeURIComponent(value)}`);
  }
  if (filtro.local) params.push(`local=${filtro.local}`);
  for (const key of ['evento', 'desde', 'hasta'] as const) {
    const value = filtro[key].trim();
    if (value) params.push(`${key}=${encodeURIComponent(value)}`);
  }
  return params;
}

const withHasta = (path: string, hasta: string | undefined) =>
  hasta ? `${path}?hasta=${encodeURIComponent(hasta)}` : path;

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 400 `{mensaje}` for a filter the server refuses (a malformed day, say). */
    auditoria: build.query<EventoPage, AuditoriaFiltro & { page: number }>({
      query: ({ page, ...filtro }) =>
        `api/auditoria?${[...auditoriaParams(filtro), `page=${page}`, `size=${AUDIT_PAGE_SIZE}`].join('&')}`,
    }),
    /** Every event of one entity, oldest first. */
    historialAuditoria: build.query<EventoAuditoria[], { tipo: TipoConEstado; id: number | string }>({
      query: ({ tipo, id }) => `api/auditoria/historial/${tipo}/${encodeURIComponent(String(id))}`,
    }),
    /** A product's stock ledger, oldest first; with `hasta` (an ISO instant), only up to then. */
    libroStock: build.query<AsientoStock[], { productoId: number; hasta?: string }>({
      query: ({ productoId, hasta }) => withHasta(`api/auditoria/stock/${productoId}`, hasta),
      // A stock change on the same screen (an adjustment under the product's form) reads it again.
      providesTags: ['Producto'],
    }),
    /** The entity as it stood at `hasta` (an ISO instant), as raw JSON; 404 `{mensaje}` when it
     * did not exist then. */
    estadoAuditoria: build.query<unknown, { tipo: TipoConEstado; id: number | string; hasta: string }>({
      query: ({ tipo, id, hasta }) =>
        withHasta(`api/auditoria/estado/${tipo}/${encodeURIComponent(String(id))}`, hasta),
    }),
  }),
});

export const {
  useAuditoriaQuery,
  useHistorialAuditoriaQuery,
  useLibroStockQuery,
  useLazyLibroStockQuery,
  useLazyEstadoAuditoriaQuery,
} = auditApi;
