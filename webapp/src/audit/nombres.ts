// The names of the ids inside event data (branches, brands, categories, materials, suppliers).

/** Names by id, for the ids inside event data (any map may be empty while it loads). */
export interface Nombres {
  locales: ReadonlyMap<number, string>;
  marcas: ReadonlyMap<number, string>;
  categorias: ReadonlyMap<number, string>;
  materiales: ReadonlyMap<number, string>;
  proveedores: ReadonlyMap<number, string>;
}

/** A name list (`GET /api/local`, `/api/marca`…) as a map by id. */
export const porId = (items: readonly { id: number; nombre: string }[] | undefined): ReadonlyMap<number, string> =>
  new Map((items ?? []).map((i) => [i.id, i.nombre]));

export const sinNombres: Nombres = {
  locales: new Map(),
  marcas: new Map(),
  categorias: new Map(),
  materiales: new Map(),
  proveedores: new Map(),
};

/** The name of an id, or `#id` when the list does not know it. */
export const nombreDe = (nombres: ReadonlyMap<number, string>, id: unknown) =>
  (typeof id === 'number' && nombres.get(id)) || `#${String(id)}`;
