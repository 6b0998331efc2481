import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../session/hooks';
import { LANGUAGES, isLanguage } from '../../../shared/i18n/languages';
import { languageChanged, selectLanguage } from '../../session/language-slice';

export function LanguageSwitch() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectLanguage);
  return (
    <label className="language-switch">
      <span className="visually-hidden">{intl.formatMessage({ id: 'header.language' })}</span>
      <select
        value={current}
        data-testid="language-switch"
        onChange={(event) => isLanguage(event.target.value) && dispatch(languageChanged(event.target.value))}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {intl.formatMessage({ id: `lang.${lang}` })}
          </option>
        ))}
      </select>
    </label>
  );
}
