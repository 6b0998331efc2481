import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import type { StageResource } from '../../../../shared/api/olympiad-stages';
import { stageEditSchema } from '../../../../shared/validation/olympiad-stages';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { fromLocalInput, toLocalInput } from '../../../components/forms/local-time';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { CheckboxField } from '../components/checkbox-field';
import { useSaveStageMutation } from '../olympiad-api';
import { SaveActions } from '../components/save-actions';

interface StageValues {
  starts_at: string;
  ends_at: string;
  ended: boolean;
}

/** Staff set a stage's dates (in their own time zone) or mark it ended. */
export function StageEditor({ stage, onDone }: { stage: StageResource; onDone(): void }) {
  const intl = useIntl();
  const [save] = useSaveStageMutation();
  // The form edits local times; the shared rule checks what goes to the API.
  const verdicts = useServerVerdicts(validateWith(stageEditSchema, (values: StageValues) => ({ ...values, starts_at: fromLocalInput(values.starts_at), ends_at: fromLocalInput(values.ends_at) })));
  return (
    <Formik<StageValues>
      initialValues={{ starts_at: toLocalInput(stage.starts_at), ends_at: toLocalInput(stage.ends_at), ended: stage.ended }}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        try {
          await save({
            id: stage.id,
            body: { starts_at: fromLocalInput(values.starts_at), ends_at: fromLocalInput(values.ends_at), ended: values.ended },
          }).unwrap();
          onDone();
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate method="post" className="form stage-editor">
          <p className="muted">{intl.formatMessage({ id: 'olympiad.stages.editor.localTime' })}</p>
          <FormField name="starts_at" labelId="olympiad.stages.editor.startsAt" type="datetime-local" />
          <FormField name="ends_at" labelId="olympiad.stages.editor.endsAt" type="datetime-local" />
          <CheckboxField name="ended">{intl.formatMessage({ id: 'olympiad.stages.editor.ended' })}</CheckboxField>
          <ApiErrorText error={status} />
          <SaveActions submitting={isSubmitting} onCancel={onDone} />
        </Form>
      )}
    </Formik>
  );
}
