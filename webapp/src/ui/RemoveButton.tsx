/** 'Quitar' on a line of a form being filled in (a product, a payment): named by what it takes
 * away, for the screen reader. */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-outline-danger btn-sm" aria-label={label} onClick={onClick}>
      Quitar
    </button>
  );
}

/** 'Eliminar' on a row of a list (admins): the list asks before it deletes. */
export function DeleteButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn-danger btn-sm" onClick={onClick}>
      Eliminar
    </button>
  );
}
