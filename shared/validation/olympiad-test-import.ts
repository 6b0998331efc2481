import * as yup from 'yup';
import { maxLengthMessage, msg } from './message';
import { CATEGORY_MAX, IMPORT_MAX_CHARS } from './olympiad-tests';

/** The chosen file as the SPA sends it: its name and its text (`File.text()`). */
export interface ImportFile {
  name: string;
  content: string;
}

/**
 * The import form of the staff pages, checked before the file is sent. The
 * limits are the route's own (`ImportBody`): the text at most
 * IMPORT_MAX_CHARS characters, the category at most CATEGORY_MAX. The server
 * refuses no file by its name (it reads .xml as Moodle XML, .gift and .txt
 * as GIFT, anything else by its first characters), so neither does this rule;
 * the name is cut to the route's 255 characters when sent.
 */
export const importFormSchema = yup.object({
  // One rule on the whole file, so its message lands on the file's field.
  file: yup
    .mixed<ImportFile>()
    .nullable()
    .default(null)
    .required(msg('validation.fileRequired'))
    .test('size', msg('olympiadTests.validation.importTooLarge', { max: IMPORT_MAX_CHARS }), (file) => !file || file.content.length <= IMPORT_MAX_CHARS),
  format: yup.string().oneOf(['', 'moodle_xml', 'gift'], msg('validation.enum')).default(''),
  category: yup.string().max(CATEGORY_MAX, maxLengthMessage).default(''),
});
