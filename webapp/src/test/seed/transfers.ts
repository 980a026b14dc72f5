// Transfers between branches as the server writes them: transfer 7 sends 3 × RB3025
// and 1 × Clubmaster from Centro to Norte, in transit.
import type { Transferencia } from '../../api/transfers';
import { springPage } from './shop';
import { seeded } from './defaults';

export const transferencia = seeded<Transferencia>(() => ({
  id: 7,
  origenId: 1,
  origen: 'Centro',
  destinoId: 2,
  destino: 'Norte',
  estado: 'ENVIADA',
  nota: 'Para la vidriera',
  motivo: null,
  enviada: '2026-11-20T10:30:00',
  cerrada: null,
  unidades: 4,
  lineas: [
    { productoId: 10, modelo: 'RB3025', marca: 'Vulk', cantidad: 3, recibidas: null },
    { productoId: 11, modelo: 'Clubmaster', marca: 'Ray-Ban', cantidad: 1, recibidas: null },
  ],
}));

/** Transfer 7 received at Norte with one RB3025 short. */
export const transferenciaConFaltante = (overrides: Partial<Transferencia> = {}): Transferencia =>
  transferencia({
    estado: 'RECIBIDA_CON_FALTANTE',
    motivo: 'Llegó rota',
    cerrada: '2026-11-21T09:15:00',
    lineas: [
      { productoId: 10, modelo: 'RB3025', marca: 'Vulk', cantidad: 3, recibidas: 2 },
      { productoId: 11, modelo: 'Clubmaster', marca: 'Ray-Ban', cantidad: 1, recibidas: 1 },
    ],
    ...overrides,
  });

/** A page of transfers, newest first (20 a page). */
export const transferenciasPage = (content: Transferencia[], number = 0, totalPages = 1) =>
  springPage(content, 20, number, totalPages);
