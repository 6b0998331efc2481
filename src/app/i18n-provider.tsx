import { startTransition, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Language } from '../../shared/i18n/languages';
import { catalogueStore } from '../services/catalogue-store';
import { registerIntl } from '../services/intl-bridge';
import { useAppSelector } from '../session/hooks';
import { selectLanguage } from '../session/language-slice';

/** Hands the current intl object to sagas (toasts are formatted outside React). */
function IntlBridge() {
  registerIntl(useIntl());
  return null;
}

/**
 * Keeps the last language on screen while the next one loads, so a switch never blanks the page;
 * the areas screens ask for later (catalogue-store.ts) join the messages as they arrive.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const lang = useAppSelector(selectLanguage);
  const version = useSyncExternalStore(catalogueStore.subscribe, catalogueStore.getVersion);
  // Start-up loads the page's language before the first render (src/app/boot.tsx), so the app draws in
  // its first commit; a language still loading draws nothing until it is in.
  const [shown, setShown] = useState<Language | null>(() => (catalogueStore.isReady(lang) ? lang : null));

  useEffect(() => {
    let active = true;
    void catalogueStore.prepare(lang).then(() => {
      // The first render of the whole app happens here: as a transition React renders it in slices,
      // so a slow phone is not blocked for one long task (see src/main.tsx).
      if (active) startTransition(() => setShown(lang));
    });
    document.documentElement.lang = lang;
    return () => {
      active = false;
    };
  }, [lang]);

  // `version` changes whenever an area arrives, so the merged messages are rebuilt then.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const messages = useMemo(() => (shown === null ? null : catalogueStore.messages(shown)), [shown, version]);
  if (shown === null || messages === null) return null;
  return (
    <IntlProvider locale={shown} messages={messages} defaultLocale="ru">
      <IntlBridge />
      {children}
    </IntlProvider>
  );
}
