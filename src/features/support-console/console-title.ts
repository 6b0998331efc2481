import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** The tab title carries the agent's unread total, so a console in a background tab still calls for attention. */
export function useConsoleTitle(unread: number): void {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'supportConsole.title' });
  const appName = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    document.title = `${unread > 0 ? `(${unread > 999 ? '999+' : unread}) ` : ''}${title} — ${appName}`;
  }, [unread, title, appName]);
}
