/** A screen whose content arrives with a later feature: reachable, guarded, titled. */
export function Pending({ title }: { title: string }) {
  return (
    <section>
      <h2 className="mb-3">{title}</h2>
      <p className="text-muted">Esta pantalla estará disponible próximamente.</p>
    </section>
  );
}
