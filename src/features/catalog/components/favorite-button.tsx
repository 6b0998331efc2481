import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../session/hooks';
import { actionRefusedOffline, isBrowserOffline } from '../../../services/offline-refusal';
import { useNavigate } from 'react-router';
import type { FavoriteType } from '../../../../shared/api/catalog-values';
import { selectIsSignedIn } from '../../../session/session-slice';
import { useToggleFavoriteMutation } from '../catalog-api';

/** A heart that flips at once (the cache is patched before the server answers). Guests go to sign in; offline, it says it cannot. */
export function FavoriteButton({ type, id, active, name, inline }: { type: FavoriteType; id: number; active: boolean; name: string; inline?: boolean }) {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [toggle] = useToggleFavoriteMutation();
  const label = intl.formatMessage({ id: active ? 'catalog.ui.favorite.remove' : 'catalog.ui.favorite.add' }, { name });
  return (
    <button
      type="button"
      className={`cat-fav${active ? ' is-active' : ''}${inline ? ' cat-fav-inline' : ''}`}
      aria-pressed={active}
      aria-label={label}
      title={label}
      data-testid={`favorite-${type}-${id}`}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        if (!signedIn) navigate(`/auth?next=${encodeURIComponent(window.location.pathname)}`);
        // Refused, not queued: a heart showing what the server does not know would be lost with the tab.
        else if (isBrowserOffline()) dispatch(actionRefusedOffline({ messageId: 'catalog.ui.favorite.offline' }));
        else void toggle({ type, id, favorite: !active });
      }}
    >
      <span aria-hidden="true">{active ? '♥' : '♡'}</span>
    </button>
  );
}
