import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import type { AdResource } from '../../../../shared/api/catalog-ads';
import type { ImageResource } from '../../../../shared/api/catalog-common';
import { AD_CONDITIONS, CURRENCIES } from '../../../../shared/api/catalog-values';
import { adSchema } from '../../../../shared/validation/catalog-ad';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/form-field';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { applyServerErrors } from '../../../components/server-errors';
import { useAdCategoriesQuery, useAdQuery, useSaveAdMutation } from '../catalog-api';
import { DraftKeeper, SelectField, clearDraft, fromMinorUnits, readDraft, toMinorUnits, toOptionalInteger, validateWith } from '../forms/form-tools';
import { ImagePicker } from '../forms/image-picker';
import '../catalog.css';

interface AdFormValues {
  category_id: string;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  price: string;
  currency: string;
  location: string;
  condition: string;
  images: ImageResource[];
  status: string;
}

const blank: AdFormValues = {
  category_id: '',
  title: '',
  title_en: '',
  description: '',
  description_en: '',
  price: '',
  currency: 'RUB',
  location: '',
  condition: '',
  images: [],
  status: 'published',
};

const fromAd = (ad: AdResource): AdFormValues => ({
  category_id: String(ad.category.id),
  title: ad.texts.name,
  title_en: ad.texts.name_en ?? '',
  description: ad.texts.description,
  description_en: ad.texts.description_en ?? '',
  price: fromMinorUnits(ad.price),
  currency: ad.currency,
  location: ad.location,
  condition: ad.condition ?? '',
  images: ad.images,
  status: ad.status,
});

const toBody = (values: AdFormValues) => ({
  category_id: toOptionalInteger(values.category_id) ?? undefined,
  title: values.title,
  title_en: values.title_en,
  description: values.description,
  description_en: values.description_en,
  price: toMinorUnits(values.price),
  currency: values.currency,
  location: values.location,
  condition: values.condition || null,
  image_ids: values.images.map((image) => image.id),
  status: values.status,
});

/** `/create/ad` (`?edit=<id>` edits one of mine): an empty price reads "price on request". */
export default function AdFormPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = Number(params.get('edit')) || undefined;
  const categories = useAdCategoriesQuery();
  const existing = useAdQuery(editId ?? 0, { skip: !editId });
  const [save] = useSaveAdMutation();

  if (categories.isLoading || existing.isLoading) return <PageLoading />;
  if (editId && !existing.data) return <ApiErrorText error={existing.error} />;
  if (existing.data && !existing.data.can_edit) return <ApiErrorText error={{ data: { message: intl.formatMessage({ id: 'catalog.ui.form.notOwner' }) } }} />;
  const draftKey = `catalog-draft:ad:${editId ?? 'new'}`;

  return (
    <div>
      <PageTitle id={editId ? 'catalog.ui.edit' : 'catalog.ui.create.ad'} />
      <Formik<AdFormValues>
        initialValues={readDraft(draftKey, existing.data ? fromAd(existing.data) : blank)}
        validate={validateWith(adSchema, toBody)}
        onSubmit={async (values, helpers) => {
          const result = await save({ id: editId, body: toBody(values) });
          if ('error' in result) {
            if (!applyServerErrors(result.error, helpers)) helpers.setStatus(result.error);
            return;
          }
          clearDraft(draftKey);
          navigate(`/ads/${result.data.id}`);
        }}
      >
        {({ isSubmitting, status }) => (
          <Form className="cat-form" noValidate>
            <DraftKeeper storageKey={draftKey} />
            <SelectField name="category_id" labelId="catalog.ui.form.category">
              <option value="">{intl.formatMessage({ id: 'catalog.ui.form.choose' })}</option>
              {categories.data?.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </SelectField>
            <FormField name="title" labelId="catalog.ui.form.title" />
            <FormField name="title_en" labelId="catalog.ui.form.titleEn" />
            <FormField name="description" labelId="catalog.ui.form.description" multiline />
            <FormField name="description_en" labelId="catalog.ui.form.descriptionEn" multiline />
            <FormField name="price" labelId="catalog.ui.form.priceOptional" inputMode="decimal" />
            <SelectField name="currency" labelId="catalog.ui.form.currency">
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </SelectField>
            <FormField name="location" labelId="catalog.ui.form.location" />
            <SelectField name="condition" labelId="catalog.ui.form.condition">
              <option value="">{intl.formatMessage({ id: 'catalog.ui.form.noCondition' })}</option>
              {AD_CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {intl.formatMessage({ id: `catalog.ui.condition.${condition}` })}
                </option>
              ))}
            </SelectField>
            <ImagePicker name="images" errorName="image_ids" labelId="catalog.ui.form.images" />
            <SelectField name="status" labelId="catalog.ui.form.status">
              <option value="published">{intl.formatMessage({ id: 'catalog.ui.status.published' })}</option>
              <option value="draft">{intl.formatMessage({ id: 'catalog.ui.status.draft' })}</option>
              {editId && <option value="archived">{intl.formatMessage({ id: 'catalog.ui.status.archived' })}</option>}
            </SelectField>
            <ApiErrorText error={status} />
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={isSubmitting}>
                {intl.formatMessage({ id: isSubmitting ? 'common.saving' : 'common.save' })}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}
