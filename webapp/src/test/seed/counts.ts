// Physical counts as the server writes them: count 5 of Centro, brand Vulk, open, with
// three products (RB3025, Aviator and Clubmaster), one counted so far; and the same count closed.
import type { Conteo, LineaConteo, Planilla } from '../../api/counts';
import { springPage } from './shop';
import { seeded } from './defaults';

export const conteo = seeded<Conteo>(() => ({
  id: 5,
  localId: 1,
  local: 'Centro',
  estado: 'ABIERTO',
  categoria: null,
  marca: 'Vulk',
  iniciado: '2026-11-20T09:00:00',
  cerrado: null,
  productos: 3,
  contados: 1,
  conDiferencia: null,
}));

const linea = (productoId: number, modelo: string, contado: number | null): LineaConteo => ({
  productoId,
  modelo,
  marca: 'Vulk',
  contado,
  esperado: null,
  diferencia: null,
  costo: null,
});

/** The open sheet as a seller reads it: nothing expected, no cost; Aviator counted 2. */
export const planillaAbierta = seeded<Planilla>(() => ({
  conteo: conteo(),
  lineas: [linea(12, 'Aviator', 2), linea(11, 'Clubmaster', null), linea(10, 'RB3025', null)],
  valorDiferencia: null,
}));

/** Count 5 closed, as an admin reads it: Aviator as expected, Clubmaster 1 over, RB3025 2 short
 * at $ 10.000,50 each (value -$ 20.001,00 + $ 5.000,00). */
export const planillaCerrada = seeded<Planilla>(() => ({
  conteo: conteo({ estado: 'CERRADO', cerrado: '2026-11-20T18:30:00', contados: 3, conDiferencia: 2 }),
  lineas: [
    { ...linea(12, 'Aviator', 2), esperado: 2, diferencia: 0, costo: 7000 },
    { ...linea(11, 'Clubmaster', 1), esperado: 0, diferencia: 1, costo: 5000 },
    { ...linea(10, 'RB3025', 2), esperado: 4, diferencia: -2, costo: 10000.5 },
  ],
  valorDiferencia: -15001,
}));

/** A page of counts, newest first (20 a page). */
export const conteosPage = (content: Conteo[], number = 0, totalPages = 1) =>
  springPage(content, 20, number, totalPages);
