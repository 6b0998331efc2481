import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../session/hooks';
import { selectUpdateReady, updateAccepted, updateDismissed } from './app-update-slice';

/** "A new version is ready": reload now or later. Nothing reloads without the person's consent (they may be typing). */
export function UpdateBanner() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const ready = useAppSelector(selectUpdateReady);
  if (!ready) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <span>{intl.formatMessage({ id: 'appUpdate.ready' })}</span>
      <button type="button" className="button button-primary" onClick={() => dispatch(updateAccepted())}>
        {intl.formatMessage({ id: 'appUpdate.reload' })}
      </button>
      <button type="button" className="link-button" onClick={() => dispatch(updateDismissed())}>
        {intl.formatMessage({ id: 'appUpdate.later' })}
      </button>
    </div>
  );
}
