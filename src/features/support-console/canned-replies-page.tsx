import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CannedReplyResource } from '../../../shared/api/support';
import { ApiErrorText } from '../../components/api-error-text';
import { PageTitle } from '../../components/page-title';
import { CannedReplyForm } from './canned-reply-form';
import { CannedReplyItem, deleteFocusKey, editFocusKey, type CannedItemMode } from './canned-reply-item';
import { StaffOnly } from './staff-only';
import { useCannedRepliesQuery, useCreateCannedReplyMutation } from './support-console-api';
import { usePendingFocus } from './use-pending-focus';
import './canned-replies.css';

/** `/admin/support/canned`: the ready answers agents insert with `/` in the console. */
export default function CannedRepliesPage() {
  return <StaffOnly>{() => <CannedReplies />}</StaffOnly>;
}

/** What is open: the new reply's form, or one reply's form or delete question. One at a time. */
type Open = { kind: 'new' } | { kind: 'edit' | 'delete'; id: number } | null;

const ADD_FOCUS_KEY = 'add';

function CannedReplies() {
  const intl = useIntl();
  const { data: replies, error, isLoading } = useCannedRepliesQuery();
  const [create] = useCreateCannedReplyMutation();
  const [chosen, setOpen] = useState<Open>(null);
  // A reply another agent deleted meanwhile takes its form with it, and unlocks the rest.
  const open = chosen && chosen.kind !== 'new' && replies && !replies.some((reply) => reply.id === chosen.id) ? null : chosen;
  const [notice, setNotice] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const focusLater = usePendingFocus(root);

  const start = (next: Open) => {
    setNotice('');
    setOpen(next);
  };
  /** Closes what was open and puts the focus where the agent will carry on. */
  const finish = (focusKey: string, noticeId?: string, shortcut?: string) => {
    setOpen(null);
    setNotice(noticeId ? intl.formatMessage({ id: noticeId }, { shortcut }) : '');
    focusLater(focusKey);
  };
  const modeOf = (reply: CannedReplyResource): CannedItemMode => (open && open.kind !== 'new' && open.id === reply.id ? open.kind : 'view');
  const onMode = (reply: CannedReplyResource) => (mode: CannedItemMode) => {
    if (mode !== 'view') start({ kind: mode, id: reply.id });
    else finish(open?.kind === 'delete' ? deleteFocusKey(reply.id) : editFocusKey(reply.id));
  };
  const onDeleted = (reply: CannedReplyResource) => () => {
    const list = replies ?? [];
    const index = list.findIndex((item) => item.id === reply.id);
    const neighbour = list[index + 1] ?? list[index - 1];
    finish(neighbour ? editFocusKey(neighbour.id) : ADD_FOCUS_KEY, 'supportConsole.canned.deleted', reply.shortcut);
  };

  return (
    <div className="canned-page" ref={root} data-testid="canned-page">
      <Link to="/admin/support" className="canned-back" data-testid="canned-back">
        {intl.formatMessage({ id: 'supportConsole.canned.back' })}
      </Link>
      <PageTitle id="supportConsole.canned.title" />
      <p className="muted canned-intro">{intl.formatMessage({ id: 'supportConsole.canned.intro' }, { nameRu: '{имя}', nameEn: '{name}' })}</p>

      {open?.kind === 'new' ? (
        <section className="canned-new" aria-labelledby="canned-new-heading">
          <h2 id="canned-new-heading">{intl.formatMessage({ id: 'supportConsole.canned.new' })}</h2>
          <CannedReplyForm
            save={create}
            onSaved={(saved) => finish(editFocusKey(saved.id), 'supportConsole.canned.added', saved.shortcut)}
            onCancel={() => finish(ADD_FOCUS_KEY)}
          />
        </section>
      ) : (
        <button
          type="button"
          className="button button-primary canned-add"
          disabled={open !== null}
          data-focus-key={ADD_FOCUS_KEY}
          data-testid="canned-add"
          onClick={() => start({ kind: 'new' })}
        >
          {intl.formatMessage({ id: 'supportConsole.canned.add' })}
        </button>
      )}

      <p className="form-success canned-notice" role="status" data-testid="canned-notice">
        {notice}
      </p>
      <ApiErrorText error={error} />
      {isLoading ? <p className="muted">{intl.formatMessage({ id: 'common.loading' })}</p> : null}
      {replies && replies.length === 0 ? (
        <p className="muted" data-testid="canned-empty">
          {intl.formatMessage({ id: 'supportConsole.canned.empty' })}
        </p>
      ) : null}
      <ul className="canned-list" aria-label={intl.formatMessage({ id: 'supportConsole.canned.title' })} data-testid="canned-list">
        {(replies ?? []).map((reply) => {
          const mode = modeOf(reply);
          return (
            <CannedReplyItem
              key={reply.id}
              reply={reply}
              mode={mode}
              locked={open !== null && mode === 'view'}
              onMode={onMode(reply)}
              onSaved={(saved) => finish(editFocusKey(saved.id), 'supportConsole.canned.saved', saved.shortcut)}
              onDeleted={onDeleted(reply)}
            />
          );
        })}
      </ul>
    </div>
  );
}
