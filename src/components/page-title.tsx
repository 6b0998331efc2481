import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** Sets the tab title and renders the page heading from one catalogue key. */
export function PageTitle({ id, values }: { id: string; values?: Record<string, string | number> }) {
  const intl = useIntl();
  const text = intl.formatMessage({ id }, values);
  const appName = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    document.title = `${text} — ${appName}`;
  }, [text, appName]);
  return <h1 className="page-title">{text}</h1>;
}
