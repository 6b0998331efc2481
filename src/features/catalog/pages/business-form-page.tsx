import { Field, getIn, useField, useFormikContext } from 'formik';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import type { BusinessResource } from '../../../../shared/api/catalog-businesses';
import type { ImageResource } from '../../../../shared/api/catalog-common';
import { BUSINESS_KINDS, WEEKDAYS, type Weekday } from '../../../../shared/api/catalog-values';
import { businessSchema } from '../../../../shared/validation/catalog-business';
import { FormField } from '../../../components/forms/form-field';
import { PageTitle } from '../../../components/page-title';
import { useFieldError } from '../../../components/forms/use-field-error';
import { useBusinessCategoriesQuery, useBusinessQuery, useSaveBusinessMutation } from '../catalog-api';
import { EnumOptions } from '../components/enum-options';
import { CatalogForm, EditGate, editIdOf } from '../forms/catalog-form';
import { EnglishVersion } from '../forms/english-version';
import { ChoiceSelect } from '../forms/choice-fields';
import { SelectField } from '../../../components/forms/select-field';
import { toOptionalInteger } from '../forms/form-tools';
import { ImagePicker } from '../forms/image-picker';
import '../catalog.css';

interface DayValues {
  open: boolean;
  from: string;
  to: string;
}

interface BusinessFormValues {
  kind: string;
  category_id: string;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  address: string;
  address_en: string;
  phone: string;
  hours: Record<Weekday, DayValues>;
  logo: ImageResource[];
  cover: ImageResource[];
  delivery_discount_percent: string;
}

const defaultHours = (): Record<Weekday, DayValues> =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, { open: day !== 'sun', from: '09:00', to: '21:00' }])) as Record<Weekday, DayValues>;

const blank = (): BusinessFormValues => ({
  kind: 'store',
  category_id: '',
  name: '',
  name_en: '',
  description: '',
  description_en: '',
  address: '',
  address_en: '',
  phone: '',
  hours: defaultHours(),
  logo: [],
  cover: [],
  delivery_discount_percent: '0',
});

const fromBusiness = (business: BusinessResource): BusinessFormValues => ({
  kind: business.kind,
  category_id: business.category ? String(business.category.id) : '',
  name: business.texts.name,
  name_en: business.texts.name_en ?? '',
  description: business.texts.description,
  description_en: business.texts.description_en ?? '',
  address: business.texts.address,
  address_en: business.texts.address_en ?? '',
  phone: business.phone,
  hours: Object.fromEntries(
    WEEKDAYS.map((day) => {
      const hours = business.working_hours[day];
      return [day, hours ? { open: true, from: hours.open, to: hours.close } : { open: false, from: '09:00', to: '21:00' }];
    }),
  ) as Record<Weekday, DayValues>,
  logo: business.logo ? [business.logo] : [],
  cover: business.cover ? [business.cover] : [],
  delivery_discount_percent: String(business.delivery_discount_percent),
});

const toBody = (values: BusinessFormValues) => ({
  kind: values.kind,
  category_id: toOptionalInteger(values.category_id) ?? undefined,
  name: values.name,
  name_en: values.name_en,
  description: values.description,
  description_en: values.description_en,
  address: values.address,
  address_en: values.address_en,
  phone: values.phone,
  working_hours: Object.fromEntries(WEEKDAYS.map((day) => [day, values.hours[day].open ? { open: values.hours[day].from, close: values.hours[day].to } : null])),
  logo_image_id: values.logo[0]?.id ?? null,
  cover_image_id: values.cover[0]?.id ?? null,
  delivery_discount_percent: toOptionalInteger(values.delivery_discount_percent) ?? undefined,
});

