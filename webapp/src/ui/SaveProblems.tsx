interface Props {
  id: string;
  problems: string[];
  /** What waits: saving unless told ('No se puede cerrar todavía:'). */
  heading?: string;
  testId?: string;
  /** A form not begun yet: what is still to do, told without the red of an error. */
  pending?: boolean;
}

/** Why the save button above is disabled: every disabled save says it (the button points here
 * with aria-describedby). Nothing when it can be saved. */
export function SaveProblems({
  id,
  problems,
  heading = 'No se puede guardar todavía:',
  testId = 'save-problems',
  pending = false,
}: Props) {
  if (problems.length === 0) return null;
  return (
    <div
      id={id}
      className={`small mt-2 ${pending ? 'text-body-secondary' : 'text-danger'}`}
      role="status"
      data-testid={testId}
    >
      <span className="fw-semibold">{heading}</span>
      <ul className="mb-0 ps-3">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}
