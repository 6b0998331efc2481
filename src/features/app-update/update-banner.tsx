import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { matchRoute } from '../../../shared/routes';
import { useAppSelector, useAppDispatch } from '../../session/hooks';
import { installNoticeDismissed, selectInstalledNotice, selectUpdateReady, updateAccepted, updateDismissed } from './app-update-slice';
import './app-update.css';

/**
 * Screens whose work is at the bottom, where the notice would sit: a chat's composer, the support
 * console, a test's answers. The install news waits there for the next screen instead of covering it
 * (the update's stays: it is the person's choice to make).
 */
const WORK_AT_THE_BOTTOM = new Set(['chats', 'chat', 'support', 'support-chat', 'support-console', 'olympiad-attempt', 'olympiad-attempt-essay']);

/**
 * The app's own news, in a bottom corner (a bottom sheet on a phone), never over the header:
 * "installed, pages you open work offline" once the first worker is active, and "a new version
 * is ready". Nothing reloads without the person's consent (they may be typing).
 */
export function UpdateBanner() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const ready = useAppSelector(selectUpdateReady);
  const installed = useAppSelector(selectInstalledNotice);
  const { pathname } = useLocation();
  if (ready) {
    return (
      <div className="app-notice" role="status" data-testid="update-banner">
        <p className="app-notice-text">{intl.formatMessage({ id: 'appUpdate.ready' })}</p>
        <div className="app-notice-actions">
          <button type="button" className="button button-primary" onClick={() => dispatch(updateAccepted())}>
            {intl.formatMessage({ id: 'appUpdate.reload' })}
          </button>
          <button type="button" className="button" onClick={() => dispatch(updateDismissed())}>
            {intl.formatMessage({ id: 'appUpdate.later' })}
          </button>
        </div>
      </div>
    );
  }
  if (!installed || WORK_AT_THE_BOTTOM.has(matchRoute(pathname)?.name ?? '')) return null;
  return (
    <div className="app-notice" role="status" data-testid="installed-notice">
      <p className="app-notice-title">{intl.formatMessage({ id: 'appUpdate.installedTitle' })}</p>
      <p className="app-notice-text">{intl.formatMessage({ id: 'appUpdate.installed' })}</p>
      <div className="app-notice-actions">
        <button type="button" className="button" onClick={() => dispatch(installNoticeDismissed())} data-testid="installed-notice-close">
          {intl.formatMessage({ id: 'appUpdate.ok' })}
        </button>
      </div>
    </div>
  );
}
