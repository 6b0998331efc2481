import { Fragment } from 'react';
import { useIntl } from 'react-intl';
import type { Letter } from '../../../../shared/api/olympiad-test-common';
import type { QuestionInputProps } from './question-props';

/** A text with gaps `[[1]]`, `[[2]]`…: each gap is filled with one of the offered words. */
export function ClosedTextQuestion({ question, answer, onAnswer, disabled }: QuestionInputProps) {
  const intl = useIntl();
  const options = question.options ?? [];
  // Split on the gaps: even parts are text, odd parts gap keys.
  const parts = question.text.split(/\[\[(\d{1,2})\]\]/);
  const choose = (key: string, letter: string) => {
    const gaps = { ...(answer?.gaps ?? {}) };
    if (letter) gaps[key] = letter as Letter;
    else delete gaps[key];
    onAnswer(Object.keys(gaps).length ? { gaps } : null);
  };
  return (
    <p className="closed-text" data-testid="closed-text">
      {parts.map((part, index) =>
        index % 2 === 0 ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <select
            key={index}
            className="gap-select"
            value={answer?.gaps?.[part] ?? ''}
            disabled={disabled}
            onChange={(event) => choose(part, event.target.value)}
            aria-label={intl.formatMessage({ id: 'olympiadTests.ui.gap' }, { number: part })}
            data-testid={`gap-${part}`}
          >
            <option value="">{intl.formatMessage({ id: 'olympiadTests.ui.gapEmpty' })}</option>
            {options.map((option) => (
              <option key={option.letter} value={option.letter}>
                {option.letter}. {option.text}
              </option>
            ))}
          </select>
        ),
      )}
    </p>
  );
}
