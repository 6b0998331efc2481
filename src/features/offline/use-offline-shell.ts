import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { OFFLINE_MARK } from '../../services/offline-protocol';
import { postToWorker } from '../../services/service-worker';

/** The page the worker marked as never opened (read once: it is about the first load only). */
const unsavedAtLoad = () =>
  typeof document !== 'undefined' && document.documentElement.dataset.offline === OFFLINE_MARK ? window.location.pathname : null;

/**
 * Whether to show the offline screen instead of the route: only for the path the worker
 * marked, so a move to a saved page shows that page. Every path opened is told to the worker,
 * so a page reached inside the app opens offline later as one loaded directly does.
 */
export function useOfflineShell(): boolean {
  const { pathname } = useLocation();
  const [unsaved] = useState(unsavedAtLoad);
  useEffect(() => {
    if (pathname !== unsaved) postToWorker({ type: 'PAGE_OPENED', path: pathname });
  }, [pathname, unsaved]);
  return unsaved !== null && pathname === unsaved;
}
