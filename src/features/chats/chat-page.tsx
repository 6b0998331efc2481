import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MissingOrFailed, useRouteId } from '../../components/missing-or-failed';
import { PageLoading } from '../../components/page-loading';
import { useChatQuery } from './chats-api';
import { ChatView } from './chat-view';
import { ChatSubjectLabel } from '../../components/chat/chat-subject';
import { PartyAvatar } from '../../components/chat/party-avatar';

export default function ChatPage() {
  const intl = useIntl();
  const id = useRouteId();
  const { data: chat, error, isLoading } = useChatQuery(id ?? 0, { skip: id === null });
  if (isLoading) return <PageLoading />;
  // Not a member and no such chat look the same (the API answers 404 for both).
  if (!chat) return <MissingOrFailed error={error} />;
  const name = chat.other?.name ?? intl.formatMessage({ id: 'chats.ui.deletedUser' });
  const title = (
    <>
      <Link to="/chats" className="chat-back" aria-label={intl.formatMessage({ id: 'chats.ui.back' })}>
        ←
      </Link>
      <PartyAvatar name={name} />
      <span className="chat-view-title">
        <h1 data-testid="chat-title">{name}</h1>
        <ChatSubjectLabel subject={chat.subject} className="muted" link />
      </span>
    </>
  );
  return (
    <div className="chats-page narrow">
      <ChatView kind="direct" chatId={chat.id} title={title} canWrite={chat.other !== null} />
    </div>
  );
}
