import { useField } from 'formik';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { BIRTH_DATE_PATTERNS } from '../../../../shared/validation/olympiad-dates';
import { useFieldMessage } from '../../../components/forms/use-field-message';
import { selectLanguage } from '../../../session/language-slice';
import { maskBirthDate } from './birth-date-mask';

/** The date of birth typed in the language's order (DD.MM.YYYY or MM.DD.YYYY), the dots put in as one types. */
export function BirthDateField({ name }: { name: string }) {
  const intl = useIntl();
  const lang = useAppSelector(selectLanguage);
  const [field, meta, helpers] = useField<string>(name);
  const id = `field-${name}`;
  const { message: error, invalid, describedBy, messageId } = useFieldMessage(!!meta.touched, meta.error, id);
  const pattern = intl.formatMessage({ id: `olympiad.form.birthDate.${BIRTH_DATE_PATTERNS[lang] === 'DD.MM.YYYY' ? 'dayFirst' : 'monthFirst'}` });
  return (
    <div className={`form-field${invalid ? ' has-error' : ''}`}>
      <label htmlFor={id}>{intl.formatMessage({ id: 'olympiad.field.birth_date' }, { pattern })}</label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="bday"
        placeholder={pattern}
        maxLength={10}
        value={field.value}
        onChange={(event) => helpers.setValue(maskBirthDate(event.target.value))}
        onBlur={field.onBlur}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p className="field-error" id={messageId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
