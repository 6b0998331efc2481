import { useIntl } from 'react-intl';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { ChatView } from './chat-view';
import { useSupportChatQuery } from './chats-api';
import './support.css';

/** The user's own support conversation: created by the server on the first visit. */
export default function SupportPage() {
  const { data, error, isLoading } = useSupportChatQuery();
  if (isLoading) return <PageLoading />;
  if (!data) {
    return (
      <section className="support-page narrow">
        <ApiErrorText error={error} />
      </section>
    );
  }
  return <SupportConversation chatId={data.id} />;
}

export function SupportConversation({ chatId }: { chatId: number }) {
  const intl = useIntl();
  const title = (
    <span className="chat-view-title">
      <h1 data-testid="chat-title">{intl.formatMessage({ id: 'support.ui.title' })}</h1>
      <span className="muted">{intl.formatMessage({ id: 'support.ui.subtitle' })}</span>
    </span>
  );
  return (
    <div className="support-page narrow">
      <ChatView kind="support" chatId={chatId} title={title} />
    </div>
  );
}
