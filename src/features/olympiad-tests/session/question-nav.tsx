import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../../session/hooks';
import { questionMark, questionOpened, selectSession } from '../test-session-slice';

/** One button per question, marked current / answered / skipped; any question can be opened. */
export function QuestionNav({ disabled }: { disabled: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  return (
    <nav className="question-nav" aria-label={intl.formatMessage({ id: 'olympiadTests.ui.nav.label' })}>
      <ol>
        {session.questions.map((question, index) => {
          const mark = questionMark(session, index);
          return (
            <li key={question.id}>
              <button
                type="button"
                className={`question-dot is-${mark}`}
                aria-current={mark === 'current' ? 'step' : undefined}
                aria-label={intl.formatMessage({ id: `olympiadTests.ui.nav.${mark}` }, { number: index + 1 })}
                disabled={disabled}
                onClick={() => dispatch(questionOpened(index))}
                data-testid={`question-dot-${index + 1}`}
                data-mark={mark}
              >
                {index + 1}
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="question-nav-legend" aria-hidden="true">
        {(['answered', 'skipped', 'current'] as const).map((mark) => (
          <li key={mark}>
            <span className={`question-dot is-${mark} is-legend`} />
            {intl.formatMessage({ id: `olympiadTests.ui.legend.${mark}` })}
          </li>
        ))}
      </ul>
    </nav>
  );
}