function DayRow({ day }: { day: Weekday }) {
  const intl = useIntl();
  const [open] = useField<boolean>(`hours.${day}.open`);
  const [, meta] = useField(`working_hours.${day}`);
  const [, openMeta] = useField(`working_hours.${day}.open`);
  const [, closeMeta] = useField(`working_hours.${day}.close`);
  const { submitCount, touched } = useFormikContext();
  // The rule checks the body (`working_hours`), the inputs are `hours`: shown once this day was edited or a save was tried.
  // A time's own error first: the day's error is then an object holding it, not a message of its own.
  const error = useFieldError(submitCount > 0 || !!getIn(touched, `hours.${day}`), openMeta.error ?? closeMeta.error ?? meta.error);
  const name = intl.formatMessage({ id: `catalog.ui.day.${day}` });
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        <label>
          <Field type="checkbox" name={`hours.${day}.open`} /> {intl.formatMessage({ id: 'catalog.ui.form.openDay' })}
        </label>
      </td>
      <td>
        <Field type="time" name={`hours.${day}.from`} disabled={!open.value} aria-label={intl.formatMessage({ id: 'catalog.ui.form.opens' }, { day: name })} />
      </td>
      <td>
        <Field type="time" name={`hours.${day}.to`} disabled={!open.value} aria-label={intl.formatMessage({ id: 'catalog.ui.form.closes' }, { day: name })} />
      </td>
      <td>
        {error && (
          <span className="field-error" role="alert">
            {error}
          </span>
        )}
      </td>
    </tr>
  );
}

/** `/create/business` (`?edit=<id>` edits one of mine). */
export default function BusinessFormPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = editIdOf(params.get('edit'));
  const existing = useBusinessQuery(editId ?? 0, { skip: !editId });
  const [save] = useSaveBusinessMutation();

  return (
    <EditGate loading={existing.isLoading} editId={editId} item={existing.data} error={existing.error} canEdit={Boolean(existing.data?.can_edit)}>
      <PageTitle id={editId ? 'catalog.ui.edit' : 'catalog.ui.create.business'} />
      <CatalogForm<BusinessFormValues, BusinessResource>
        draftKey={`catalog-draft:business:${editId ?? 'new'}`}
        initialValues={existing.data ? fromBusiness(existing.data) : blank()}
        schema={businessSchema}
        toBody={toBody}
        save={(body) => save({ id: editId, body })}
        onSaved={(business) => navigate(`/stores/${business.id}`)}
      >
        {({ values }) => (
          <>
            <SelectField name="kind" labelId="catalog.ui.filter.kind">
              <EnumOptions values={BUSINESS_KINDS} prefix="catalog.ui.kind" />
            </SelectField>
            <CategorySelect kind={values.kind} />
            <FormField name="name" labelId="catalog.ui.form.name" />
            <FormField name="description" labelId="catalog.ui.form.description" multiline />
            <FormField name="address" labelId="catalog.ui.form.address" />
            <EnglishVersion names={['name_en', 'description_en', 'address_en']}>
              <FormField name="name_en" labelId="catalog.ui.form.nameEn" />
              <FormField name="description_en" labelId="catalog.ui.form.descriptionEn" multiline />
              <FormField name="address_en" labelId="catalog.ui.form.addressEn" />
            </EnglishVersion>
            <FormField name="phone" labelId="catalog.ui.form.phone" type="tel" />
            <fieldset>
              <legend>{intl.formatMessage({ id: 'catalog.ui.store.hours' })}</legend>
              <table className="cat-hours">
                <tbody>
                  {WEEKDAYS.map((day) => (
                    <DayRow key={day} day={day} />
                  ))}
                </tbody>
              </table>
            </fieldset>
            <ImagePicker name="logo" errorName="logo_image_id" labelId="catalog.ui.form.logo" max={1} />
            <ImagePicker name="cover" errorName="cover_image_id" labelId="catalog.ui.form.cover" max={1} />
            <FormField name="delivery_discount_percent" labelId="catalog.ui.form.deliveryDiscount" inputMode="numeric" />
          </>
        )}
      </CatalogForm>
    </EditGate>
  );
}

function CategorySelect({ kind }: { kind: string }) {
  const { data } = useBusinessCategoriesQuery(kind || undefined);
  const [category, , helpers] = useField<string>('category_id');
  // Another kind has other sections: a section of the old kind would only come back as a 422.
  useEffect(() => {
    if (data && category.value && !data.some((choice) => String(choice.id) === category.value)) void helpers.setValue('');
  }, [data, category.value, helpers]);
  return <ChoiceSelect name="category_id" labelId="catalog.ui.form.category" emptyId="catalog.ui.form.choose" choices={data} />;
}
