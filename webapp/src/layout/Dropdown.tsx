import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A Bootstrap-styled dropdown driven by React state (no Bootstrap JavaScript). */
export function Dropdown({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open]);
  return (
    <li className="nav-item dropdown" ref={ref} data-testid={testId}>
      <button
        type="button"
        className="nav-link dropdown-toggle btn btn-link"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      <ul className={`dropdown-menu${open ? ' show' : ''}`} onClick={() => setOpen(false)}>
        {children}
      </ul>
    </li>
  );
}
