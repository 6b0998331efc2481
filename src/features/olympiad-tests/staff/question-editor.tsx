import { FieldArray, Form, Formik, useField, useFormikContext } from 'formik';
import { useIntl } from 'react-intl';
import type { QuestionResource } from '../../../../shared/api/olympiad-test-bank';
import { questionSchema } from '../../../../shared/validation/olympiad-test-question';
import { gapKeys, LETTERS, MAX_OPTIONS, QUESTION_TYPES } from '../../../../shared/validation/olympiad-tests';
import { ApiErrorText } from '../../../components/api-error-text';
import { useCreateQuestionMutation, useUpdateQuestionMutation } from '../staff-tests-api';
import { applyNestedServerErrors, validateWith } from './form-errors';
import { emptyItem, emptyOption, emptyPair, questionBody, questionFormValues, type QuestionFormValues } from './question-form-values';
import { ListError, StaffField, StaffSelect } from './staff-field';

function CorrectToggle({ index, single }: { index: number; single: boolean }) {
  const intl = useIntl();
  const { values, setFieldValue } = useFormikContext<QuestionFormValues>();
  const [field] = useField<boolean>(`options.${index}.correct`);
  const toggle = () => {
    if (single) {
      void setFieldValue(
        'options',
        values.options.map((option, i) => ({ ...option, correct: i === index })),
      );
    } else void setFieldValue(`options.${index}.correct`, !field.value);
  };
  return (
    <label className="checkbox-row">
      <input type={single ? 'radio' : 'checkbox'} name={single ? 'correct-option' : undefined} checked={!!field.value} onChange={toggle} data-testid={`correct-${LETTERS[index]}`} />
      {intl.formatMessage({ id: 'olympiadTests.ui.editor.correct' })}
    </label>
  );
}

