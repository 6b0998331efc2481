/** An element id from a field's name: nested names ("options.0.text") become "options-0-text", safe in a selector. */
export const fieldId = (name: string, prefix = 'field') => `${prefix}-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
