import { FieldArray, useFormikContext } from 'formik';
import { useIntl } from 'react-intl';
import { MAX_OPTIONS } from '../../../../shared/validation/olympiad-tests';
import { emptyItem, emptyPair, type QuestionFormValues } from './question-form-values';
import { FormField } from '../../../components/forms/form-field';
import { ListError } from '../../../components/forms/list-error';

/** Ordering: the items in their right order (participants get them shuffled). */
export function ItemsEditor() {
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
              <FormField idPrefix="staff" name={`items.${index}.text`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.itemText' }, { number: index + 1 })} />
              <FormField idPrefix="staff" name={`items.${index}.text_en`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.inEnglish' })} />
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
export function PairsEditor() {
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
                <FormField idPrefix="staff" name={`pairs.${index}.prompt`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.prompt' }, { number: index + 1 })} />
                <FormField idPrefix="staff" name={`pairs.${index}.answer`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.answer' }, { number: index + 1 })} />
                <FormField idPrefix="staff" name={`pairs.${index}.prompt_en`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.inEnglish' })} />
                <FormField idPrefix="staff" name={`pairs.${index}.answer_en`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.inEnglish' })} />
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
                <FormField idPrefix="staff" name={`distractors.${index}.text`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.distractor' }, { number: index + 1 })} />
                <FormField idPrefix="staff" name={`distractors.${index}.text_en`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.inEnglish' })} />
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
export function AcceptedEditor() {
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
              <FormField idPrefix="staff" name={`accepted.${index}`} label={intl.formatMessage({ id: 'olympiadTests.ui.editor.acceptedOne' }, { number: index + 1 })} />
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
