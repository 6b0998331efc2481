import { useBlankFieldsId, isBlankError } from './blank-fields';
import { useFieldError } from './use-field-error';

/**
 * What a field shows of its error: the text under it and its invalid mark. Inside a
 * BlankFieldsScope a blank field is only marked, described by the form's one sentence.
 */
export function useFieldMessage(shown: boolean, rawError: unknown, id: string) {
  const text = useFieldError(shown, rawError);
  const blankFieldsId = useBlankFieldsId();
  const markedBlank = !!text && blankFieldsId !== null && isBlankError(rawError);
  const message = markedBlank ? null : text;
  const invalid = !!text;
  return {
    message,
    invalid,
    messageId: `${id}-error`,
    describedBy: markedBlank ? (blankFieldsId ?? undefined) : message ? `${id}-error` : undefined,
  };
}
