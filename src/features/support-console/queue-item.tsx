import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SupportConversationResource } from '../../../shared/api/support';
import { PartyAvatar } from '../../components/chat/party-avatar';
import { writeConsoleParams } from './console-params';
import { shortTime } from './format-time';
import type { QueueArgs } from './queue-args';

interface QueueItemProps {
  conversation: SupportConversationResource;
  args: QueueArgs;
  open: boolean;
  agentId: number;
}

export function QueueItem({ conversation, args, open, agentId }: QueueItemProps) {
  const intl = useIntl();
  const { customer, last_message: last, assignee, unread_count: unread } = conversation;
  const name = customer.name || customer.email || customer.phone || intl.formatMessage({ id: 'supportConsole.customer' });
  const who = last ? (last.from === 'customer' ? null : last.sender_id === agentId ? 'supportConsole.fromMe' : 'supportConsole.fromAgent') : null;
  const preview = last
    ? last.content || intl.formatMessage({ id: 'chats.ui.attachments' }, { count: last.attachments_count })
    : intl.formatMessage({ id: 'chats.ui.noMessages' });
  return (
    <li className={`console-item${open ? ' is-open' : ''}${unread > 0 ? ' is-unread' : ''}`} data-testid="queue-item" data-conversation-id={conversation.id}>
      <Link className="console-item-link" to={`?${writeConsoleParams(args, conversation.id).toString()}`} aria-current={open ? 'true' : undefined}>
        <PartyAvatar name={name} />
        <span className="console-item-text">
          <span className="console-item-top">
            <span className="console-item-name">{name}</span>
            {last ? (
              <time className="console-item-time" dateTime={last.created_at}>
                {shortTime(intl, last.created_at)}
              </time>
            ) : null}
          </span>
          {customer.email && customer.email !== name ? <span className="console-item-email muted">{customer.email}</span> : null}
          <span className="console-item-preview">
            {who ? <span className="muted">{intl.formatMessage({ id: who })} </span> : null}
            {preview}
          </span>
          <span className="console-item-meta">
            <span className={`console-status-chip is-${conversation.status}`} data-testid="queue-status-chip">
              {intl.formatMessage({ id: `supportConsole.status.${conversation.status}` })}
            </span>
            <span className="console-item-assignee" data-testid="queue-assignee">
              {assignee
                ? intl.formatMessage({ id: 'supportConsole.assignedTo' }, { name: assignee.id === agentId ? intl.formatMessage({ id: 'supportConsole.me' }) : assignee.name })
                : intl.formatMessage({ id: 'supportConsole.unassigned' })}
            </span>
          </span>
        </span>
        {unread > 0 ? (
          <span className="count-badge console-count" data-testid="queue-unread" aria-label={intl.formatMessage({ id: 'supportConsole.unreadCount' }, { count: unread })}>
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
