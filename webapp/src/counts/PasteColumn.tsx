import { useState } from 'react';

interface Props {
  /** Takes the pasted text; answers the errors when it is refused (nothing changed then). */
  onPaste: (text: string) => string[] | null;
  /** Shown after a column was taken, or the errors of the last refused one. */
  notice: { ok: boolean; lines: string[] } | null;
  help: string;
  disabled?: boolean;
}

/** 'Pegar columna': a column of quantities copied from a spreadsheet, one per line, taken into
 * the sheet in its order, or refused whole with the reasons. */
export function PasteColumn({ onPaste, notice, help, disabled }: Props) {
  const [text, setText] = useState('');
  const take = () => {
    const errors = onPaste(text);
    if (!errors) setText('');
  };
  return (
    <details className="card card-body mb-3" open={notice !== null && !notice.ok ? true : undefined}>
      <summary className="fw-semibold">Pegar columna</summary>
      <div className="mt-2">
        <label htmlFor="pegarColumna" className="form-label small text-muted">
          {help}
        </label>
        <textarea
          id="pegarColumna"
          className="form-control mb-2 font-monospace"
          rows={5}
          value={text}
          aria-label="Pegar columna"
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="button" className="btn btn-outline-primary" disabled={disabled} onClick={take}>
          Pegar en la planilla
        </button>
        {notice && (
          <div
            className={`small mt-2 ${notice.ok ? 'text-success' : 'text-danger'}`}
            role={notice.ok ? 'status' : 'alert'}
            data-testid="pegado"
          >
            <ul className="mb-0 ps-3">
              {notice.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </details>
  );
}
