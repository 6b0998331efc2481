import { Form, Formik, type FormikProps, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { AnyObjectSchema } from 'yup';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { DraftKeeper, clearDraft, readDraft } from './form-tools';

type Body = Record<string, unknown>;

interface CatalogFormProps<V extends FormikValues, R> {
  /** localStorage key of the draft: what was typed survives a reload until the save succeeds. */
  draftKey: string;
  /** The blank form or the item being edited; a kept draft is laid over it. */
  initialValues: V;
  /** The shared rule the server applies to the same body, so both sides say the same words. */
  schema: AnyObjectSchema;
  toBody: (values: V) => Body;
  save: (body: Body) => Promise<{ data: R } | { error: unknown }>;
  onSaved: (saved: R) => void;
  children: (form: FormikProps<V>) => ReactNode;
  /** Buttons beside Save (delete, …). */
  actions?: ReactNode;
  /** A failure outside the form's own save (a delete) to show above the buttons. */
  otherError?: unknown;
}

/**
 * Every create/edit form of the catalogue: shared-rule validation, the draft
 * kept on every change, a 422 spread over its fields (any other failure above
 * the buttons), and the draft dropped once the item is saved.
 */
export function CatalogForm<V extends FormikValues, R>({ draftKey, initialValues, schema, toBody, save, onSaved, children, actions, otherError }: CatalogFormProps<V, R>) {
  const intl = useIntl();
  const verdicts = useServerVerdicts(validateWith<V>(schema, toBody));
  return (
    <Formik<V>
      initialValues={readDraft(draftKey, initialValues)}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        const result = await save(toBody(values));
        if ('error' in result) {
          if (!verdicts.applyServerErrors(result.error, values, helpers)) helpers.setStatus(result.error);
          return;
        }
        clearDraft(draftKey, values);
        onSaved(result.data);
      }}
    >
      {(form) => (
        <Form className="cat-form" noValidate>
          <DraftKeeper storageKey={draftKey} />
          {children(form)}
          <ApiErrorText error={form.status ?? otherError} />
          <div className="form-actions">
            {/* Pressing Save would blur the field being typed in first; its message then appears, pushes the
                button down, and the press ends beside it: no submit. Keeping the focus where it is avoids that. */}
            <button type="submit" className="button button-primary" disabled={form.isSubmitting} data-testid="save" onMouseDown={(event) => event.preventDefault()}>
              {intl.formatMessage({ id: form.isSubmitting ? 'common.saving' : 'common.save' })}
            </button>
            {actions}
          </div>
        </Form>
      )}
    </Formik>
  );
}

interface EditGateProps {
  /** Something the form needs is still loading. */
  loading: boolean;
  /** The id from the URL when editing. */
  editId: number | undefined;
  /** The item to edit, once loaded. */
  item: unknown;
  error: unknown;
  /** Whether the viewer owns the item (the server checks again on save). */
  canEdit: boolean;
  children: ReactNode;
}

/** What an edit form shows instead of its fields: a loader, the error of a missing item, or "not yours". */
export function EditGate({ loading, editId, item, error, canEdit, children }: EditGateProps) {
  const intl = useIntl();
  if (loading) return <PageLoading />;
  if (editId && !item) return <ApiErrorText error={error} />;
  if (item && !canEdit) return <ApiErrorText error={{ data: { message: intl.formatMessage({ id: 'catalog.ui.form.notOwner' }) } }} />;
  return <>{children}</>;
}

/** The `?edit=<id>` of a form's URL (undefined when creating). */
export const editIdOf = (value: string | null | undefined): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};
