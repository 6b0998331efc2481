import { useField } from 'formik';
import { useIntl } from 'react-intl';
import { useFieldMessage } from '../../../components/forms/use-field-message';

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
  const id = `field-${name}`;
  const { message: error, invalid, describedBy, messageId } = useFieldMessage(!!meta.touched, meta.error, id);
  return (
    <fieldset className={`form-field radio-field${invalid ? ' has-error' : ''}`} aria-describedby={describedBy}>
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
              aria-invalid={invalid ? true : undefined}
            />
            {intl.formatMessage({ id: `${optionPrefix}.${option}` })}
          </label>
        ))}
      </div>
      {error && (
        <p className="field-error" id={messageId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
