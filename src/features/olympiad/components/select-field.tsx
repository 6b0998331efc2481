import { useField } from 'formik';
import { useIntl } from 'react-intl';
import { useFieldError } from '../../../components/use-field-error';

interface SelectFieldProps {
  name: string;
  labelId: string;
  options: readonly string[];
  /** Catalogue key of an option's label: `${optionPrefix}.${option}`. */
  optionPrefix: string;
}

/** A labelled select whose error (shared rule or server 422) shows under it, like FormField. */
export function SelectField({ name, labelId, options, optionPrefix }: SelectFieldProps) {
  const intl = useIntl();
  const [field, meta] = useField(name);
  const error = useFieldError(meta.touched, meta.error);
  const id = `field-${name}`;
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{intl.formatMessage({ id: labelId })}</label>
      <select id={id} {...field} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{intl.formatMessage({ id: 'olympiad.form.choose' })}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {intl.formatMessage({ id: `${optionPrefix}.${option}` })}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
