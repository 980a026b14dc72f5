import { estadoDe } from './rules';

/** A count's state as a badge, in words (not told by colour alone). */
export function EstadoBadge({ estado }: { estado: string }) {
  const { nombre, badge } = estadoDe(estado);
  return (
    <span className={`badge ${badge}`} data-testid="estado">
      {nombre}
    </span>
  );
}
