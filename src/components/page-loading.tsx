import { FormattedMessage } from 'react-intl';

/** A quiet placeholder of the page's shape while its chunk or data arrives. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line short" />
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </span>
    </div>
  );
}
