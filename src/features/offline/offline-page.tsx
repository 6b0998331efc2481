import { ErrorPage, RetryOrHome } from '../../components/error-page';
import './offline.css';

/**
 * The service worker served the app offline for a page never opened on this device: this
 * screen, not the browser's error. Trying again reloads (the worker asks the network first).
 */
export function OfflinePage() {
  return (
    <ErrorPage className="offline-page" titleId="offline.title" textId="offline.text" testId="offline-page">
      <RetryOrHome />
    </ErrorPage>
  );
}
