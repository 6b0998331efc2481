import { useIntl } from 'react-intl';
import type { Letter } from '../../../../shared/api/olympiad-test-common';
import type { QuestionInputProps } from './question-props';
import { SortableList } from './sortable-list';

/**
 * Prompts stay on the left; the lettered answers are put beside them by
 * dragging or by keyboard. Answers below the last prompt match nothing.
 */
export function MatchingQuestion({ question, answer, onAnswer, disabled, labelledBy }: QuestionInputProps) {
  const intl = useIntl();
  const prompts = question.prompts ?? [];
  const options = question.options ?? [];
  const letters = options.map((option) => option.letter);
  // Rebuild the rows from the saved matches: each prompt's answer in its row, the rest after them.
  const placed: Letter[] = [];
  for (const prompt of prompts) {
    const letter = answer?.matches?.[prompt.key];
    if (letter && letters.includes(letter) && !placed.includes(letter)) placed.push(letter);
    else break;
  }
  const order = placed.length === prompts.length ? [...placed, ...letters.filter((l) => !placed.includes(l))] : letters;
  const byLetter = new Map(options.map((option) => [option.letter, option]));
  const list = order.map((letter) => ({ id: letter, letter, text: byLetter.get(letter)?.text ?? '' }));
  const matchesOf = (next: string[]) =>
    Object.fromEntries(prompts.flatMap((prompt, index) => (next[index] ? [[prompt.key, next[index] as Letter]] : [])));
  return (
    <div className="matching-question">
      <SortableList
        items={list}
        slots={prompts.map((prompt) => prompt.text)}
        onCommit={(next) => onAnswer({ matches: matchesOf(next) })}
        disabled={disabled}
        labelledBy={labelledBy}
        testId="matching"
      />
      {!answer ? (
        <button type="button" className="link-button" disabled={disabled} onClick={() => onAnswer({ matches: matchesOf(order) })} data-testid="keep-matching">
          {intl.formatMessage({ id: 'olympiadTests.ui.sort.keepMatching' })}
        </button>
      ) : null}
    </div>
  );
}
