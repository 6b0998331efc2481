import { useField } from 'formik';
import { useIntl } from 'react-intl';
import { useFieldError } from '../../../components/forms/use-field-error';

interface RadioFieldProps {
  name: string;
  labelId: string;
  options: readonly string[];
  optionPrefix: string;
}

/** A group of radio buttons under one legend, with the field's error below it. */
export function RadioField({ name, labelId, options, optionPrefix }: RadioFieldProps) {
  const intl = useIntl();
  const [field, meta, helpers] = useField(name);
  const error = useFieldError(meta.touched, meta.error);
  const id = `field-${name}`;
  return (
    <fieldset className={`form-field radio-field${error ? ' has-error' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{intl.formatMessage({ id: labelId })}</legend>
      <div className="radio-options">
        {options.map((option) => (
          <label key={option} className="radio-option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={field.value === option}
              onChange={() => helpers.setValue(option)}
              onBlur={field.onBlur}
            />
            {intl.formatMessage({ id: `${optionPrefix}.${option}` })}
          </label>
        ))}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
