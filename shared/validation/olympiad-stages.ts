import * as yup from 'yup';
import { msg } from './message';

/** A required date and time (ISO 8601), as staff forms send it. */
export const moment = () =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .required(msg('validation.blank'))
    .test('date-time', msg('olympiad.validation.dateTime'), (v) => !v || !Number.isNaN(Date.parse(v)));

/** Staff set a stage's dates and may mark it ended before its end date. */
export const stageEditSchema = yup.object({
  starts_at: moment(),
  ends_at: moment().test('after-start', msg('olympiad.validation.endsBeforeStart'), function after(value) {
    const start = Date.parse(this.parent?.starts_at);
    return !value || Number.isNaN(start) || Date.parse(value) > start;
  }),
  ended: yup.boolean().typeError(msg('validation.type')).required(msg('validation.blank')),
});
export type StageEditInput = yup.InferType<typeof stageEditSchema>;
