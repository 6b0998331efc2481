import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ImageResource } from '../../../../shared/api/catalog-common';
import type { ProductResource } from '../../../../shared/api/catalog-products';
import { productSchema } from '../../../../shared/validation/catalog-product';
import { FormField } from '../../../components/forms/form-field';
import { PageTitle } from '../../../components/page-title';
import { useMyBusinessesQuery, useProductCategoriesQuery, useProductQuery, useSaveProductMutation } from '../catalog-api';
import { CatalogForm, EditGate, editIdOf } from '../forms/catalog-form';
import { EnglishVersion } from '../forms/english-version';
import { ChoiceSelect, CurrencySelect, StatusSelect } from '../forms/choice-fields';
import { fromMinorUnits, toMinorUnits, toOptionalInteger } from '../forms/form-tools';
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
  return (
    <>
      <ChoiceSelect name="business_id" labelId="catalog.ui.form.business" emptyId="catalog.ui.form.choose" choices={businesses} locked={editing} />
      <FormField name="name" labelId="catalog.ui.form.name" />
      <FormField name="description" labelId="catalog.ui.form.description" multiline />
      <EnglishVersion names={['name_en', 'description_en']}>
        <FormField name="name_en" labelId="catalog.ui.form.nameEn" />
        <FormField name="description_en" labelId="catalog.ui.form.descriptionEn" multiline />
      </EnglishVersion>
      <FormField name="price" labelId="catalog.ui.form.price" inputMode="decimal" />
      <FormField name="discount_percent" labelId="catalog.ui.form.discount" inputMode="numeric" />
      <CurrencySelect />
      {kind === 'product' ? (
        <FormField name="stock" labelId="catalog.ui.form.stock" inputMode="numeric" />
      ) : (
        <FormField name="duration_minutes" labelId="catalog.ui.form.duration" inputMode="numeric" />
      )}
      <ImagePicker name="images" errorName="image_ids" labelId="catalog.ui.form.images" />
      <StatusSelect editing={editing} />
    </>
  );
}

function CategorySelect({ businessId }: { businessId: string }) {
  const id = Number(businessId);
  const { data } = useProductCategoriesQuery({ business_id: id }, { skip: !id });
  return <ChoiceSelect name="category_id" labelId="catalog.ui.form.category" emptyId="catalog.ui.form.noCategory" choices={data} />;
}

/** `/create/product` and `/create/service` (`?edit=<id>` edits one of mine, `?business=<id>` preselects the business). */
export default function ProductFormPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const kind = pathname.includes('/service') ? 'service' : 'product';
  const editId = editIdOf(params.get('edit'));
  const businesses = useMyBusinessesQuery();
  const existing = useProductQuery(editId ?? 0, { skip: !editId });
  const [save] = useSaveProductMutation();
  const mine = businesses.data?.data ?? [];
  const loading = businesses.isLoading || existing.isLoading;

  if (!loading && !editId && mine.length === 0) {
    return (
      <div>
        <PageTitle id={`catalog.ui.create.${kind}`} />
        <p>
          {intl.formatMessage({ id: 'catalog.ui.form.needBusiness' })} <Link to="/create/business">{intl.formatMessage({ id: 'catalog.ui.create.business' })}</Link>
        </p>
      </div>
    );
  }
  const start = existing.data ? fromProduct(existing.data) : blank(kind, params.get('business') ?? (mine.length === 1 ? String(mine[0].id) : ''));

  return (
    <EditGate loading={loading} editId={editId} item={existing.data} error={existing.error} canEdit={Boolean(existing.data?.can_edit)}>
      <PageTitle id={editId ? 'catalog.ui.edit' : `catalog.ui.create.${kind}`} />
      <CatalogForm<ProductFormValues, ProductResource>
        draftKey={`catalog-draft:${kind}:${editId ?? 'new'}`}
        initialValues={start}
        schema={productSchema}
        toBody={productBody(kind)}
        save={(body) => save({ id: editId, body })}
        onSaved={(product) => navigate(`/products/${product.id}`)}
      >
        {({ values }) => (
          <>
            <ProductFields kind={kind} businesses={mine.length ? mine : existing.data ? [existing.data.business] : []} editing={Boolean(editId)} />
            <CategorySelect businessId={values.business_id} />
          </>
        )}
      </CatalogForm>
    </EditGate>
  );
}
