// Stock beyond sales as the server writes it: the manual adjustment's reasons in the
// form's order, and the 'Reponer' rows.
import type { AReponer, MotivoAjuste } from '../../api/stock';
import { springPage } from './shop';
import { seeded } from './defaults';

export const motivosAjuste: MotivoAjuste[] = [
  { motivo: 'Rotura', nombre: 'Rotura', resta: true },
  { motivo: 'RoboOPerdida', nombre: 'Robo o pérdida', resta: true },
  { motivo: 'UsoInterno', nombre: 'Uso interno', resta: true },
  { motivo: 'DevolucionAProveedor', nombre: 'Devolución a proveedor', resta: true },
  { motivo: 'Correccion', nombre: 'Corrección', resta: false },
];

/** RB3025 at Centro: 1 left, 2 on their way, reorder point 5, so 2 more to order. */
export const aReponer = seeded<AReponer>(() => ({
  productoId: 10,
  modelo: 'RB3025',
  marca: 'Vulk',
  stock: 1,
  enTransito: 2,
  minimo: 5,
  faltan: 2,
  proveedores: 'Lentes SA, Visión',
  costoCents: 10000,
}));

/** A page of the reorder list (50 a page). */
export const reponerPage = (content: AReponer[], number = 0, totalPages = 1) =>
  springPage(content, 50, number, totalPages);
