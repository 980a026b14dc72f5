import type { Nombrado } from '../api/types';

export interface MenuCategories {
  sol?: number;
  receta?: number;
  accesorios?: number;
}

const contains = (nombre: string, word: string) =>
  nombre.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes(word);

/** The ids of the first categories whose names contain Sol, Receta and Accesorios (any case). */
export function menuCategories(categorias: Nombrado[] | undefined): MenuCategories {
  const find = (word: string) => categorias?.find((c) => contains(c.nombre, word))?.id;
  return { sol: find('sol'), receta: find('receta'), accesorios: find('accesorio') };
}
