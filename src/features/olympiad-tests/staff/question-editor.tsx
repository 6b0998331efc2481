import { Form, Formik, useFormikContext } from 'formik';
import { useIntl } from 'react-intl';
import type { QuestionResource } from '../../../../shared/api/olympiad-test-bank';
import { questionSchema } from '../../../../shared/validation/olympiad-test-question';
import { QUESTION_TYPES } from '../../../../shared/validation/olympiad-tests';
import { ApiErrorText } from '../../../components/api-error-text';
import { useCreateQuestionMutation, useUpdateQuestionMutation } from '../staff-tests-api';
import { useServerVerdicts } from '../../../components/forms/use-server-verdicts';
import { validateWith } from '../../../components/forms/validate-with';
import { questionBody, questionFormValues, type QuestionFormValues } from './question-form-values';
import { AcceptedEditor, ItemsEditor, PairsEditor } from './question-list-editors';
import { GapsEditor, OptionsEditor } from './question-options-editor';
import { FormField } from '../../../components/forms/form-field';
import { SelectField } from '../../../components/forms/select-field';

/** The fields each question type adds: options (choice, closed text), items, pairs or accepted answers. */
function TypeFields() {
  const { values } = useFormikContext<QuestionFormValues>();
  switch (values.type) {
    case 'single_choice':
      return <OptionsEditor withCorrect single />;
    case 'multiple_choice':
      return <OptionsEditor withCorrect single={false} />;
    case 'closed_text':
      return (
        <>
          <OptionsEditor withCorrect={false} single={false} />
          <GapsEditor />
        </>
      );
    case 'ordering':
      return <ItemsEditor />;
    case 'matching':
      return <PairsEditor />;
    case 'open_text':
      return <AcceptedEditor />;
    case 'essay':
      return null;
  }
}

interface QuestionEditorProps {
  question?: QuestionResource;
  defaultCategory?: string;
  onSaved(question: QuestionResource): void;
  onCancel(): void;
}

/** Staff write or change a question of any type, in Russian with an optional English translation. */
export function QuestionEditor({ question, defaultCategory, onSaved, onCancel }: QuestionEditorProps) {
  const intl = useIntl();
  const [create] = useCreateQuestionMutation();
  const [update] = useUpdateQuestionMutation();
  const verdicts = useServerVerdicts(validateWith<QuestionFormValues>(questionSchema, questionBody));
  return (
    <Formik<QuestionFormValues>
      initialValues={questionFormValues(question, { category: defaultCategory })}
      validate={verdicts.validate}
      validateOnChange={false}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        try {
          const body = questionBody(values);
          const saved = question ? await update({ id: question.id, body }).unwrap() : await create(body).unwrap();
          onSaved(saved);
        } catch (failure) {
          if (!verdicts.applyServerErrors(failure, values, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status, values }) => (
        <Form noValidate className="form question-editor" data-testid="question-editor">
          <SelectField idPrefix="staff" name="type" label={intl.formatMessage({ id: 'olympiadTests.ui.editor.type' })} testId="question-type">
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {intl.formatMessage({ id: `olympiadTests.ui.type.${type}` })}
              </option>
            ))}
          </SelectField>
          <FormField
            idPrefix="staff"
            name="text"
            label={intl.formatMessage({ id: values.type === 'closed_text' ? 'olympiadTests.ui.editor.closedText' : 'olympiadTests.ui.editor.text' })}
            multiline
            rows={4}
          />
          <FormField idPrefix="staff" name="text_en" label={intl.formatMessage({ id: 'olympiadTests.ui.editor.textEn' })} multiline rows={3} />
          <div className="editor-grid">
            <FormField idPrefix="staff" name="category" label={intl.formatMessage({ id: 'olympiadTests.ui.editor.category' })} />
            <FormField idPrefix="staff" name="name" label={intl.formatMessage({ id: 'olympiadTests.ui.editor.name' })} />
            <FormField idPrefix="staff" name="max_points" type="number" min={1} max={100} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.points' })} />
          </div>
          <TypeFields />
          <ApiErrorText error={status} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="save-question">
              {intl.formatMessage({ id: isSubmitting ? 'common.saving' : 'common.save' })}
            </button>
            <button type="button" className="button" onClick={onCancel}>
              {intl.formatMessage({ id: 'common.cancel' })}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
