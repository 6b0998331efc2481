// The answers bench:olympiad's participants give.

/** A valid answer to a question as shown: the bench measures saving, not knowing. */
export function answerFor(question, n) {
  const first = (list) => list[n % list.length].letter;
  switch (question.type) {
    case 'single_choice':
      return { choice: first(question.options) };
    case 'multiple_choice':
      return { choices: [first(question.options)] };
    case 'ordering':
      return { order: question.items.map((item) => item.letter).reverse() };
    case 'matching':
      return { matches: Object.fromEntries(question.prompts.map((p) => [p.key, first(question.options)])) };
    case 'closed_text':
      return { gaps: Object.fromEntries(question.gaps.map((g) => [g, first(question.options)])) };
    default:
      return { text: `ответ ${n}` };
  }
}
