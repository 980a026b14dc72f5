import type { EstadoTrabajo } from '../api/jobs';
import { StateBadge } from '../ui/StateBadge';

/** A job's state as a badge, in the server's words; 'Atrasado' beside it when past its promised
 * day (told in words, not by colour alone). */
export function EstadoBadge({
  etiqueta,
  estado,
  atrasado,
}: {
  etiqueta: string;
  estado: EstadoTrabajo;
  atrasado?: boolean;
}) {
  const badge =
    estado === 'ENTREGADO'
      ? 'text-bg-secondary'
      : estado === 'ANTEOJO_TERMINADO'
        ? 'text-bg-success'
        : estado === 'REHACER'
          ? 'text-bg-danger'
          : 'text-bg-info';
  return (
    <>
      <StateBadge nombre={etiqueta} badge={badge} />
      {atrasado && (
        <span className="badge text-bg-danger ms-1" data-testid="atrasado">
          Atrasado
        </span>
      )}
    </>
  );
}