/** Options lettered A–J; single and multiple choice mark the right ones, closed text offers them for every gap. */
function OptionsEditor({ withCorrect, single }: { withCorrect: boolean; single: boolean }) {
  const intl = useIntl();
  const { values } = useFormikContext<QuestionFormValues>();
  return (
    <FieldArray name="options">
      {({ push, remove }) => (
        <fieldset className="editor-list">
          <legend>{intl.formatMessage({ id: 'olympiadTests.ui.editor.options' })}</legend>
          {values.options.map((_, index) => (
            <div key={index} className="editor-row">
              <span className="option-letter">{LETTERS[index]}</span>
              <StaffField name={`options.${index}.text`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.optionText' }, { letter: LETTERS[index] })} />
              <StaffField name={`options.${index}.text_en`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.inEnglish' })} />
              {withCorrect ? <CorrectToggle index={index} single={single} /> : null}
              <button type="button" className="link-button" onClick={() => remove(index)} disabled={values.options.length <= 2}>
                {intl.formatMessage({ id: 'olympiadTests.ui.editor.remove' })}
              </button>
            </div>
          ))}
          <ListError name="options" />
          <button type="button" className="button" onClick={() => push(emptyOption())} disabled={values.options.length >= MAX_OPTIONS} data-testid="add-option">
            {intl.formatMessage({ id: 'olympiadTests.ui.editor.addOption' })}
          </button>
        </fieldset>
      )}
    </FieldArray>
  );
}

/** Ordering: the items in their right order (participants get them shuffled). */
function ItemsEditor() {
  const intl = useIntl();
  const { values, setFieldValue } = useFormikContext<QuestionFormValues>();
  const swap = (a: number, b: number) => {
    const next = [...values.items];
    [next[a], next[b]] = [next[b], next[a]];
    void setFieldValue('items', next);
  };
  return (
    <FieldArray name="items">
      {({ push, remove }) => (
        <fieldset className="editor-list">
          <legend>{intl.formatMessage({ id: 'olympiadTests.ui.editor.items' })}</legend>
          {values.items.map((_, index) => (
            <div key={index} className="editor-row">
              <span className="option-letter">{index + 1}</span>
              <StaffField name={`items.${index}.text`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.itemText' }, { number: index + 1 })} />
              <StaffField name={`items.${index}.text_en`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.inEnglish' })} />
              <span className="sortable-buttons">
                <button type="button" className="icon-action" disabled={index === 0} onClick={() => swap(index, index - 1)} aria-label={intl.formatMessage({ id: 'olympiadTests.ui.editor.up' })}>
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-action"
                  disabled={index === values.items.length - 1}
                  onClick={() => swap(index, index + 1)}
                  aria-label={intl.formatMessage({ id: 'olympiadTests.ui.editor.down' })}
                >
                  ↓
                </button>
              </span>
              <button type="button" className="link-button" onClick={() => remove(index)} disabled={values.items.length <= 2}>
                {intl.formatMessage({ id: 'olympiadTests.ui.editor.remove' })}
              </button>
            </div>
          ))}
          <ListError name="items" />
          <button type="button" className="button" onClick={() => push(emptyItem())} disabled={values.items.length >= MAX_OPTIONS}>
            {intl.formatMessage({ id: 'olympiadTests.ui.editor.addItem' })}
          </button>
        </fieldset>
      )}
    </FieldArray>
  );
}

/** Matching: prompt → answer pairs, plus answers that match nothing (distractors). */
function PairsEditor() {
  const intl = useIntl();
  const { values } = useFormikContext<QuestionFormValues>();
  return (
    <>
      <FieldArray name="pairs">
        {({ push, remove }) => (
          <fieldset className="editor-list">
            <legend>{intl.formatMessage({ id: 'olympiadTests.ui.editor.pairs' })}</legend>
            {values.pairs.map((_, index) => (
              <div key={index} className="editor-row editor-pair">
                <StaffField name={`pairs.${index}.prompt`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.prompt' }, { number: index + 1 })} />
                <StaffField name={`pairs.${index}.answer`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.answer' }, { number: index + 1 })} />
                <StaffField name={`pairs.${index}.prompt_en`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.inEnglish' })} />
                <StaffField name={`pairs.${index}.answer_en`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.inEnglish' })} />
                <button type="button" className="link-button" onClick={() => remove(index)} disabled={values.pairs.length <= 2}>
                  {intl.formatMessage({ id: 'olympiadTests.ui.editor.remove' })}
                </button>
              </div>
            ))}
            <ListError name="pairs" />
            <button type="button" className="button" onClick={() => push(emptyPair())} disabled={values.pairs.length >= MAX_OPTIONS}>
              {intl.formatMessage({ id: 'olympiadTests.ui.editor.addPair' })}
            </button>
          </fieldset>
        )}
      </FieldArray>
      <FieldArray name="distractors">
        {({ push, remove }) => (
          <fieldset className="editor-list">
            <legend>{intl.formatMessage({ id: 'olympiadTests.ui.editor.distractors' })}</legend>
            {values.distractors.map((_, index) => (
              <div key={index} className="editor-row">
                <StaffField name={`distractors.${index}.text`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.distractor' }, { number: index + 1 })} />
                <StaffField name={`distractors.${index}.text_en`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.inEnglish' })} />
                <button type="button" className="link-button" onClick={() => remove(index)}>
                  {intl.formatMessage({ id: 'olympiadTests.ui.editor.remove' })}
                </button>
              </div>
            ))}
            <ListError name="distractors" />
            <button type="button" className="button" onClick={() => push(emptyItem())} disabled={values.pairs.length + values.distractors.length >= MAX_OPTIONS}>
              {intl.formatMessage({ id: 'olympiadTests.ui.editor.addDistractor' })}
            </button>
          </fieldset>
        )}
      </FieldArray>
    </>
  );
}

/** Open text: every accepted answer (case, spaces and ё/е do not matter). */
function AcceptedEditor() {
  const intl = useIntl();
  const { values } = useFormikContext<QuestionFormValues>();
  return (
    <FieldArray name="accepted">
      {({ push, remove }) => (
        <fieldset className="editor-list">
          <legend>{intl.formatMessage({ id: 'olympiadTests.ui.editor.accepted' })}</legend>
          <p className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.editor.acceptedHint' })}</p>
          {values.accepted.map((_, index) => (
            <div key={index} className="editor-row">
              <StaffField name={`accepted.${index}`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.acceptedOne' }, { number: index + 1 })} />
              <button type="button" className="link-button" onClick={() => remove(index)} disabled={values.accepted.length <= 1}>
                {intl.formatMessage({ id: 'olympiadTests.ui.editor.remove' })}
              </button>
            </div>
          ))}
          <ListError name="accepted" />
          <button type="button" className="button" onClick={() => push('')}>
            {intl.formatMessage({ id: 'olympiadTests.ui.editor.addAccepted' })}
          </button>
        </fieldset>
      )}
    </FieldArray>
  );
}

/** Closed text: for each gap written in the text, which option fills it. */
function GapsEditor() {
  const intl = useIntl();
  const { values } = useFormikContext<QuestionFormValues>();
  const keys = gapKeys(values.text);
  return (
    <fieldset className="editor-list">
      <legend>{intl.formatMessage({ id: 'olympiadTests.ui.editor.gaps' })}</legend>
      <p className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.editor.gapsHint' })}</p>
      {keys.map((key, index) => (
        <StaffSelect key={key} name={`gaps.${index}`} label={intl.formatMessage({ id: 'olympiadTests.ui.gap' }, { number: key })}>
          <option value="">{intl.formatMessage({ id: 'olympiadTests.ui.gapEmpty' })}</option>
          {values.options.map((option, i) => (
            <option key={i} value={String(i)}>
              {LETTERS[i]}. {option.text}
            </option>
          ))}
        </StaffSelect>
      ))}
      <ListError name="gaps" />
    </fieldset>
  );
}

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
  return (
    <Formik<QuestionFormValues>
      initialValues={questionFormValues(question, { category: defaultCategory })}
      validate={validateWith<QuestionFormValues>(questionSchema, questionBody)}
      validateOnChange={false}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        try {
          const body = questionBody(values);
          const saved = question ? await update({ id: question.id, body }).unwrap() : await create(body).unwrap();
          onSaved(saved);
        } catch (failure) {
          if (!applyNestedServerErrors(failure, helpers)) helpers.setStatus(failure);
        }
      }}
    >
      {({ isSubmitting, status, values }) => (
        <Form noValidate className="form question-editor" data-testid="question-editor">
          <StaffSelect name="type" label={intl.formatMessage({ id: 'olympiadTests.ui.editor.type' })} testId="question-type">
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {intl.formatMessage({ id: `olympiadTests.ui.type.${type}` })}
              </option>
            ))}
          </StaffSelect>
          <StaffField
            name="text"
            label={intl.formatMessage({ id: values.type === 'closed_text' ? 'olympiadTests.ui.editor.closedText' : 'olympiadTests.ui.editor.text' })}
            multiline
            rows={4}
          />
          <StaffField name="text_en" label={intl.formatMessage({ id: 'olympiadTests.ui.editor.textEn' })} multiline rows={3} />
          <div className="editor-grid">
            <StaffField name="category" label={intl.formatMessage({ id: 'olympiadTests.ui.editor.category' })} />
            <StaffField name="name" label={intl.formatMessage({ id: 'olympiadTests.ui.editor.name' })} />
            <StaffField name="max_points" type="number" min={1} max={100} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.points' })} />
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
