// How a prescription number is written wherever one is shown again (a job's frozen ficha, the
// audit of a patient's fichas): as the patient form writes it.
import { parseScaled } from './money';
import { formatUnits } from './numbers';

/** A prescription number as the patient form writes it: diopters with two decimals and a plus
 * for positives (`+2,00`, `-1,25`, `0,00`), the axis and millimetres plain (`90`, `31,5`); '—'
 * when blank. */
export function prescripcionText(value: unknown, signed: boolean): string {
  if (typeof value !== 'number') return '—';
  const units = parseScaled(String(value), 2);
  if (units === null) return String(value);
  if (!signed) return formatUnits(units, 2, { fixed: false, group: false });
  const text = formatUnits(units, 2, { group: false });
  return units > 0 ? `+${text}` : text;
}

/** The frame's measures in words, alike in the patient form and a job's frozen ficha. */
export const MEDIDAS_ARMAZON = {
  alturaPelicula: 'Altura película',
  puente: 'Puente',
  diagonalMayor: 'Diagonal mayor',
  largo: 'Largo',
  alturaArmazon: 'Altura armazón',
} as const;
