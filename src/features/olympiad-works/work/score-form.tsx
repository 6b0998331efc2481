import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ModerationItem } from '../../../../shared/api/olympiad-works';
import { scoreSchema } from '../../../../shared/validation/olympiad-works';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { useSetWorkScoreMutation } from '../works-api';

const bodyOf = (values: { score: string }) => ({ score: values.score.trim() === '' ? null : Number(values.score.replace(',', '.')) });

/** Staff give a published work its points in a scored contest (they count in the rating); empty takes them back. */
export function ScoreForm({ workId }: { workId: number }) {
  const intl = useIntl();
  const [setScore] = useSetWorkScoreMutation();
  const [saved, setSaved] = useState<ModerationItem['score'] | undefined>(undefined);
  const verdicts = useServerVerdicts(validateWith(scoreSchema, bodyOf));
  return (
    <Formik
      initialValues={{ score: '' }}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        try {
          const answer = await setScore({ id: workId, score: bodyOf(values).score }).unwrap();
          setSaved(answer.data.score);
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate method="post" className="form work-score" data-testid="work-score">
          <FormField name="score" labelId="olympiadWorks.score.label" inputMode="decimal" />
          <ApiErrorText error={status} />
          <div className="form-actions">
            <button type="submit" className="button" disabled={isSubmitting}>
              {intl.formatMessage({ id: 'olympiadWorks.score.save' })}
            </button>
            {saved !== undefined ? (
              <span className="form-success" role="status" data-testid="work-score-saved">
                {saved === null ? intl.formatMessage({ id: 'olympiadWorks.score.cleared' }) : intl.formatMessage({ id: 'olympiadWorks.score.saved' }, { score: saved })}
              </span>
            ) : null}
          </div>
        </Form>
      )}
    </Formik>
  );
}
