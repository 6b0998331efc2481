import { useId } from 'react';
import { useIntl } from 'react-intl';
import { ESSAY_MAX_CHARS, OPEN_TEXT_MAX_CHARS } from '../../../../shared/validation/olympiad-tests';
import { charCount, clipChars } from '../answers';
import { TYPING_SETTLE_MS, type QuestionInputProps } from './question-props';

/** Below this many characters left the counter is announced. */
const NEAR_LIMIT = 100;

/** An open answer (a word or a phrase) or an essay (up to 5000 characters, with a counter). */
export function TextQuestion({ question, answer, onAnswer, disabled, labelledBy }: QuestionInputProps) {
  const intl = useIntl();
  const counterId = useId();
  const essay = question.type === 'essay';
  const max = question.max_length ?? (essay ? ESSAY_MAX_CHARS : OPEN_TEXT_MAX_CHARS);
  const value = answer?.text ?? '';
  const change = (text: string) => onAnswer(text.trim() ? { text: clipChars(text, max) } : null, TYPING_SETTLE_MS);
  const count = charCount(value);
  const left = max - count;
  if (!essay) {
    return (
      <input
        type="text"
        className="text-answer"
        value={value}
        maxLength={max}
        disabled={disabled}
        onChange={(event) => change(event.target.value)}
        aria-labelledby={labelledBy}
        autoComplete="off"
        spellCheck={false}
        data-testid="open-answer"
      />
    );
  }
  return (
    <div className="essay-answer">
      {/* No maxLength: the browser counts an emoji as two, the server (and the counter) as one; change() clips instead. */}
      <textarea
        value={value}
        disabled={disabled}
        onChange={(event) => change(event.target.value)}
        aria-labelledby={labelledBy}
        aria-describedby={counterId}
        rows={16}
        data-testid="essay-answer"
      />
      <p id={counterId} className={`char-counter${left < NEAR_LIMIT ? ' is-near' : ''}`} data-testid="char-counter">
        {intl.formatMessage({ id: 'olympiadTests.ui.essay.counter' }, { count, max })}
      </p>
      {left < NEAR_LIMIT ? (
        <p className="visually-hidden" role="status">
          {intl.formatMessage({ id: 'olympiadTests.ui.essay.left' }, { count: left })}
        </p>
      ) : null}
    </div>
  );
}
