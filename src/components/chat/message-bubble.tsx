import './chat-parts.css';
import { useIntl } from 'react-intl';
import type { PendingMessage, ThreadMessage } from './chat-message-types';
import { AttachmentView } from './attachment-view';

/** Message text is plain text with line breaks: React escapes it, and CSS keeps the breaks. */
export function MessageBubble({ message, mine, showAuthor = !mine }: { message: ThreadMessage; mine: boolean; showAuthor?: boolean }) {
  const intl = useIntl();
  return (
    <li className={`chat-message${mine ? ' is-mine' : ''}`} data-testid="chat-message" data-state="sent">
      {showAuthor && message.sender ? <span className="chat-message-author">{message.sender.name}</span> : null}
      {message.content ? <p className="chat-message-text">{message.content}</p> : null}
      {message.attachments.map((attachment) => (
        <AttachmentView key={attachment.id} attachment={attachment} />
      ))}
      <time className="chat-message-time" dateTime={message.created_at}>
        {intl.formatTime(message.created_at, { hour: '2-digit', minute: '2-digit' })}
        {mine ? ` · ${intl.formatMessage({ id: 'chats.ui.sent' })}` : null}
      </time>
    </li>
  );
}

export function PendingBubble({ message, onRetry }: { message: PendingMessage; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <li className={`chat-message is-mine is-${message.status}`} data-testid="chat-message" data-state={message.status}>
      {message.content ? <p className="chat-message-text">{message.content}</p> : null}
      {message.files.map((file) => (
        <span key={file.name} className="chat-attachment chat-file">
          {intl.formatMessage({ id: 'chats.ui.file' }, { name: file.name, size: intl.formatNumber(file.size / 1024, { maximumFractionDigits: 0 }) })}
        </span>
      ))}
      {message.status === 'sending' ? (
        <span className="chat-message-time">{intl.formatMessage({ id: 'chats.ui.sending' })}</span>
      ) : message.status === 'waiting' ? (
        <span className="chat-message-time" role="status" data-testid="chat-waiting">
          {intl.formatMessage({ id: 'chats.ui.waiting' })}
        </span>
      ) : (
        <span className="chat-message-failed" role="alert">
          {message.error?.message ?? intl.formatMessage({ id: 'chats.ui.failed' })}{' '}
          <button type="button" className="link-button" onClick={onRetry} data-testid="chat-retry">
            {intl.formatMessage({ id: 'chats.ui.retry' })}
          </button>
        </span>
      )}
    </li>
  );
}
