import type { ReactNode } from 'react';
import { pageInRange, pageWindow } from './pagination';

interface Props {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

interface ArrowProps {
  label: string;
  /** At the first page for 'Anterior', the last for 'Siguiente'. */
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** The previous or the next page. */
function Arrow({ label, disabled, onClick, children }: ArrowProps) {
  return (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      <button type="button" className="page-link" aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </button>
    </li>
  );
}

/** Previous and next arrows around a window of 5 page numbers (shown one-based). */
export function Pagination({ page, totalPages, onPage }: Props) {
  if (totalPages <= 0) return null;
  const go = (n: number) => {
    if (pageInRange(n, totalPages) && n !== page) onPage(n);
  };
  const first = page <= 0;
  const last = page >= totalPages - 1;
  return (
    <nav aria-label="Páginas">
      <ul className="pagination justify-content-center">
        <Arrow label="Anterior" disabled={first} onClick={() => go(page - 1)}>
          &laquo;
        </Arrow>
        {pageWindow(page, totalPages).map((n) => (
          <li className={`page-item${n === page ? ' active' : ''}`} key={n}>
            <button
              type="button"
              className="page-link"
              aria-current={n === page ? 'page' : undefined}
              onClick={() => go(n)}
            >
              {n + 1}
            </button>
          </li>
        ))}
        <Arrow label="Siguiente" disabled={last} onClick={() => go(page + 1)}>
          &raquo;
        </Arrow>
      </ul>
    </nav>
  );
}
