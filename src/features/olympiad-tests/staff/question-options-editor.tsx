import { FieldArray, useField, useFormikContext } from 'formik';
import { useIntl } from 'react-intl';
import { gapKeys, LETTERS, MAX_OPTIONS } from '../../../../shared/validation/olympiad-tests';
import { emptyOption, type QuestionFormValues } from './question-form-values';
import { FormField } from '../../../components/forms/form-field';
import { ListError } from '../../../components/forms/list-error';
import { SelectField } from '../../../components/forms/select-field';

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
export function OptionsEditor({ withCorrect, single }: { withCorrect: boolean; single: boolean }) {
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
              <FormField idPrefix="staff" name={`options.${index}.text`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.optionText' }, { letter: LETTERS[index] })} />
              <FormField idPrefix="staff" name={`options.${index}.text_en`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.inEnglish' })} />
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

/** Closed text: for each gap written in the text, which option fills it. */
export function GapsEditor() {
  const intl = useIntl();
  const { values } = useFormikContext<QuestionFormValues>();
  const keys = gapKeys(values.text);
  return (
    <fieldset className="editor-list">
      <legend>{intl.formatMessage({ id: 'olympiadTests.ui.editor.gaps' })}</legend>
      <p className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.editor.gapsHint' })}</p>
      {keys.map((key, index) => (
        <SelectField idPrefix="staff" key={key} name={`gaps.${index}`} label={intl.formatMessage({ id: 'olympiadTests.ui.gap' }, { number: key })}>
          <option value="">{intl.formatMessage({ id: 'olympiadTests.ui.gapEmpty' })}</option>
          {values.options.map((option, i) => (
            <option key={i} value={String(i)}>
              {LETTERS[i]}. {option.text}
            </option>
          ))}
        </SelectField>
      ))}
      <ListError name="gaps" />
    </fieldset>
  );
}
