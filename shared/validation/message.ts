/**
 * Validation messages travel as catalogue keys, so the SPA and the server
 * translate the same rule into the reader's language.
 */
// A type alias (not an interface) so yup accepts it as a `Record` message.
export type ValidationMessage = {
  key: string;
  values?: Record<string, string | number>;
};

export const msg = (key: string, values?: ValidationMessage['values']): ValidationMessage => ({ key, values });

export function isValidationMessage(value: unknown): value is ValidationMessage {
  return typeof value === 'object' && value !== null && typeof (value as ValidationMessage).key === 'string';
}

export const maxLengthMessage = ({ max }: { max: number }) => msg('validation.maxLength', { max });
export const minLengthMessage = ({ min }: { min: number }) => msg('validation.minLength', { min });
