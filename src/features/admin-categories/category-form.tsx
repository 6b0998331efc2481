import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import type { AdminCategory } from '../../../shared/api/admin-categories';
import { BUSINESS_KINDS, type BusinessKind } from '../../../shared/api/catalog-values';
import type { CategoryType } from '../../../shared/api/category-icon-values';
import { categoryCreateSchema, categoryFieldsSchema } from '../../../shared/validation/admin-categories';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { SelectField } from '../../components/forms/select-field';
import { serverFieldErrors, toFormikErrors } from '../../components/forms/server-errors';
import { validateWith } from '../../components/forms/validate-with';
import { IconPicker } from './icon-picker';
import { useAdminCreateCategoryMutation, useAdminUpdateCategoryMutation } from './categories-api';

interface CategoryFields {
  name: string;
  name_en: string;
  icon: string;
  kind: string;
}

interface CategoryFormProps {
  type: CategoryType;
  /** The category being changed; without it the form adds one (of `kind`, for business ones). */
  category?: AdminCategory;
  kind?: BusinessKind;
  onSaved(category: AdminCategory): void;
  onCancel(): void;
}

/**
 * Adds or changes a category: both names, the icon, and (new business ones) the kind. Checked by
 * the shared rule the server applies; a refused save (a slug taken) keeps what was typed and
 * shows the server's words under the field.
 */
export function CategoryForm({ type, category, kind, onSaved, onCancel }: CategoryFormProps) {
  const intl = useIntl();
  const [create] = useAdminCreateCategoryMutation();
  const [update] = useAdminUpdateCategoryMutation();
  const idPrefix = category ? `category-${category.id}` : 'category-new';
  const toBody = (values: CategoryFields) => ({ name: values.name, name_en: values.name_en, icon: values.icon });
  const toCreate = (values: CategoryFields) => ({ ...toBody(values), type, kind: type === 'business' ? ((values.kind || null) as BusinessKind | null) : null });
  const heading = category ? intl.formatMessage({ id: 'admin.categories.form.editing' }, { name: category.name }) : intl.formatMessage({ id: 'admin.categories.form.new' });
  return (
    <Formik<CategoryFields>
      initialValues={{ name: category?.name ?? '', name_en: category?.name_en ?? '', icon: category?.icon ?? '', kind: category?.kind ?? kind ?? '' }}
      validateOnBlur={false}
      validate={category ? validateWith<CategoryFields>(categoryFieldsSchema, toBody) : validateWith<CategoryFields>(categoryCreateSchema, toCreate)}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        const result = category ? await update({ type, id: category.id, body: toBody(values) }) : await create(toCreate(values));
        if ('error' in result) {
          const fields = serverFieldErrors(result.error);
          if (fields) helpers.setErrors(toFormikErrors<CategoryFields>(fields));
          else helpers.setStatus(result.error);
          return;
        }
        onSaved(result.data);
      }}
    >
      {(form) => (
        <Form
          className="category-form"
          noValidate
          aria-label={heading}
          data-testid="category-form"
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || form.isSubmitting) return;
            event.preventDefault();
            onCancel();
          }}
        >
          <h2>{heading}</h2>
          {type === 'business' && !category ? (
            <SelectField name="kind" labelId="admin.categories.form.kind" idPrefix={idPrefix} options={BUSINESS_KINDS} optionPrefix="admin.categories.kind" emptyId="admin.categories.form.kindChoose" testId="category-kind" />
          ) : null}
          <FormField name="name" labelId="admin.categories.form.name" idPrefix={idPrefix} autoFocus autoComplete="off" lang="ru" data-testid="category-name" />
          <FormField name="name_en" labelId="admin.categories.form.nameEn" idPrefix={idPrefix} autoComplete="off" lang="en" data-testid="category-name-en" />
          <p className="muted form-hint">{intl.formatMessage({ id: 'admin.categories.form.nameEnHint' })}</p>
          <IconPicker idPrefix={idPrefix} />
          <ApiErrorText error={form.status} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={form.isSubmitting} data-testid="category-save">
              {intl.formatMessage({ id: 'admin.categories.form.save' })}
            </button>
            <button type="button" className="button" disabled={form.isSubmitting} data-testid="category-cancel" onClick={onCancel}>
              {intl.formatMessage({ id: 'admin.categories.form.cancel' })}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
