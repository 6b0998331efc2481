import { useIntl } from 'react-intl';
import type { SupportConversationResource } from '../../../shared/api/support';
import { ApiErrorText } from '../../components/api-error-text';
import { useAssignConversationMutation, useSupportAgentsQuery } from './support-console-api';

/** "Take it" in one click, or hand it to any agent (or back to nobody); every agent sees the change live. */
export function AssignControl({ conversation, agentId }: { conversation: SupportConversationResource; agentId: number }) {
  const intl = useIntl();
  const { data: agents } = useSupportAgentsQuery();
  const [assign, { error, isLoading }] = useAssignConversationMutation();
  const assignee = conversation.assignee;
  const options = agents ?? [];
  // Someone no longer on staff still shows as the assignee until the conversation is handed on.
  const listed = assignee === null || options.some((agent) => agent.id === assignee.id) ? options : [...options, assignee];
  const to = (assigneeId: number | null) => void assign({ id: conversation.id, assigneeId });
  return (
    <div className="console-assign">
      {assignee?.id !== agentId ? (
        <button type="button" className="button" disabled={isLoading} data-testid="assign-to-me" onClick={() => to(agentId)}>
          {intl.formatMessage({ id: 'supportConsole.assignToMe' })}
        </button>
      ) : null}
      <label className="console-select">
        <span>{intl.formatMessage({ id: 'supportConsole.assignee' })}</span>
        <select
          value={assignee?.id ?? ''}
          disabled={isLoading}
          data-testid="assignee-select"
          onChange={(event) => to(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{intl.formatMessage({ id: 'supportConsole.unassigned' })}</option>
          {listed.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.id === agentId ? intl.formatMessage({ id: 'supportConsole.agentMe' }, { name: agent.name }) : agent.name}
            </option>
          ))}
        </select>
      </label>
      <ApiErrorText error={error} />
    </div>
  );
}
