import { ApiErrorText } from '../components/api-error-text';

/** A form's status line: a message of its own (already translated) or a failed call. */
export function FormStatus({ status }: { status: unknown }) {
  if (typeof status === 'string') {
    return (
      <p className="form-error" role="alert">
        {status}
      </p>
    );
  }
  return <ApiErrorText error={status} />;
}
