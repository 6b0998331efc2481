import { ErrorPage, RetryOrHome } from '../../components/error-page';

/** The generic 500 page: a render or chunk failure never leaves a blank screen. */
export function ServerErrorPage() {
  return (
    <ErrorPage code={500} titleId="serverError.title" textId="serverError.text" testId="server-error">
      <RetryOrHome />
    </ErrorPage>
  );
}
