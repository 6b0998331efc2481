import { Form, Formik, type FormikErrors } from 'formik';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Contest, MyWork } from '../../../../shared/api/olympiad-works';
import { msg } from '../../../../shared/validation/message';
import { workFieldsSchema } from '../../../../shared/validation/olympiad-works';
import { WORK_DESCRIPTION_MAX, WORK_TITLE_MAX } from '../../../../shared/validation/olympiad-works-rules';
import { ApiErrorText } from '../../../components/api-error-text';
import { FormField } from '../../../components/forms/form-field';
import { SelectField } from '../../../components/forms/select-field';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { useAppDispatch, useAppSelector } from '../../../session/hooks';
import { selectLanguage } from '../../../session/language-slice';
import { selectToken } from '../../../session/session-slice';
import { uploadWork, type UploadFailure } from '../upload-work';
import { storeMyWork } from '../works-api';
import { WorkFileField, type ChosenFile } from './work-file-field';

interface WorkFormValues {
  contest_id: string;
  title: string;
  description: string;
  file: ChosenFile | null;
}

interface WorkFormProps {
  /** Contests a new work may enter now; unused when editing. */
  contests: Contest[];
  /** The rejected (or still waiting) work being edited and sent again; a new work otherwise. */
  editing: MyWork | null;
  onDone(work: MyWork): void;
  onCancel?(): void;
}

const isNetworkFailure = (failure: unknown) => (failure as UploadFailure | null)?.status === 'FETCH_ERROR';

/**
 * A new work, or a rejected one fixed and sent again. Everything the participant typed and chose
 * stays on any error; a network failure offers "try again", which sends the same upload key so
 * the server stores one copy even if the first attempt did arrive.
 */
export function WorkForm({ contests, editing, onDone, onCancel }: WorkFormProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [progress, setProgress] = useState<number | null>(null);
  const [networkFailed, setNetworkFailed] = useState(false);
  // One key per work being sent, made on the first attempt and kept until the server has it.
  const uploadKey = useRef<string | null>(null);
  const fieldsRule = validateWith<WorkFormValues>(workFieldsSchema, (values) => ({ title: values.title, description: values.description }));
  // The shared rule covers the texts; the contest and the file (checked on its bytes when chosen) are added here.
  const verdicts = useServerVerdicts<WorkFormValues>(async (values) => {
    const errors: FormikErrors<WorkFormValues> = { ...(await fieldsRule(values)) };
    if (!editing && values.contest_id === '') errors.contest_id = msg('olympiadWorks.errors.contestRequired') as never;
    if (values.file?.refusal) errors.file = values.file.refusal as never;
    else if (!values.file && !editing) errors.file = msg('olympiadWorks.errors.fileRequired') as never;
    return errors;
  });
  const open = contests.filter((contest) => contest.state === 'open' && contest.may_enter !== false);
  const initial: WorkFormValues = {
    contest_id: editing ? String(editing.contest.id) : open.length === 1 ? String(open[0].id) : '',
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    file: null,
  };

  return (
    <Formik
      initialValues={initial}
      validate={verdicts.validate}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        setNetworkFailed(false);
        uploadKey.current ??= crypto.randomUUID();
        const fields: Record<string, string> = { title: values.title.trim(), description: values.description.trim() };
        if (!editing) Object.assign(fields, { contest_id: values.contest_id, upload_key: uploadKey.current });
        setProgress(values.file ? 0 : null);
        try {
          const { data } = await uploadWork({
            path: editing ? `/olympiad/works/${editing.id}` : '/olympiad/works',
            fields,
            file: values.file?.file ?? null,
            token,
            language,
            onProgress: setProgress,
          });
          uploadKey.current = null;
          storeMyWork(dispatch, data);
          helpers.resetForm({ values: { ...initial, title: '', description: '' } });
          onDone(data);
        } catch (failure) {
          if (isNetworkFailure(failure)) setNetworkFailed(true);
          else if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        } finally {
          setProgress(null);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate className="form narrow works-form" data-testid="work-form" aria-busy={isSubmitting}>
          {editing ? (
            <p className="muted" data-testid="work-form-contest">
              {intl.formatMessage({ id: 'olympiadWorks.form.contestFixed' }, { contest: editing.contest.title })}
            </p>
          ) : (
            <SelectField name="contest_id" labelId="olympiadWorks.form.contest" emptyId="olympiadWorks.form.chooseContest" testId="work-contest" idPrefix="work">
              {open.map((contest) => (
                <option key={contest.id} value={String(contest.id)}>
                  {contest.title}
                </option>
              ))}
            </SelectField>
          )}
          <FormField name="title" labelId="olympiadWorks.form.title" maxLength={WORK_TITLE_MAX} idPrefix="work" data-testid="work-title" />
          <FormField name="description" labelId="olympiadWorks.form.description" multiline rows={5} maxLength={WORK_DESCRIPTION_MAX} idPrefix="work" data-testid="work-description" />
          <WorkFileField name="file" optional={!!editing} />
          {progress !== null ? (
            <div className="works-progress">
              <label htmlFor="work-upload-progress">{intl.formatMessage({ id: 'olympiadWorks.form.uploading' }, { percent: Math.round(progress * 100) })}</label>
              <progress id="work-upload-progress" max={1} value={progress} data-testid="work-upload-progress" />
            </div>
          ) : null}
          {networkFailed ? (
            <p className="form-error" role="alert" data-testid="work-upload-failed">
              {intl.formatMessage({ id: 'olympiadWorks.form.uploadFailed' })}
            </p>
          ) : null}
          <ApiErrorText error={status} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="work-submit">
              {intl.formatMessage({ id: networkFailed ? 'olympiadWorks.form.retry' : editing ? 'olympiadWorks.form.resubmit' : 'olympiadWorks.form.submit' })}
            </button>
            {onCancel ? (
              <button type="button" className="button" onClick={onCancel} disabled={isSubmitting} data-testid="work-cancel">
                {intl.formatMessage({ id: 'olympiadWorks.form.cancel' })}
              </button>
            ) : null}
          </div>
        </Form>
      )}
    </Formik>
  );
}
