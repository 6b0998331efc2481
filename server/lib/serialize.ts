/** Dates leave the API as ISO strings, whatever the driver returned. */
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
