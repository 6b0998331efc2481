import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import type { AdResource } from '../../../../shared/api/catalog-ads';
import type { ImageResource } from '../../../../shared/api/catalog-common';
import { AD_CONDITIONS } from '../../../../shared/api/catalog-values';
import { adSchema } from '../../../../shared/validation/catalog-ad';
import { FormField } from '../../../components/forms/form-field';
import { PageTitle } from '../../../components/page-title';
import { useAdCategoriesQuery, useAdQuery, useSaveAdMutation } from '../catalog-api';
import { EnumOptions } from '../components/enum-options';
import { CatalogForm, EditGate, editIdOf } from '../forms/catalog-form';
import { EnglishVersion } from '../forms/english-version';
import { ChoiceSelect, CurrencySelect, StatusSelect } from '../forms/choice-fields';
import { SelectField } from '../../../components/forms/select-field';
import { fromMinorUnits, toMinorUnits, toOptionalInteger } from '../forms/form-tools';
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
  location_en: string;
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
  location_en: '',
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
  location: ad.texts.location,
  location_en: ad.texts.location_en ?? '',
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
  location_en: values.location_en,
  condition: values.condition || null,
  image_ids: values.images.map((image) => image.id),
  status: values.status,
});

/** `/create/ad` (`?edit=<id>` edits one of mine): an empty price reads "price on request". */
export default function AdFormPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = editIdOf(params.get('edit'));
  const categories = useAdCategoriesQuery();
  const existing = useAdQuery(editId ?? 0, { skip: !editId });
  const [save] = useSaveAdMutation();

  return (
    <EditGate loading={categories.isLoading || existing.isLoading} editId={editId} item={existing.data} error={existing.error} canEdit={Boolean(existing.data?.can_edit)}>
      <PageTitle id={editId ? 'catalog.ui.edit' : 'catalog.ui.create.ad'} />
      <CatalogForm<AdFormValues, AdResource>
        draftKey={`catalog-draft:ad:${editId ?? 'new'}`}
        initialValues={existing.data ? fromAd(existing.data) : blank}
        schema={adSchema}
        toBody={toBody}
        save={(body) => save({ id: editId, body })}
        onSaved={(ad) => navigate(`/ads/${ad.id}`)}
      >
        {() => (
          <>
            <ChoiceSelect name="category_id" labelId="catalog.ui.form.category" emptyId="catalog.ui.form.choose" choices={categories.data} />
            <FormField name="title" labelId="catalog.ui.form.title" />
            <FormField name="description" labelId="catalog.ui.form.description" multiline />
            <FormField name="price" labelId="catalog.ui.form.priceOptional" inputMode="decimal" />
            <CurrencySelect />
            <FormField name="location" labelId="catalog.ui.form.location" />
            <EnglishVersion names={['title_en', 'description_en', 'location_en']}>
              <FormField name="title_en" labelId="catalog.ui.form.titleEn" />
              <FormField name="description_en" labelId="catalog.ui.form.descriptionEn" multiline />
              <FormField name="location_en" labelId="catalog.ui.form.locationEn" />
            </EnglishVersion>
            <SelectField name="condition" labelId="catalog.ui.form.condition">
              <option value="">{intl.formatMessage({ id: 'catalog.ui.form.noCondition' })}</option>
              <EnumOptions values={AD_CONDITIONS} prefix="catalog.ui.condition" />
            </SelectField>
            <ImagePicker name="images" errorName="image_ids" labelId="catalog.ui.form.images" />
            <StatusSelect editing={Boolean(editId)} />
          </>
        )}
      </CatalogForm>
    </EditGate>
  );
}
