import { useEffect, useState } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { PageTitle } from '../../components/page-title';
import { loadCatalogue, type Catalogue } from '../../services/i18n';
import { ElementSamples } from './element-samples';
import './dev-pages.css';

/** Both languages' words for the samples (core and this page's area), loaded next to the app's own. */
function useCatalogues(): Partial<Record<Language, Catalogue>> {
  const [catalogues, setCatalogues] = useState<Partial<Record<Language, Catalogue>>>({});
  useEffect(() => {
    let active = true;
    for (const lang of LANGUAGES) {
      void Promise.all([loadCatalogue(lang, 'core'), loadCatalogue(lang, 'dev')]).then(([core, dev]) => {
        if (active) setCatalogues((loaded) => ({ ...loaded, [lang]: { ...core, ...dev } as Catalogue }));
      });
    }
    return () => {
      active = false;
    };
  }, []);
  return catalogues;
}

/**
 * `/elements-test`: a living style guide. Every shared element of src/components in each state,
 * side by side in Russian and English; whole pages (404, 500) are at their own addresses.
 */
export default function ElementsTestPage() {
  const intl = useIntl();
  const catalogues = useCatalogues();
  return (
    <section className="dev-page">
      <PageTitle id="devPages.elements.title" />
      <p>
        {intl.formatMessage({ id: 'devPages.elements.intro' })} <Link to="/no-such-page">{intl.formatMessage({ id: 'devPages.elements.notFoundLink' })}</Link>
      </p>
      <div className="dev-languages">
        {LANGUAGES.map((lang) => {
          const messages = catalogues[lang];
          return (
            <section key={lang} data-testid={`elements-${lang}`} aria-label={intl.formatMessage({ id: `devPages.elements.language.${lang}` })}>
              <h2>{intl.formatMessage({ id: `devPages.elements.language.${lang}` })}</h2>
              {messages ? (
                <IntlProvider locale={lang} messages={messages} defaultLocale="ru">
                  <ElementSamples lang={lang} />
                </IntlProvider>
              ) : (
                <p>{intl.formatMessage({ id: 'common.loading' })}</p>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
