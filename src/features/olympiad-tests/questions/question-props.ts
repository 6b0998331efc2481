import type { AnswerValue } from '../../../../shared/api/olympiad-test-answers';
import type { PresentedQuestion } from '../../../../shared/api/olympiad-test-attempts';

/** What every question input gets: its question, the answer shown, and where a new answer goes. */
export interface QuestionInputProps {
  question: PresentedQuestion;
  answer: AnswerValue | null;
  /** `settleMs`: typing; hold the save back until the participant pauses. */
  onAnswer(answer: AnswerValue | null, settleMs?: number): void;
  disabled: boolean;
  /** The id of the element holding the question text. */
  labelledBy: string;
}

/** Typed answers wait for a pause this long before they are saved. */
export const TYPING_SETTLE_MS = 700;
