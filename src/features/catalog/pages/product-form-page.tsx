import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ImageResource } from '../../../../shared/api/catalog-common';
import type { ProductResource } from '../../../../shared/api/catalog-products';
import { CURRENCIES } from '../../../../shared/api/catalog-values';
import { productSchema } from '../../../../shared/validation/catalog-product';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/form-field';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { applyServerErrors } from '../../../components/server-errors';
import { useMyBusinessesQuery, useProductCategoriesQuery, useProductQuery, useSaveProductMutation } from '../catalog-api';
import { DraftKeeper, SelectField, clearDraft, fromMinorUnits, readDraft, toMinorUnits, toOptionalInteger, validateWith } from '../forms/form-tools';
import { ImagePicker } from '../forms/image-picker';
import '../catalog.css';

export interface ProductFormValues {
  business_id: string;
  category_id: string;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  price: string;
  discount_percent: string;
  currency: string;
  stock: string;
  duration_minutes: string;
  images: ImageResource[];
  status: string;
}

const blank = (kind: string, businessId: string): ProductFormValues => ({
  business_id: businessId,
  category_id: '',
  name: '',
  name_en: '',
  description: '',
  description_en: '',
  price: '',
  discount_percent: '0',
  currency: 'RUB',
  stock: '',
  duration_minutes: kind === 'service' ? '60' : '',
  images: [],
  status: 'published',
});

const fromProduct = (product: ProductResource): ProductFormValues => ({
  business_id: String(product.business.id),
  category_id: product.category ? String(product.category.id) : '',
  name: product.texts.name,
  name_en: product.texts.name_en ?? '',
  description: product.texts.description,
  description_en: product.texts.description_en ?? '',
  price: fromMinorUnits(product.price),
  discount_percent: String(product.discount_percent),
  currency: product.currency,
  stock: product.stock === null ? '' : String(product.stock),
  duration_minutes: product.duration_minutes === null ? '' : String(product.duration_minutes),
  images: product.images,
  status: product.status,
});

/** The body of `POST /v1/products`: prices typed in major units go out as integer minor units. */
export const productBody = (kind: string) => (values: ProductFormValues) => ({
  business_id: toOptionalInteger(values.business_id) ?? undefined,
  kind,
  category_id: toOptionalInteger(values.category_id),
  name: values.name,
  name_en: values.name_en,
  description: values.description,
  description_en: values.description_en,
  price: toMinorUnits(values.price) ?? undefined,
  discount_percent: toOptionalInteger(values.discount_percent) ?? undefined,
  currency: values.currency,
  stock: kind === 'product' ? toOptionalInteger(values.stock) : null,
  duration_minutes: kind === 'service' ? toOptionalInteger(values.duration_minutes) : null,
  image_ids: values.images.map((image) => image.id),
  status: values.status,
});

