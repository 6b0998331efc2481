import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { blockUserSchema } from '../../../shared/validation/admin-users';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { serverFieldErrors, toFormikErrors } from '../../components/forms/server-errors';
import { validateWith } from '../../components/forms/validate-with';

interface BlockReasonFormProps {
  /** Ids of the form's fields start with it (one form per screen part). */
  idPrefix: string;
  submitId: string;
  testId: string;
  /** Sends the block; resolves with the failure, or null when it went through. */
  block(reason: string): Promise<unknown>;
  onDone(): void;
}

/**
 * The reason of a block, checked by the shared rule (required, trimmed, at most BLOCK_REASON_MAX)
 * before sending and by the server after; a refusal keeps what was typed and says why under the
 * field, or above the button for a refusal of the whole action (yourself, an admin, the last admin).
 */
export function BlockReasonForm({ idPrefix, submitId, testId, block, onDone }: BlockReasonFormProps) {
  const intl = useIntl();
  return (
    <Formik<{ reason: string }>
      initialValues={{ reason: '' }}
      validateOnBlur={false}
      validate={validateWith(blockUserSchema, (values) => ({ reason: values.reason }))}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        const failure = await block(values.reason.trim());
        if (!failure) {
          helpers.resetForm();
          onDone();
          return;
        }
        const fields = serverFieldErrors(failure);
        if (fields) helpers.setErrors(toFormikErrors(fields));
        else helpers.setStatus(failure);
      }}
    >
      {(form) => (
        <Form className="form admin-block-form" noValidate data-testid={testId}>
          <FormField name="reason" labelId="admin.users.reason.label" idPrefix={idPrefix} multiline rows={2} data-testid={`${testId}-reason`} />
          <ApiErrorText error={form.status} />
          <div className="form-actions">
            <button type="submit" className="button button-danger" disabled={form.isSubmitting} data-testid={`${testId}-submit`}>
              {intl.formatMessage({ id: submitId })}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
