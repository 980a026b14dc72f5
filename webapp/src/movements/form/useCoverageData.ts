import { useMemo } from 'react';
import { useObrasSocialesQuery } from '../../api/insurers';
import { useListLookupQuery } from '../../api/lookups';
import { esCristalSegun, type DatosCobertura } from './coverage';
import type { MovementForm } from './rules';

/** What the coverage of a patient's sale is computed with: the obras sociales with their plans
 * (read fresh when the form opens: an admin may have changed a plan's terms, and the server
 * computes with today's) and the categories, which say which products are lenses. Neither is
 * read for a movement that cannot be covered. */
export function useCoverageData(form: MovementForm): DatosCobertura {
  const skip = form.tipo !== 'ENTRADA' || form.paciente === null;
  const obras = useObrasSocialesQuery(undefined, { skip, refetchOnMountOrArgChange: true });
  const categorias = useListLookupQuery('/api/categoria', { skip });
  const lista = categorias.data;
  // Categories that could not be read leave the products' own category names to tell.
  const fallo = categorias.isError;
  const esCristal = useMemo(() => (lista ? esCristalSegun(lista) : fallo ? esCristalSegun([]) : null), [lista, fallo]);
  const obrasSociales = obras.data;
  const obrasSocialesFallo = obras.isError && !obras.data;
  return useMemo(
    () => ({ obrasSociales, obrasSocialesFallo, esCristal }),
    [obrasSociales, obrasSocialesFallo, esCristal],
  );
}