/** The fields of a product or service, shared by create and edit (and by the unit test). */
export function ProductFields({ kind, businesses, editing }: { kind: string; businesses: Array<{ id: number; name: string }>; editing: boolean }) {
  const intl = useIntl();
  return (
    <>
      <SelectField name="business_id" labelId="catalog.ui.form.business">
        <option value="">{intl.formatMessage({ id: 'catalog.ui.form.choose' })}</option>
        {businesses.map((business) => (
          <option key={business.id} value={business.id} disabled={editing}>
            {business.name}
          </option>
        ))}
      </SelectField>
      <FormField name="name" labelId="catalog.ui.form.name" />
      <FormField name="name_en" labelId="catalog.ui.form.nameEn" />
      <FormField name="description" labelId="catalog.ui.form.description" multiline />
      <FormField name="description_en" labelId="catalog.ui.form.descriptionEn" multiline />
      <FormField name="price" labelId="catalog.ui.form.price" inputMode="decimal" />
      <FormField name="discount_percent" labelId="catalog.ui.form.discount" inputMode="numeric" />
      <SelectField name="currency" labelId="catalog.ui.form.currency">
        {CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </SelectField>
      {kind === 'product' ? (
        <FormField name="stock" labelId="catalog.ui.form.stock" inputMode="numeric" />
      ) : (
        <FormField name="duration_minutes" labelId="catalog.ui.form.duration" inputMode="numeric" />
      )}
      <ImagePicker name="images" errorName="image_ids" labelId="catalog.ui.form.images" />
      <SelectField name="status" labelId="catalog.ui.form.status">
        <option value="published">{intl.formatMessage({ id: 'catalog.ui.status.published' })}</option>
        <option value="draft">{intl.formatMessage({ id: 'catalog.ui.status.draft' })}</option>
        {editing && <option value="archived">{intl.formatMessage({ id: 'catalog.ui.status.archived' })}</option>}
      </SelectField>
    </>
  );
}

function CategorySelect({ businessId }: { businessId: string }) {
  const intl = useIntl();
  const id = Number(businessId);
  const { data } = useProductCategoriesQuery({ business_id: id }, { skip: !id });
  return (
    <SelectField name="category_id" labelId="catalog.ui.form.category">
      <option value="">{intl.formatMessage({ id: 'catalog.ui.form.noCategory' })}</option>
      {data?.map((category) => (
        <option key={category.id} value={category.id}>
          {category.name}
        </option>
      ))}
    </SelectField>
  );
}

/** `/create/product` and `/create/service` (`?edit=<id>` edits one of mine, `?business=<id>` preselects the business). */
export default function ProductFormPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const kind = pathname.includes('/service') ? 'service' : 'product';
  const editId = Number(params.get('edit')) || undefined;
  const businesses = useMyBusinessesQuery();
  const existing = useProductQuery(editId ?? 0, { skip: !editId });
  const [save] = useSaveProductMutation();

  if (businesses.isLoading || existing.isLoading) return <PageLoading />;
  if (editId && !existing.data) return <ApiErrorText error={existing.error} />;
  if (existing.data && !existing.data.can_edit) return <ApiErrorText error={{ data: { message: intl.formatMessage({ id: 'catalog.ui.form.notOwner' }) } }} />;
  const mine = businesses.data?.data ?? [];
  if (!editId && mine.length === 0) {
    return (
      <div>
        <PageTitle id={`catalog.ui.create.${kind}`} />
        <p>
          {intl.formatMessage({ id: 'catalog.ui.form.needBusiness' })} <Link to="/create/business">{intl.formatMessage({ id: 'catalog.ui.create.business' })}</Link>
        </p>
      </div>
    );
  }
  const draftKey = `catalog-draft:${kind}:${editId ?? 'new'}`;
  const start = existing.data ? fromProduct(existing.data) : blank(kind, params.get('business') ?? (mine.length === 1 ? String(mine[0].id) : ''));
  const toBody = productBody(kind);

  return (
    <div>
      <PageTitle id={editId ? 'catalog.ui.edit' : `catalog.ui.create.${kind}`} />
      <Formik<ProductFormValues>
        initialValues={readDraft(draftKey, start)}
        validate={validateWith(productSchema, toBody)}
        onSubmit={async (values, helpers) => {
          const result = await save({ id: editId, body: toBody(values) });
          if ('error' in result) {
            if (!applyServerErrors(result.error, helpers)) helpers.setStatus(result.error);
            return;
          }
          clearDraft(draftKey);
          navigate(`/products/${result.data.id}`);
        }}
      >
        {({ isSubmitting, status, values }) => (
          <Form className="cat-form" noValidate>
            <DraftKeeper storageKey={draftKey} />
            <ProductFields kind={kind} businesses={mine.length ? mine : existing.data ? [existing.data.business] : []} editing={Boolean(editId)} />
            <CategorySelect businessId={values.business_id} />
            <ApiErrorText error={status} />
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="save">
                {intl.formatMessage({ id: isSubmitting ? 'common.saving' : 'common.save' })}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}
