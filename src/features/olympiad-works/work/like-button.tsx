import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { GalleryWork } from '../../../../shared/api/olympiad-works';
import { ApiErrorText } from '../../../components/api-error-text';
import { useAppSelector } from '../../../session/hooks';
import { selectIsSignedIn } from '../../../session/session-slice';
import { useSetLikeMutation } from '../works-api';

/**
 * The count and the heart. A participant likes (or takes it back) at once, the server's answer
 * settles the count and a refusal puts it back; one's own work and a guest get the button
 * disabled with the reason next to it.
 */
export function LikeButton({ work }: { work: GalleryWork }) {
  const intl = useIntl();
  const location = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const [setLike, state] = useSetLikeMutation();
  const reasonId = useId();
  const liked = work.liked === true;
  const reason = work.mine ? 'olympiadWorks.likes.own' : !signedIn || work.liked === null ? 'olympiadWorks.likes.signIn' : null;
  return (
    <div className="work-likes" data-testid="work-likes">
      <button
        type="button"
        className={`button like-button${liked ? ' like-button-on' : ''}`}
        aria-pressed={liked}
        disabled={reason !== null}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => void setLike({ id: work.id, liked: !liked })}
        data-testid="like-button"
      >
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {intl.formatMessage({ id: liked ? 'olympiadWorks.likes.liked' : 'olympiadWorks.likes.like' })}
      </button>
      <span className="work-likes-count" data-testid="likes-count" aria-live="polite">
        {intl.formatMessage({ id: 'olympiadWorks.likes.count' }, { count: work.likes_count })}
      </span>
      {reason ? (
        <p className="muted" id={reasonId} data-testid="like-reason">
          {reason === 'olympiadWorks.likes.signIn' ? (
            <Link to={`/olympiad/login?next=${encodeURIComponent(location.pathname)}`}>{intl.formatMessage({ id: reason })}</Link>
          ) : (
            intl.formatMessage({ id: reason })
          )}
        </p>
      ) : null}
      <ApiErrorText error={state.error} />
    </div>
  );
}
