import { useIntl } from 'react-intl';

/** Previous / page N of M / next under a paged staff list; nothing when there is one page. */
export function Pager({ page, last, onPage }: { page: number; last: number; onPage(page: number): void }) {
  const intl = useIntl();
  if (last <= 1) return null;
  return (
    <div className="form-actions">
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {intl.formatMessage({ id: 'olympiadTests.ui.previous' })}
      </button>
      <span>{intl.formatMessage({ id: 'olympiadTests.ui.page' }, { page, last })}</span>
      <button type="button" className="button" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {intl.formatMessage({ id: 'olympiadTests.ui.next' })}
      </button>
    </div>
  );
}
