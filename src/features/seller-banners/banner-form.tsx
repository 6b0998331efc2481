import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BANNER_PLACEMENTS } from '../../../shared/api/catalog-values';
import { msg } from '../../../shared/validation/message';
import { runSchema } from '../../../shared/validation/run-schema';
import { bannerFieldsSchema } from '../../../shared/validation/seller-banners';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { SelectField } from '../../components/forms/select-field';
import { toFormikErrors } from '../../components/forms/server-errors';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { apiErrorBody } from '../../services/api';
import { BannerImageField, useLocalUrl, type ChosenImage } from './banner-image-field';
import { BannerPreview } from './banner-preview';
import { dayInput, endOfDay, startOfDay } from './banner-dates';
import { useBannerLinksQuery, useCreateBannerMutation, type NewBanner } from './banners-api';

export interface BannerValues {
  image: ChosenImage | null;
  title: string;
  title_en: string;
  subtitle: string;
  link: string;
  placement: string;
  starts_on: string;
  ends_on: string;
}

/** The form's day fields are the API's moments. */
const RENAME: Record<string, string> = { starts_at: 'starts_on', ends_at: 'ends_on' };

const toBody = (values: BannerValues): NewBanner => ({
  title: values.title.trim(),
  title_en: values.title_en.trim(),
  subtitle: values.subtitle.trim(),
  link: values.link,
  placement: values.placement,
  starts_at: startOfDay(values.starts_on),
  ends_at: endOfDay(values.ends_on),
});

/** The shared rules on what will be sent, each message on the field that shows it. */
async function validate(values: BannerValues) {
  const result = await runSchema(bannerFieldsSchema, { ...toBody(values), title_en: values.title_en.trim() || null });
  const errors: Record<string, unknown> = {};
  if (!result.ok) for (const [field, list] of Object.entries(result.errors)) errors[RENAME[field] ?? field] = list;
  if (!values.image) errors.image = msg('sellerBanners.errors.imageRequired');
  else if (values.image.refusal) errors.image = values.image.refusal;
  return toFormikErrors<BannerValues>(errors);
}

const initialValues = (): BannerValues => {
  const today = new Date();
  return {
    image: null,
    title: '',
    title_en: '',
    subtitle: '',
    link: '',
    placement: 'home',
    starts_on: dayInput(today),
    ends_on: dayInput(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 29)),
  };
};

/**
 * A new banner: picture (previewed as buyers will see it), title, subtitle, where it leads (one
 * of the seller's own pages, from a list), placement and days. A refusal leaves every value in
 * place, with the server's words under their fields.
 */
export function BannerForm({ canCreate }: { canCreate: boolean }) {
  const intl = useIntl();
  const links = useBannerLinksQuery();
  const [create] = useCreateBannerMutation();
  const [sent, setSent] = useState<string | null>(null);
  const verdicts = useServerVerdicts(validate);

  const submit = async (values: BannerValues, helpers: FormikHelpers<BannerValues>) => {
    setSent(null);
    helpers.setStatus(null);
    try {
      const { data } = await create({ fields: toBody(values), image: values.image!.file }).unwrap();
      setSent(data.title);
      helpers.resetForm({ values: initialValues() });
    } catch (failure) {
      const fieldsRefused = apiErrorBody(failure)?.errors && verdicts.applyServerErrors(failure, values, helpers, RENAME);
      if (!fieldsRefused) helpers.setStatus(failure);
    }
  };

  return (
    <section aria-labelledby="banner-form-heading">
      <h2 id="banner-form-heading">{intl.formatMessage({ id: 'sellerBanners.form.heading' })}</h2>
      {!canCreate ? (
        <p className="form-error" role="note" data-testid="banner-not-paying">
          {intl.formatMessage({ id: 'sellerBanners.errors.notPaying' })}{' '}
          <Link to="/profile/seller/promotion/plan">{intl.formatMessage({ id: 'sellerBanners.form.buyPlan' })}</Link>
        </p>
      ) : null}
      {sent ? (
        <p className="form-success" role="status" data-testid="banner-sent">
          {intl.formatMessage({ id: 'sellerBanners.form.sent' }, { title: sent })}
        </p>
      ) : null}
      <Formik<BannerValues> initialValues={initialValues()} validate={verdicts.validate} onSubmit={submit}>
        {({ values, isSubmitting, status }) => (
          <Form noValidate method="post" className="form banner-form" data-testid="banner-form">
            <BannerImageField name="image" />
            <ChosenPreview values={values} />
            <FormField name="title" labelId="sellerBanners.form.title" idPrefix="banner" maxLength={120} data-testid="banner-title" />
            <FormField name="title_en" labelId="sellerBanners.form.titleEn" idPrefix="banner" maxLength={120} />
            <FormField name="subtitle" labelId="sellerBanners.form.subtitle" idPrefix="banner" maxLength={255} data-testid="banner-subtitle" />
            <SelectField name="link" labelId="sellerBanners.form.link" emptyId="sellerBanners.form.linkChoose" idPrefix="banner" testId="banner-link">
              {(links.data?.data ?? []).map((option) => (
                <option key={option.link} value={option.link}>
                  {intl.formatMessage({ id: `sellerBanners.links.kind.${option.kind}` }, { name: option.label })}
                </option>
              ))}
            </SelectField>
            {links.error ? <ApiErrorText error={links.error} /> : null}
            <SelectField name="placement" labelId="sellerBanners.form.placement" options={BANNER_PLACEMENTS} optionPrefix="sellerBanners.placement" idPrefix="banner" testId="banner-placement" />
            <div className="banner-dates">
              <FormField name="starts_on" labelId="sellerBanners.form.startsOn" idPrefix="banner" type="date" data-testid="banner-starts" />
              <FormField name="ends_on" labelId="sellerBanners.form.endsOn" idPrefix="banner" type="date" data-testid="banner-ends" />
            </div>
            <ApiErrorText error={status} />
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="banner-submit">
                {intl.formatMessage({ id: 'sellerBanners.form.submit' })}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}

function ChosenPreview({ values }: { values: BannerValues }) {
  const usable = values.image && !values.image.refusal ? values.image.file : null;
  const url = useLocalUrl(usable);
  return <BannerPreview title={values.title} subtitle={values.subtitle} localUrl={url} />;
}
