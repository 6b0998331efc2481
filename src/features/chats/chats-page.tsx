import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ChatResource } from '../../../shared/api/chats';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { useChatsQuery } from './chats-api';
import { ChatSubjectLabel } from '../../components/chat/chat-subject';
import { PartyAvatar } from '../../components/chat/party-avatar';
import './chats.css';

function ChatRow({ chat }: { chat: ChatResource }) {
  const intl = useIntl();
  const name = chat.other?.name ?? intl.formatMessage({ id: 'chats.ui.deletedUser' });
  const last = chat.last_message;
  let preview = '';
  if (last) preview = last.content || intl.formatMessage({ id: 'chats.ui.attachments' }, { count: last.attachments_count });
  const at = chat.last_message_at ?? chat.created_at;
  const today = new Date(at).toDateString() === new Date().toDateString();
  return (
    <li className={`chat-row${chat.unread_count > 0 ? ' is-unread' : ''}`} data-testid="chat-row">
      <Link to={`/chats/${chat.id}`} className="chat-row-link">
        <PartyAvatar name={name} />
        <span className="chat-row-text">
          <span className="chat-row-name">{name}</span>
          <ChatSubjectLabel subject={chat.subject} className="chat-row-subject muted" />
          <span className="chat-row-preview">{preview}</span>
        </span>
        <span className="chat-row-meta">
          <time dateTime={at}>{today ? intl.formatTime(at, { hour: '2-digit', minute: '2-digit' }) : intl.formatDate(at, { day: 'numeric', month: 'short' })}</time>
          {chat.unread_count > 0 ? (
            <span className="count-badge chat-row-count" data-testid="chat-row-unread" aria-label={intl.formatMessage({ id: 'chats.ui.unread' }, { count: chat.unread_count })}>
              {chat.unread_count}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

export default function ChatsPage() {
  const intl = useIntl();
  const { data, error, isLoading } = useChatsQuery(1);
  if (isLoading) return <PageLoading />;
  return (
    <section className="chats-page narrow">
      <div className="chats-header">
        <PageTitle id="chats.ui.title" />
        <Link to="/support" className="button">
          {intl.formatMessage({ id: 'chats.ui.support' })}
        </Link>
      </div>
      <ApiErrorText error={error} />
      {data && data.data.length === 0 ? <p className="muted">{intl.formatMessage({ id: 'chats.ui.empty' })}</p> : null}
      {data && data.data.length > 0 ? (
        <ul className="chat-list">
          {data.data.map((chat) => (
            <ChatRow key={chat.id} chat={chat} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
