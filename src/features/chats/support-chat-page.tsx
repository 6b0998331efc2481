import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { ApiErrorText } from '../../components/api-error-text';
import { useSupportChatQuery } from './chats-api';
import { SupportConversation } from './support-page';
import './support.css';

/** `/support/chats/:id` (where a support message's toast leads): only the user's own conversation exists here. */
export default function SupportChatPage() {
  const intl = useIntl();
  const id = Number.parseInt(useParams().id ?? '', 10);
  const { data, error, isLoading } = useSupportChatQuery();
  if (isLoading) return <PageLoading />;
  if (!data) return <ApiErrorText error={error} />;
  if (data.id !== id) {
    return (
      <section className="support-page narrow">
        <p className="form-error">{intl.formatMessage({ id: 'notFound.title' })}</p>
        <Link to="/support">{intl.formatMessage({ id: 'support.ui.open' })}</Link>
      </section>
    );
  }
  return <SupportConversation chatId={id} />;
}
