import { useIntl } from 'react-intl';
import { ApiErrorText } from '../../components/api-error-text';
import { PartyAvatar } from '../../components/chat/party-avatar';
import { PageLoading } from '../../components/page-loading';
import { AssignControl } from './assign-control';
import { ConversationHistory } from './conversation-history';
import { PresenceLine } from './presence-line';
import { ReplyBox } from './reply-box';
import { StatusControl } from './status-control';
import { useSupportConversationQuery } from './support-console-api';

interface ConversationPanelProps {
  id: number;
  agentId: number;
  agentName: string;
  onBack: () => void;
}

export function ConversationPanel({ id, agentId, agentName, onBack }: ConversationPanelProps) {
  const intl = useIntl();
  const { data: conversation, error, isLoading } = useSupportConversationQuery(id);
  const back = (
    <button type="button" className="link-button console-back" onClick={onBack} data-testid="console-back">
      ← {intl.formatMessage({ id: 'supportConsole.backToQueue' })}
    </button>
  );
  if (isLoading) return <PageLoading />;
  if (!conversation) {
    return (
      <div className="console-panel">
        {back}
        <ApiErrorText error={error} />
      </div>
    );
  }
  const { customer } = conversation;
  const name = customer.name || customer.email || customer.phone || intl.formatMessage({ id: 'supportConsole.customer' });
  return (
    <div className="console-panel" data-testid="console-conversation" data-conversation-id={id}>
      <header className="console-head">
        {back}
        <div className="console-customer">
          <PartyAvatar name={name} />
          <div className="console-customer-text">
            <h2 data-testid="console-customer">{name}</h2>
            <span className="muted">{[customer.email, customer.phone].filter(Boolean).join(' · ')}</span>
          </div>
        </div>
        <div className="console-controls">
          <AssignControl conversation={conversation} agentId={agentId} />
          <StatusControl conversation={conversation} />
        </div>
        <PresenceLine id={id} agentId={agentId} />
      </header>
      <ConversationHistory id={id} />
      <ReplyBox id={id} agentName={agentName} />
    </div>
  );
}
