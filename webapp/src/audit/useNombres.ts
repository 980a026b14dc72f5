import { useMemo } from 'react';
import { useListLookupQuery } from '../api/lookups';
import { porId, sinNombres, type Nombres } from './nombres';

/** The names of the branches, brands, categories, materials and suppliers, by id, for the ids
 * inside event data; empty maps until they load (the ids then read `#id`). Patients are not listed
 * whole: useConPacientes adds the ones on screen. */
export function useNombres(): Nombres {
  const { data: locales } = useListLookupQuery('/api/local');
  const { data: marcas } = useListLookupQuery('/api/marca');
  const { data: categorias } = useListLookupQuery('/api/categoria');
  const { data: materiales } = useListLookupQuery('/api/materialProducto');
  const { data: proveedores } = useListLookupQuery('/api/proveedor');
  return useMemo(
    () => ({
      locales: porId(locales),
      marcas: porId(marcas),
      categorias: porId(categorias),
      materiales: porId(materiales),
      proveedores: porId(proveedores),
      pacientes: sinNombres.pacientes,
    }),
    [locales, marcas, categorias, materiales, proveedores],
  );
}
