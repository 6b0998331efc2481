import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import type { SearchSynonymResource } from '../../../shared/api/search-synonyms';
import { runSchema } from '../../../shared/validation/run-schema';
import { searchSynonymSchema } from '../../../shared/validation/search-synonyms';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { serverFieldErrors } from '../../components/forms/server-errors';
import type { SynonymBody } from './synonyms-api';
import { perField, toBody, toFields, type SynonymFields } from './synonym-fields';

export type SynonymSaveResult = { data: SearchSynonymResource } | { error: unknown };

interface SynonymFormProps {
  /** The row being changed; without it the form adds one. */
  row?: SearchSynonymResource;
  save: (body: SynonymBody) => Promise<SynonymSaveResult>;
  onSaved: (saved: SearchSynonymResource) => void;
  onCancel: () => void;
}

/** Adds or changes one row; checked by the same shared rule as on the server, and a refused save keeps what was typed. */
export function SynonymForm({ row, save, onSaved, onCancel }: SynonymFormProps) {
  const intl = useIntl();
  const idPrefix = row ? `synonym-${row.id}` : 'synonym-new';
  return (
    <Formik<SynonymFields>
      initialValues={toFields(row)}
      validateOnBlur={false}
      validate={async (values) => {
        const result = await runSchema(searchSynonymSchema, toBody(values));
        return result.ok ? {} : perField(result.errors);
      }}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        const result = await save(toBody(values));
        if ('error' in result) {
          const fields = serverFieldErrors(result.error);
          if (fields) helpers.setErrors(perField(fields));
          else helpers.setStatus(result.error);
          return;
        }
        onSaved(result.data);
      }}
    >
      {(form) => (
        <Form
          className="synonym-form"
          noValidate
          aria-label={intl.formatMessage({ id: row ? 'searchSynonyms.editing' : 'searchSynonyms.new' })}
          data-testid="synonym-form"
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || form.isSubmitting) return;
            event.preventDefault();
            onCancel();
          }}
        >
          <FormField name="terms" labelId="searchSynonyms.terms" idPrefix={idPrefix} autoFocus autoComplete="off" />
          <p className="muted form-hint">
            {intl.formatMessage({ id: 'searchSynonyms.termsHint' })}
          </p>
          <FormField name="expansions" labelId="searchSynonyms.expansions" idPrefix={idPrefix} autoComplete="off" />
          <p className="muted form-hint">{intl.formatMessage({ id: 'searchSynonyms.expansionsHint' })}</p>
          <ApiErrorText error={form.status} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={form.isSubmitting} data-testid="synonym-save">
              {intl.formatMessage({ id: form.isSubmitting ? 'common.saving' : 'common.save' })}
            </button>
            <button type="button" className="button" disabled={form.isSubmitting} data-testid="synonym-cancel" onClick={onCancel}>
              {intl.formatMessage({ id: 'common.cancel' })}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
