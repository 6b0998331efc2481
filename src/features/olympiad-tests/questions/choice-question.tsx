import type { Letter } from '../../../../shared/api/olympiad-test-common';
import type { QuestionInputProps } from './question-props';

/** Single choice (radio buttons) and multiple choice (checkboxes), options lettered A–J. */
export function ChoiceQuestion({ question, answer, onAnswer, disabled, labelledBy }: QuestionInputProps) {
  const multiple = question.type === 'multiple_choice';
  const options = question.options ?? [];
  const chosen = new Set<string>(multiple ? (answer?.choices ?? []) : answer?.choice ? [answer.choice] : []);

  const toggle = (letter: Letter) => {
    if (!multiple) {
      onAnswer({ choice: letter });
      return;
    }
    const next = new Set(chosen);
    if (next.has(letter)) next.delete(letter);
    else next.add(letter);
    // Kept in the order shown, so the same choice always reads the same.
    const choices = options.map((option) => option.letter).filter((l) => next.has(l));
    onAnswer(choices.length ? { choices } : null);
  };

  return (
    <fieldset className="options" aria-labelledby={labelledBy} disabled={disabled}>
      {options.map((option) => {
        const checked = chosen.has(option.letter);
        return (
          <label key={option.letter} className={`option${checked ? ' is-chosen' : ''}`} data-testid={`option-${option.letter}`}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={`question-${question.id}`}
              value={option.letter}
              checked={checked}
              onChange={() => toggle(option.letter)}
            />
            <span className="option-letter" aria-hidden="true">
              {option.letter}
            </span>
            <span className="option-text">{option.text}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
