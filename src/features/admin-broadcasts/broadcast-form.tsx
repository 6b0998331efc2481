import { Field, Form, Formik, type FormikProps } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { BroadcastPreview, BroadcastResource } from '../../../shared/api/admin-broadcasts';
import { AUDIENCE_KINDS } from '../../../shared/api/admin-broadcasts-values';
import { ROLES } from '../../../shared/roles';
import { broadcastSchema } from '../../../shared/validation/admin-broadcasts';
import { CATEGORIES } from '../../../shared/validation/olympiad-options';
import { runSchema } from '../../../shared/validation/run-schema';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { SelectField } from '../../components/forms/select-field';
import { serverFieldErrors, toFormikErrors } from '../../components/forms/server-errors';
import { perField, toBody, type BroadcastFields } from './broadcast-fields';
import { useBroadcastBusinessCategoriesQuery, useCreateBroadcastMutation, usePreviewBroadcastMutation } from './broadcasts-api';

const ID = 'broadcast';

/**
 * Composes an announcement: both languages (each person reads theirs), who it goes to, and now
 * or at a time. Checked by the same shared rule as on the server; the preview says how many it
 * reaches and shows it as each language's readers will see it. A refused send keeps everything typed.
 */
export function BroadcastForm({ initial, onSent }: { initial: BroadcastFields; onSent: (sent: BroadcastResource) => void }) {
  const intl = useIntl();
  const [create] = useCreateBroadcastMutation();
  const [requestPreview, previewState] = usePreviewBroadcastMutation();
  const [preview, setPreview] = useState<BroadcastPreview | null>(null);

  const check = async (values: BroadcastFields) => {
    const result = await runSchema(broadcastSchema, toBody(values));
    return result.ok ? {} : toFormikErrors<BroadcastFields>(perField(result.errors));
  };

  const showPreview = async (form: FormikProps<BroadcastFields>) => {
    form.setStatus(undefined);
    const errors = await form.validateForm();
    if (Object.keys(errors).length) {
      form.setTouched(Object.fromEntries(Object.keys(errors).map((name) => [name, true])));
      setPreview(null);
      return;
    }
    const result = await requestPreview(toBody(form.values));
    if ('error' in result) {
      const fields = serverFieldErrors(result.error);
      if (fields) {
        form.setErrors(toFormikErrors(perField(fields)));
        form.setTouched(Object.fromEntries(Object.keys(perField(fields)).map((name) => [name, true])));
      } else form.setStatus(result.error);
      setPreview(null);
      return;
    }
    setPreview(result.data);
  };

  return (
    <Formik<BroadcastFields>
      initialValues={initial}
      validateOnBlur={false}
      validate={check}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        const result = await create(toBody(values));
        if ('error' in result) {
          const fields = serverFieldErrors(result.error);
          if (fields) helpers.setErrors(toFormikErrors(perField(fields)));
          else helpers.setStatus(result.error);
          return;
        }
        onSent(result.data);
      }}
    >
      {(form) => (
        <Form className="broadcast-form" noValidate aria-label={intl.formatMessage({ id: 'admin.broadcasts.new' })} data-testid="broadcast-form" onChange={() => setPreview(null)}>
          <div className="broadcast-form-languages">
            <fieldset>
              <legend>{intl.formatMessage({ id: 'admin.broadcasts.langRu' })}</legend>
              <FormField name="title_ru" labelId="admin.broadcasts.field.title_ru" idPrefix={ID} lang="ru" autoComplete="off" />
              <FormField name="body_ru" labelId="admin.broadcasts.field.body_ru" idPrefix={ID} lang="ru" multiline />
            </fieldset>
            <fieldset>
              <legend>{intl.formatMessage({ id: 'admin.broadcasts.langEn' })}</legend>
              <FormField name="title_en" labelId="admin.broadcasts.field.title_en" idPrefix={ID} lang="en" autoComplete="off" />
              <FormField name="body_en" labelId="admin.broadcasts.field.body_en" idPrefix={ID} lang="en" multiline />
            </fieldset>
          </div>
          <SelectField name="kind" labelId="admin.broadcasts.field.kind" idPrefix={ID} options={AUDIENCE_KINDS} optionPrefix="admin.broadcasts.kind" testId="broadcast-kind" />
          <AudienceDetails kind={form.values.kind} />
          <fieldset>
            <legend>{intl.formatMessage({ id: 'admin.broadcasts.field.when' })}</legend>
            <div className="broadcast-when">
              <label>
                <Field type="radio" name="when" value="now" /> {intl.formatMessage({ id: 'admin.broadcasts.field.now' })}
              </label>
              <label>
                <Field type="radio" name="when" value="later" data-testid="broadcast-later" /> {intl.formatMessage({ id: 'admin.broadcasts.field.later' })}
              </label>
            </div>
            {form.values.when === 'later' ? <FormField name="send_at" labelId="admin.broadcasts.field.send_at" idPrefix={ID} type="datetime-local" /> : null}
          </fieldset>
          <ApiErrorText error={form.status} />
          {preview ? <PreviewBox preview={preview} /> : null}
          <div className="form-actions">
            <button type="button" className="button" disabled={previewState.isLoading || form.isSubmitting} onClick={() => void showPreview(form)} data-testid="broadcast-preview">
              {intl.formatMessage({ id: previewState.isLoading ? 'admin.broadcasts.previewing' : 'admin.broadcasts.preview' })}
            </button>
            <button type="submit" className="button button-primary" disabled={form.isSubmitting} data-testid="broadcast-send">
              {intl.formatMessage({ id: form.isSubmitting ? 'admin.broadcasts.sending' : form.values.when === 'later' ? 'admin.broadcasts.schedule' : 'admin.broadcasts.send' })}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}

/** The audience's own choice: which user(s), which role, which category. */
function AudienceDetails({ kind }: { kind: BroadcastFields['kind'] }) {
  const categories = useBroadcastBusinessCategoriesQuery(undefined, { skip: kind !== 'sellers' });
  switch (kind) {
    case 'user':
      return <FormField name="user_id" labelId="admin.broadcasts.field.user_id" idPrefix={ID} inputMode="numeric" autoComplete="off" />;
    case 'users':
      return <FormField name="user_ids" labelId="admin.broadcasts.field.user_ids" idPrefix={ID} inputMode="numeric" autoComplete="off" />;
    case 'role':
      return <SelectField name="role" labelId="admin.broadcasts.field.role" idPrefix={ID} options={ROLES} optionPrefix="admin.broadcasts.role" />;
    case 'sellers':
      return (
        <SelectField name="business_category_id" labelId="admin.broadcasts.field.business_category_id" idPrefix={ID} emptyId="admin.broadcasts.field.anyCategory">
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </SelectField>
      );
    case 'participants':
      return <SelectField name="category" labelId="admin.broadcasts.field.category" idPrefix={ID} options={CATEGORIES} optionPrefix="admin.broadcasts.category" emptyId="admin.broadcasts.field.anyCategory" />;
    default:
      return null;
  }
}

function PreviewBox({ preview }: { preview: BroadcastPreview }) {
  const intl = useIntl();
  return (
    <section aria-live="polite" data-testid="broadcast-preview-result">
      <p>{intl.formatMessage({ id: 'admin.broadcasts.reaches' }, { count: preview.recipients, ru: preview.by_locale.ru, en: preview.by_locale.en })}</p>
      <div className="broadcast-preview">
        <article lang="ru" aria-label={intl.formatMessage({ id: 'admin.broadcasts.inRu' })}>
          <p className="muted">{intl.formatMessage({ id: 'admin.broadcasts.inRu' })}</p>
          <h3>{preview.ru.title}</h3>
          <p>{preview.ru.body}</p>
        </article>
        <article lang="en" aria-label={intl.formatMessage({ id: 'admin.broadcasts.inEn' })}>
          <p className="muted">{intl.formatMessage({ id: 'admin.broadcasts.inEn' })}</p>
          <h3>{preview.en.title}</h3>
          <p>{preview.en.body}</p>
        </article>
      </div>
    </section>
  );
}
