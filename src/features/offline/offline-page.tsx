import { FormattedMessage } from 'react-intl';
import { PageTitle } from '../../components/page-title';
import './offline.css';

/**
 * The service worker served the app offline for a page never opened on this device: this
 * screen, not the browser's error. Trying again reloads (the worker asks the network first).
 */
export function OfflinePage() {
  return (
    <section className="offline-page" data-testid="offline-page">
      <PageTitle id="offline.title" />
      <p>
        <FormattedMessage id="offline.text" />
      </p>
      <div className="error-actions">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          <FormattedMessage id="common.retry" />
        </button>
        <a className="button" href="/home">
          <FormattedMessage id="common.toHome" />
        </a>
      </div>
    </section>
  );
}
