// The names of the ids inside event data (branches, brands, categories, materials, suppliers,
// patients).
import { isObject } from './json';

/** Names by id, for the ids inside event data (any map may be empty while it loads). */
export interface Nombres {
  locales: ReadonlyMap<number, string>;
  marcas: ReadonlyMap<number, string>;
  categorias: ReadonlyMap<number, string>;
  materiales: ReadonlyMap<number, string>;
  proveedores: ReadonlyMap<number, string>;
  /** Only the patients on screen, asked one by one (usePacientes). */
  pacientes: ReadonlyMap<number, string>;
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
  pacientes: new Map(),
};

/** The name of an id, or `#id` when the list does not know it. */
export const nombreDe = (nombres: ReadonlyMap<number, string>, id: unknown) =>
  (typeof id === 'number' && nombres.get(id)) || `#${String(id)}`;

/** A patient by name with the id kept, `María Gómez (#12)`; `#12` when the name is not known (a
 * patient deleted since, one that failed to load, or while it loads). */
export const pacienteText = (pacientes: ReadonlyMap<number, string>, id: unknown) => {
  const nombre = typeof id === 'number' ? pacientes.get(id) : undefined;
  return nombre ? `${nombre} (#${id as number})` : `#${String(id)}`;
};

/** The patient ids (`paciente_id`) anywhere inside event data or an entity's state, each once, in
 * the order they appear. */
export function pacienteIds(value: unknown): number[] {
  const ids = new Set<number>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'paciente_id' && typeof x === 'number') ids.add(x);
        else walk(x);
      }
    }
  };
  walk(value);
  return [...ids];
}
