import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { useChatQuery } from './chats-api';
import { ChatView } from './chat-view';
import { ChatSubjectLabel } from '../../components/chat/chat-subject';
import { PartyAvatar } from '../../components/chat/party-avatar';

export default function ChatPage() {
  const intl = useIntl();
  const id = Number.parseInt(useParams().id ?? '', 10);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const { data: chat, error, isLoading } = useChatQuery(id, { skip: !valid });
  if (isLoading) return <PageLoading />;
  if (!valid || !chat) {
    return (
      <section className="chats-page narrow">
        <Link to="/chats">{intl.formatMessage({ id: 'chats.ui.back' })}</Link>
        {valid ? <ApiErrorText error={error} /> : <p className="form-error">{intl.formatMessage({ id: 'notFound.title' })}</p>}
      </section>
    );
  }
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
