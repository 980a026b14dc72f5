/** A record's state as a badge, in words (not told by colour alone): `badge` is its Bootstrap
 * colour ('text-bg-success'). */
export function StateBadge({ nombre, badge }: { nombre: string; badge: string }) {
  return (
    <span className={`badge ${badge}`} data-testid="estado">
      {nombre}
    </span>
  );
}
