import { ChoiceQuestion } from './choice-question';
import { ClosedTextQuestion } from './closed-text-question';
import { MatchingQuestion } from './matching-question';
import { OrderingQuestion } from './ordering-question';
import type { QuestionInputProps } from './question-props';
import { TextQuestion } from './text-question';

/** The input that fits the question's type. */
export function QuestionInput(props: QuestionInputProps) {
  switch (props.question.type) {
    case 'single_choice':
    case 'multiple_choice':
      return <ChoiceQuestion {...props} />;
    case 'ordering':
      return <OrderingQuestion {...props} />;
    case 'matching':
      return <MatchingQuestion {...props} />;
    case 'closed_text':
      return <ClosedTextQuestion {...props} />;
    case 'open_text':
    case 'essay':
      return <TextQuestion {...props} />;
  }
}
