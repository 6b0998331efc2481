import { useIntl } from 'react-intl';
import { useAppSelector } from '../../session/hooks';
import { supportPresenceChannel } from '../../../shared/api/support-values';
import { selectPresence } from '../../realtime/presence-slice';
import { selectTyping } from './support-console-slice';

/** Who else has this conversation open, and who is writing in it, so two agents do not answer at once. */
export function PresenceLine({ id, agentId }: { id: number; agentId: number }) {
  const intl = useIntl();
  const members = useAppSelector(selectPresence(supportPresenceChannel(id)));
  const typing = useAppSelector(selectTyping(id));
  const viewers = members.filter((member) => member.id !== agentId);
  const names = (list: Array<{ name: string }>) =>
    intl.formatList(
      list.map((item) => item.name || intl.formatMessage({ id: 'supportConsole.someAgent' })),
      { type: 'conjunction' },
    );
  return (
    <p className="console-presence" aria-live="polite">
      {viewers.length > 0 ? (
        <span className="console-viewers" data-testid="viewers">
          {intl.formatMessage({ id: 'supportConsole.viewing' }, { names: names(viewers), count: viewers.length })}
        </span>
      ) : null}
      {typing.length > 0 ? (
        <span className="console-typing" data-testid="typing">
          {intl.formatMessage({ id: 'supportConsole.typing' }, { names: names(typing), count: typing.length })}
        </span>
      ) : null}
    </p>
  );
}
