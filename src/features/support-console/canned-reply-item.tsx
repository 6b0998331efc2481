import { useIntl } from 'react-intl';
import type { CannedReplyResource } from '../../../shared/api/support';
import { CannedReplyDelete } from './canned-reply-delete';
import { CannedReplyForm } from './canned-reply-form';
import { useUpdateCannedReplyMutation } from './support-console-api';

export type CannedItemMode = 'view' | 'edit' | 'delete';

interface CannedReplyItemProps {
  reply: CannedReplyResource;
  mode: CannedItemMode;
  /** Another reply or the new one is being worked on: one at a time. */
  locked: boolean;
  onMode: (mode: CannedItemMode) => void;
  onSaved: (saved: CannedReplyResource) => void;
  onDeleted: () => void;
}

export const editFocusKey = (id: number) => `edit-${id}`;
export const deleteFocusKey = (id: number) => `delete-${id}`;
/** Every row has the same two buttons, so each one's name also says which reply it is for. */
const ACTIONS = [
  { mode: 'edit', textId: 'supportConsole.canned.edit', nameId: 'supportConsole.canned.editNamed', focusKey: editFocusKey },
  { mode: 'delete', textId: 'supportConsole.canned.delete', nameId: 'supportConsole.canned.deleteNamed', focusKey: deleteFocusKey },
] as const;

/** One canned reply in the list: read, changed in place, or asked about before it goes. */
export function CannedReplyItem({ reply, mode, locked, onMode, onSaved, onDeleted }: CannedReplyItemProps) {
  const intl = useIntl();
  const [update] = useUpdateCannedReplyMutation();

  if (mode === 'edit') {
    return (
      <li className="canned-entry is-editing" data-testid="canned-item">
        <CannedReplyForm reply={reply} save={(fields) => update({ id: reply.id, ...fields })} onSaved={onSaved} onCancel={() => onMode('view')} />
      </li>
    );
  }
  return (
    <li className="canned-entry" data-testid="canned-item">
      <div className="canned-entry-text">
        <p className="canned-entry-head">
          <span className="canned-entry-shortcut">/{reply.shortcut}</span>
          <span className="canned-entry-title">{reply.title}</span>
        </p>
        <p className="canned-entry-preview muted">{reply.content}</p>
      </div>
      {mode === 'delete' ? (
        <CannedReplyDelete reply={reply} onDeleted={onDeleted} onKept={() => onMode('view')} />
      ) : (
        <div className="canned-entry-actions">
          {ACTIONS.map((action) => (
            <button
              key={action.mode}
              type="button"
              className="button"
              disabled={locked}
              aria-label={intl.formatMessage({ id: action.nameId }, { shortcut: reply.shortcut })}
              data-focus-key={action.focusKey(reply.id)}
              data-testid={`canned-${action.mode}`}
              onClick={() => onMode(action.mode)}
            >
              {intl.formatMessage({ id: action.textId })}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
