import type { IntlShape } from 'react-intl';
import type { AnswerValue } from '../../../../shared/api/olympiad-test-answers';
import type { PresentedQuestion } from '../../../../shared/api/olympiad-test-attempts';

/** An answer as a reader sees it on the results: letters with their texts, prompts with what was put beside them. */
export function describeAnswer(question: PresentedQuestion, answer: AnswerValue | null, intl: IntlShape): string {
  if (!answer) return intl.formatMessage({ id: 'olympiadTests.ui.review.noAnswer' });
  const option = (letter: string, list = question.options ?? []) => {
    const found = list.find((o) => o.letter === letter);
    return found ? `${letter}. ${found.text}` : letter;
  };
  switch (question.type) {
    case 'single_choice':
      return answer.choice ? option(answer.choice) : '';
    case 'multiple_choice':
      return intl.formatList((answer.choices ?? []).map((l) => option(l)), { type: 'conjunction' });
    case 'ordering':
      return (answer.order ?? []).map((l) => option(l, question.items)).join(' → ');
    case 'matching':
      return (question.prompts ?? [])
        .map((prompt) => `${prompt.text} — ${answer.matches?.[prompt.key] ? option(answer.matches[prompt.key]) : '…'}`)
        .join('; ');
    case 'closed_text':
      return (question.gaps ?? []).map((key) => `[${key}] ${answer.gaps?.[key] ? option(answer.gaps[key]) : '…'}`).join('; ');
    case 'open_text':
    case 'essay':
      return answer.text ?? '';
  }
}
