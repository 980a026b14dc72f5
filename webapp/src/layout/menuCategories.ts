import type { Nombrado } from '../api/types';
import { containsFolded } from '../lib/text';

export interface MenuCategories {
  sol?: number;
  receta?: number;
  accesorios?: number;
}

/** The ids of the first categories whose names contain Sol, Receta and Accesorios (any case or accents). */
export function menuCategories(categorias: Nombrado[] | undefined): MenuCategories {
  const find = (word: string) => categorias?.find((c) => containsFolded(c.nombre, word))?.id;
  return { sol: find('sol'), receta: find('receta'), accesorios: find('accesorio') };
}
