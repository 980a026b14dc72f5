import { lineaText, type Linea } from './fields';

/** Data as `Campo: valor` lines. */
export function Lines({ lines, label, id }: { lines: Linea[]; label: string; id?: string }) {
  if (lines.length === 0)
    return (
      <p id={id} className="small text-muted mb-0" aria-label={label}>
        —
      </p>
    );
  return (
    <ul id={id} className="small mb-0 list-unstyled" aria-label={label}>
      {lines.map((l, i) => (
        <li key={`${l.campo}-${i}`}>{lineaText(l)}</li>
      ))}
    </ul>
  );
}
