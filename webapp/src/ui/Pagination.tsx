import { pageInRange, pageWindow } from './pagination';

interface Props {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
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
        <li className={`page-item${first ? ' disabled' : ''}`}>
          <button
            type="button"
            className="page-link"
            aria-label="Anterior"
            disabled={first}
            onClick={() => go(page - 1)}
          >
            &laquo;
          </button>
        </li>
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
        <li className={`page-item${last ? ' disabled' : ''}`}>
          <button
            type="button"
            className="page-link"
            aria-label="Siguiente"
            disabled={last}
            onClick={() => go(page + 1)}
          >
            &raquo;
          </button>
        </li>
      </ul>
    </nav>
  );
}
