import { useIntl } from 'react-intl';
import type { SupportNoteResource } from '../../../shared/api/support';
import { LockIcon } from './lock-icon';

/** A private note: set apart from the conversation (colour, border, label) and never sent to the customer. */
export function NoteBubble({ note }: { note: SupportNoteResource }) {
  const intl = useIntl();
  return (
    <li className="console-note-bubble" data-testid="support-note">
      <span className="console-note-label">
        <LockIcon />
        {intl.formatMessage({ id: 'supportConsole.noteLabel' }, { name: note.author?.name ?? intl.formatMessage({ id: 'supportConsole.someAgent' }) })}
      </span>
      <p className="chat-message-text">{note.content}</p>
      <time className="chat-message-time" dateTime={note.created_at}>
        {intl.formatTime(note.created_at, { hour: '2-digit', minute: '2-digit' })}
      </time>
    </li>
  );
}
