import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { categorySchema, categoryUpdateSchema } from '../../../../shared/validation/catalog-category';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/form-field';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { applyServerErrors } from '../../../components/server-errors';
import { useDeleteCategoryMutation, useMyBusinessesQuery, useProductCategoryQuery, useSaveCategoryMutation } from '../catalog-api';
import { DraftKeeper, SelectField, clearDraft, readDraft, toOptionalInteger, validateWith } from '../forms/form-tools';
import '../catalog.css';

interface CategoryFormValues {
  business_id: string;
  name: string;
  name_en: string;
  position: string;
}

/** `/create/category/product` and `/create/category/product/:id`: a shelf of my business. */
export default function CategoryFormPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const editId = Number(useParams().id) || undefined;
  const [params] = useSearchParams();
  const businesses = useMyBusinessesQuery();
  const existing = useProductCategoryQuery(editId ?? 0, { skip: !editId });
  const [save] = useSaveCategoryMutation();
  const [remove, removal] = useDeleteCategoryMutation();

  if (businesses.isLoading || existing.isLoading) return <PageLoading />;
  if (editId && !existing.data) return <ApiErrorText error={existing.error} />;
  const mine = businesses.data?.data ?? [];
  if (existing.data && !mine.some((business) => business.id === existing.data!.business_id)) {
    return <ApiErrorText error={{ data: { message: intl.formatMessage({ id: 'catalog.ui.form.notOwner' }) } }} />;
  }
  const draftKey = `catalog-draft:category:${editId ?? 'new'}`;
  const start: CategoryFormValues = existing.data
    ? { business_id: String(existing.data.business_id), name: existing.data.name_ru, name_en: existing.data.name_en ?? '', position: String(existing.data.position) }
    : { business_id: params.get('business') ?? (mine.length === 1 ? String(mine[0].id) : ''), name: '', name_en: '', position: '0' };
  const toBody = (values: CategoryFormValues) => ({
    business_id: toOptionalInteger(values.business_id) ?? undefined,
    name: values.name,
    name_en: values.name_en,
    position: toOptionalInteger(values.position) ?? undefined,
  });

  return (
    <div>
      <PageTitle id={editId ? 'catalog.ui.edit' : 'catalog.ui.create.category'} />
      <Formik<CategoryFormValues>
        initialValues={readDraft(draftKey, start)}
        validate={validateWith(editId ? categoryUpdateSchema : categorySchema, toBody)}
        onSubmit={async (values, helpers) => {
          const result = await save({ id: editId, body: toBody(values) });
          if ('error' in result) {
            if (!applyServerErrors(result.error, helpers)) helpers.setStatus(result.error);
            return;
          }
          clearDraft(draftKey);
          navigate(`/stores/${result.data.business_id}?category=${result.data.id}`);
        }}
      >
        {({ isSubmitting, status }) => (
          <Form className="cat-form" noValidate>
            <DraftKeeper storageKey={draftKey} />
            <SelectField name="business_id" labelId="catalog.ui.form.business">
              <option value="">{intl.formatMessage({ id: 'catalog.ui.form.choose' })}</option>
              {mine.map((business) => (
                <option key={business.id} value={business.id} disabled={Boolean(editId)}>
                  {business.name}
                </option>
              ))}
            </SelectField>
            <FormField name="name" labelId="catalog.ui.form.name" />
            <FormField name="name_en" labelId="catalog.ui.form.nameEn" />
            <FormField name="position" labelId="catalog.ui.form.position" inputMode="numeric" />
            <ApiErrorText error={status ?? removal.error} />
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={isSubmitting}>
                {intl.formatMessage({ id: isSubmitting ? 'common.saving' : 'common.save' })}
              </button>
              {existing.data && (
                <button
                  type="button"
                  className="button"
                  disabled={removal.isLoading}
                  onClick={async () => {
                    if (!window.confirm(intl.formatMessage({ id: 'catalog.ui.confirmDelete' }))) return;
                    const result = await remove(existing.data!.id);
                    if (!('error' in result)) {
                      clearDraft(draftKey);
                      navigate(`/stores/${existing.data!.business_id}`);
                    }
                  }}
                >
                  {intl.formatMessage({ id: 'catalog.ui.delete' })}
                </button>
              )}
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}
