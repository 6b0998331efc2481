import { useIntl } from 'react-intl';
import type { AttemptQuestion } from '../../../../shared/api/olympiad-test-attempts';
import { isAnswered } from '../answers';
import { describeAnswer } from './describe-answer';

type Verdict = 'right' | 'wrong' | 'pending' | 'notSubmitted';

/** An empty essay was not handed in (scored 0, nothing to grade); any other essay waits until staff grade it. */
function reviewVerdict(question: AttemptQuestion): Verdict {
  const review = question.review;
  if (question.type === 'essay' && !isAnswered(question, question.answer)) return 'notSubmitted';
  if (!review || review.correct === null) return 'pending';
  return review.correct ? 'right' : 'wrong';
}

/** Each question with my answer, whether it was right and the right answer; essays with their grade once given. */
export function QuestionReviewList({ questions }: { questions: AttemptQuestion[] }) {
  const intl = useIntl();
  return (
    <ol className="review-list" data-testid="review">
      {questions.map((question, index) => {
        const review = question.review;
        const verdict = reviewVerdict(question);
        return (
          <li key={question.id} className={`review-item is-${verdict}`}>
            <p className="review-head">
              <strong>{intl.formatMessage({ id: 'olympiadTests.ui.questionNumber' }, { number: index + 1 })}</strong>
              <span className={`review-verdict is-${verdict}`}>{intl.formatMessage({ id: `olympiadTests.ui.review.${verdict}` })}</span>
              {review?.points !== null && review?.points !== undefined ? (
                <span className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.review.points' }, { points: review.points, max: question.max_points })}</span>
              ) : null}
            </p>
            <p className="review-question">{question.type === 'closed_text' ? question.text.replace(/\[\[(\d{1,2})\]\]/g, '[$1] ___') : question.text}</p>
            <p>
              <span className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.review.yours' })}</span> {describeAnswer(question, question.answer, intl)}
            </p>
            {review?.solution ? (
              <p>
                <span className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.review.solution' })}</span>{' '}
                {question.type === 'open_text' && review.accepted?.length
                  ? intl.formatList(review.accepted, { type: 'disjunction' })
                  : describeAnswer(question, review.solution, intl)}
              </p>
            ) : null}
            {review?.comment ? (
              <p>
                <span className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.review.comment' })}</span> {review.comment}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
