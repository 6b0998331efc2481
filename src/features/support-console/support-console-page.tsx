import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../session/hooks';
import { Link, useSearchParams } from 'react-router';
import { readConsoleParams, writeConsoleParams } from './console-params';
import { useConsoleTitle } from './console-title';
import { ConversationPanel } from './conversation-panel';
import type { QueueArgs } from './queue-args';
import { QueuePanel } from './queue-panel';
import { StaffOnly } from './staff-only';
import { useSupportCountsQuery } from './support-console-api';
import { consoleClosed, consoleOpened, conversationOpened } from './support-console-slice';
import './support-console.css';

/** `/admin/support`: the queue on the left, the open conversation on the right (one at a time on narrow screens). */
export default function SupportConsolePage() {
  return <StaffOnly>{(user) => <SupportConsole agentId={user.id} agentName={user.name || user.email || ''} />}</StaffOnly>;
}

function SupportConsole({ agentId, agentName }: { agentId: number; agentName: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const { args, conversationId } = readConsoleParams(params);
  const { data: counts } = useSupportCountsQuery();
  useConsoleTitle(counts?.unread.all ?? 0);

  // The console saga runs while this screen is up: live events, catch-up, presence, typing.
  useEffect(() => {
    dispatch(consoleOpened({ agentId, agentName }));
    return () => {
      dispatch(consoleClosed());
    };
  }, [dispatch, agentId, agentName]);
  useEffect(() => {
    dispatch(conversationOpened(conversationId));
  }, [dispatch, conversationId]);

  const setArgs = (next: QueueArgs) => setParams(writeConsoleParams(next, conversationId));
  const open = (id: number | null) => setParams(writeConsoleParams(args, id));

  return (
    <div className={`support-console${conversationId !== null ? ' has-open' : ''}`} data-testid="support-console">
      <div className="console-top">
        <h1 className="visually-hidden">{intl.formatMessage({ id: 'supportConsole.title' })}</h1>
        <Link to="/admin/support/canned" className="console-top-link" data-testid="canned-link">
          {intl.formatMessage({ id: 'supportConsole.canned.link' })}
        </Link>
      </div>
      <QueuePanel args={args} onArgs={setArgs} openId={conversationId} counts={counts} agentId={agentId} />
      <section className="console-conversation" aria-label={intl.formatMessage({ id: 'supportConsole.conversation' })}>
        {conversationId !== null ? (
          <ConversationPanel key={conversationId} id={conversationId} agentId={agentId} agentName={agentName} onBack={() => open(null)} />
        ) : (
          <p className="console-empty muted">{intl.formatMessage({ id: 'supportConsole.pickConversation' })}</p>
        )}
      </section>
    </div>
  );
}
