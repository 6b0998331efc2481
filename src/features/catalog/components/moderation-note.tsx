import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ModerationMark } from '../../../../shared/api/moderation-mark';

/**
 * The owner's view of their item's moderation (issue 17): "On moderation" while it waits, "Not
 * published: <reason>" with the way to fix it once rejected. Only the owner's answers carry
 * `moderation`, so nobody else ever sees this; an approved item says nothing.
 */
export function ModerationNote({ mark, editTo }: { mark: ModerationMark | undefined; editTo?: string }) {
  const intl = useIntl();
  if (!mark || mark.status === 'approved') return null;
  return (
    <p className={mark.status === 'rejected' ? 'form-error' : 'cat-muted'} data-testid="moderation-note" data-status={mark.status}>
      {intl.formatMessage({ id: `catalog.moderation.${mark.status}` }, { reason: mark.reason ?? '' })}
      {mark.status === 'rejected' && editTo ? (
        <>
          {' '}
          <Link to={editTo}>{intl.formatMessage({ id: 'catalog.moderation.edit' })}</Link>
        </>
      ) : null}
    </p>
  );
}
