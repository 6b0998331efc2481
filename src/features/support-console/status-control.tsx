import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { SupportConversationResource } from '../../../shared/api/support';
import { SUPPORT_STATUSES, type SupportStatus } from '../../../shared/api/support-values';
import { apiErrorBody } from '../../services/api';
import { useSetConversationStatusMutation } from './support-console-api';

/** `YYYY-MM-DDTHH:mm` in local time, what `<input type="datetime-local">` holds. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const inAnHour = () => new Date(Date.now() + 60 * 60_000);
function tomorrowMorning(): Date {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  date.setHours(9, 0, 0, 0);
  return date;
}

/** Open, pending, resolved, or snoozed until a time (the server wakes it then; a customer's message wakes it sooner). */
export function StatusControl({ conversation }: { conversation: SupportConversationResource }) {
  const intl = useIntl();
  const [setStatus, { error, isLoading }] = useSetConversationStatusMutation();
  const [snoozing, setSnoozing] = useState(false);
  const [until, setUntil] = useState(() => toLocalInput(tomorrowMorning()));
  const body = apiErrorBody(error);
  const problem = body ? (body.errors?.snoozed_until?.[0] ?? body.errors?.status?.[0] ?? body.message) : error ? intl.formatMessage({ id: 'common.networkError' }) : null;

  const choose = (status: SupportStatus) => {
    if (status === 'snoozed') return setSnoozing(true);
    setSnoozing(false);
    void setStatus({ id: conversation.id, status });
  };
  const snooze = async (event?: FormEvent, at?: Date) => {
    event?.preventDefault();
    const when = at ?? new Date(until);
    if (Number.isNaN(when.getTime())) return;
    const result = await setStatus({ id: conversation.id, status: 'snoozed', snoozedUntil: when.toISOString() });
    if ('data' in result) setSnoozing(false);
  };

  return (
    <div className="console-status-control">
      <label className="console-select">
        <span>{intl.formatMessage({ id: 'supportConsole.statusLabel' })}</span>
        <select value={snoozing ? 'snoozed' : conversation.status} disabled={isLoading} data-testid="status-select" onChange={(event) => choose(event.target.value as SupportStatus)}>
          {SUPPORT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {intl.formatMessage({ id: `supportConsole.status.${status}` })}
            </option>
          ))}
        </select>
      </label>
      {!snoozing && conversation.status === 'snoozed' && conversation.snoozed_until ? (
        <span className="muted" data-testid="snoozed-until">
          {intl.formatMessage(
            { id: 'supportConsole.snoozedUntil' },
            { time: intl.formatDate(conversation.snoozed_until, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }) },
          )}
        </span>
      ) : null}
      {snoozing ? (
        <form className="console-snooze" onSubmit={(event) => void snooze(event)}>
          <label>
            <span className="visually-hidden">{intl.formatMessage({ id: 'supportConsole.snoozeUntil' })}</span>
            <input type="datetime-local" value={until} min={toLocalInput(new Date())} required data-testid="snooze-until" onChange={(event) => setUntil(event.target.value)} />
          </label>
          <button type="submit" className="button button-primary" disabled={isLoading} data-testid="snooze">
            {intl.formatMessage({ id: 'supportConsole.snooze' })}
          </button>
          <button type="button" className="link-button" disabled={isLoading} onClick={() => void snooze(undefined, inAnHour())}>
            {intl.formatMessage({ id: 'supportConsole.snoozeHour' })}
          </button>
          <button type="button" className="link-button" disabled={isLoading} onClick={() => void snooze(undefined, tomorrowMorning())}>
            {intl.formatMessage({ id: 'supportConsole.snoozeTomorrow' })}
          </button>
          <button type="button" className="link-button" onClick={() => setSnoozing(false)}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
        </form>
      ) : null}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
