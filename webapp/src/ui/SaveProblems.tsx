/** Why the save button above is disabled: every disabled save says it (the button points here
 * with aria-describedby). Nothing when it can be saved. */
export function SaveProblems({ id, problems }: { id: string; problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div id={id} className="small text-danger mt-2" role="status" data-testid="save-problems">
      <span className="fw-semibold">No se puede guardar todavía:</span>
      <ul className="mb-0 ps-3">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}
