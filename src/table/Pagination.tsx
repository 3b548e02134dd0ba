/** Page buttons (collapsing with an ellipsis past 5 pages), Previous/Next, and the "Showing a to b of n" line. */
import { pageButtons, pageCount } from './page-buttons';

const fmt = new Intl.NumberFormat('en-US');

export function Pagination({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (p: number) => void }) {
  const count = pageCount(total, pageSize);
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <div className="table-footer">
      <span className="table-info" data-testid="table-info">
        Showing {fmt.format(first)} to {fmt.format(last)} of {fmt.format(total)} entries
      </span>
      <nav className="pagination" aria-label="Pages" data-testid="pagination">
        <button type="button" className="btn" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        {pageButtons(page, count).map((b) =>
          typeof b === 'number' ? (
            <button
              key={b}
              type="button"
              className={`btn page-button ${b === page ? 'btn-primary' : ''}`}
              aria-current={b === page ? 'page' : undefined}
              onClick={() => onPage(b)}
            >
              {b + 1}
            </button>
          ) : (
            <span key={b} className="ellipsis" aria-hidden="true">
              …
            </span>
          ),
        )}
        <button type="button" className="btn" disabled={page >= count - 1} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </nav>
    </div>
  );
}
