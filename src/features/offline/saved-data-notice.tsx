import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../session/hooks';
import { refetchQueries } from '../../services/refetch-queries';
import { selectOldestShownSavedAt, selectShownSavedKeys } from '../../services/saved-data-slice';
import { useStore } from 'react-redux';
import './offline.css';

/** How often saved data on screen is asked for again while the browser says it is online. */
export const RETRY_ONLINE_MS = 5000;

/**
 * "Offline, showing data saved at …" while anything on screen came from the service worker's
 * offline copy, with a retry; the network coming back retries by itself. It goes once every
 * answer on screen is fresh.
 */
export function SavedDataNotice() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const store = useStore<Parameters<typeof selectShownSavedKeys>[0]>();
  const savedAt = useAppSelector(selectOldestShownSavedAt);
  const shown = savedAt !== null;

  const retry = () => dispatch(refetchQueries(selectShownSavedKeys(store.getState())));
  useEffect(() => {
    if (!shown) return undefined;
    const onOnline = () => dispatch(refetchQueries(selectShownSavedKeys(store.getState())));
    window.addEventListener('online', onOnline);
    // "online" can come a moment before requests get through (the worker's fetch still fails):
    // while the browser says online and saved data is shown, it is asked again now and then.
    const timer = window.setInterval(() => {
      if (navigator.onLine) onOnline();
    }, RETRY_ONLINE_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [shown, dispatch, store]);

  if (savedAt === null) return null;
  const time = intl.formatDate(savedAt, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="saved-data-notice" role="status" data-testid="saved-data-notice">
      <span>{intl.formatMessage({ id: 'offline.savedData' }, { time })}</span>
      <button type="button" className="button" onClick={retry} data-testid="saved-data-retry">
        {intl.formatMessage({ id: 'common.retry' })}
      </button>
    </div>
  );
}
