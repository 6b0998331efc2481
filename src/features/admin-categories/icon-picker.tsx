import { useField } from 'formik';
import { useIntl } from 'react-intl';
import { CATEGORY_ICON_NAMES } from '../../../shared/api/category-icon-values';
import { CategoryIcon } from '../../components/category-icon';
import { useShownError } from '../../components/forms/use-shown-error';
import { fieldId } from '../../components/forms/field-id';

/**
 * The icon field: one radio per icon the SPA can draw, each named in words (arrow keys move
 * between them, as in any radio group). Its error shows under it like any field's.
 */
export function IconPicker({ idPrefix }: { idPrefix: string }) {
  const intl = useIntl();
  const id = fieldId('icon', idPrefix);
  const [field] = useField<string>('icon');
  const { error, invalid, describedBy, errorId } = useShownError('icon', id);
  return (
    <fieldset className={`form-field category-icons${invalid ? ' has-error' : ''}`} id={id} aria-describedby={describedBy} data-testid="category-icons">
      <legend>{intl.formatMessage({ id: 'admin.categories.form.icon' })}</legend>
      <div className="category-icons-grid">
        {CATEGORY_ICON_NAMES.map((name) => {
          const label = intl.formatMessage({ id: `admin.categories.icons.${name}` });
          return (
            <label key={name} className="category-icon-choice" title={label}>
              <input type="radio" name={field.name} value={name} checked={field.value === name} onChange={field.onChange} onBlur={field.onBlur} aria-label={label} data-testid={`category-icon-${name}`} />
              <CategoryIcon name={name} />
            </label>
          );
        })}
      </div>
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
