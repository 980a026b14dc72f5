import { useState } from 'react';

/** Longer than this, a description is cut to three lines until it is opened. */
const LONG = 90;

const clamped = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical' as const,
  overflow: 'hidden',
};

/** A catalogue row's description: three lines at most (a 255-character text must not make the
 * row a screen tall), the whole text behind 'ver más' and in its tooltip. */
export function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > LONG;
  return (
    <div style={{ minWidth: '10rem', maxWidth: '22rem', overflowWrap: 'anywhere' }}>
      <div style={long && !open ? clamped : undefined} title={long ? text : undefined} data-testid="descripcion">
        {text}
      </div>
      {long && (
        <button type="button" className="btn btn-link btn-sm p-0" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'ver menos' : 'ver más'}
        </button>
      )}
    </div>
  );
}
