/** Covers the screen from submit until the server answers, so nothing is sent twice; `label`
 * says what is going on (saving by default). */
export function SavingOverlay({ show, label = 'Guardando...' }: { show: boolean; label?: string }) {
  if (!show) return null;
  return (
    <div
      className="position-fixed top-0 start-0 w-100 h-100 d-flex flex-column align-items-center justify-content-center"
      style={{ zIndex: 2000, background: 'rgba(0, 0, 0, 0.5)', color: '#fff' }}
      role="status"
      aria-live="polite"
    >
      <div className="spinner-border mb-2" aria-hidden="true" />
      <span className="fs-4">{label}</span>
    </div>
  );
}
