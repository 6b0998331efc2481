import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { registerIntl } from '../services/intl-bridge';
import { useAppSelector } from '../session/hooks';
import { selectLanguage } from '../session/language-slice';
import { loadCatalogue, type Catalogue } from '../services/i18n';

/** Hands the current intl object to sagas (toasts are formatted outside React). */
function IntlBridge() {
  registerIntl(useIntl());
  return null;
}

/** Keeps the last catalogue on screen while the next one loads, so a switch never blanks the page. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const lang = useAppSelector(selectLanguage);
  const [loaded, setLoaded] = useState<{ lang: string; messages: Catalogue } | null>(null);

  useEffect(() => {
    let active = true;
    void loadCatalogue(lang).then((messages) => {
      if (active) setLoaded({ lang, messages });
    });
    document.documentElement.lang = lang;
    return () => {
      active = false;
    };
  }, [lang]);

  if (!loaded) return null;
  return (
    <IntlProvider locale={loaded.lang} messages={loaded.messages} defaultLocale="ru">
      <IntlBridge />
      {children}
    </IntlProvider>
  );
}
