import { useIntl } from 'react-intl';
import type { Letter } from '../../../../shared/api/olympiad-test-common';
import type { QuestionInputProps } from './question-props';
import { SortableList } from './sortable-list';

/** Items put in order by dragging or by keyboard; the answer lists their letters first to last. */
export function OrderingQuestion({ question, answer, onAnswer, disabled, labelledBy }: QuestionInputProps) {
  const intl = useIntl();
  const items = question.items ?? [];
  const known = new Set(items.map((item) => item.letter));
  const saved = (answer?.order ?? []).filter((letter) => known.has(letter));
  const order = saved.length === items.length ? saved : items.map((item) => item.letter);
  const byLetter = new Map(items.map((item) => [item.letter, item]));
  const list = order.map((letter) => ({ id: letter, letter, text: byLetter.get(letter)?.text ?? '' }));
  return (
    <div className="ordering-question">
      <SortableList items={list} onCommit={(next) => onAnswer({ order: next as Letter[] })} disabled={disabled} labelledBy={labelledBy} testId="ordering" />
      {!answer ? (
        <button type="button" className="link-button" disabled={disabled} onClick={() => onAnswer({ order })} data-testid="keep-order">
          {intl.formatMessage({ id: 'olympiadTests.ui.sort.keepOrder' })}
        </button>
      ) : null}
    </div>
  );
}
