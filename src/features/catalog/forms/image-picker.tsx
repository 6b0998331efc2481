import { useField } from 'formik';
import { useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ImageResource } from '../../../../shared/api/catalog-common';
import { IMAGES_MAX } from '../../../../shared/validation/catalog-common';
import { IMAGE_ACCEPT, imageFileProblem } from '../../../../shared/validation/catalog-image';
import { apiErrorBody } from '../../../services/api';
import { useFieldError } from '../../../components/forms/use-field-error';
import { useUploadImageMutation } from '../catalog-api';
import { ImageBox } from '../components/image-box';

/**
 * Uploads each chosen picture at once (the server checks its content and
 * resizes it) and keeps the answers in the formik field `name`; the body sends their ids.
 * `errorName` is the field the server names in a 422 (`image_ids`).
 */
export function ImagePicker({ name, errorName, labelId, max = IMAGES_MAX }: { name: string; errorName: string; labelId: string; max?: number }) {
  const intl = useIntl();
  const [field, , helpers] = useField<ImageResource[]>(name);
  const [, errorMeta] = useField(errorName);
  const [upload, { isLoading }] = useUploadImageMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const serverError = useFieldError(true, errorMeta.error);
  const images = field.value ?? [];

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    setProblem(null);
    const added: ImageResource[] = [];
    for (const file of files.slice(0, Math.max(0, max - images.length))) {
      const wrong = imageFileProblem(file);
      if (wrong) {
        setProblem(intl.formatMessage({ id: wrong.key }, wrong.values));
        continue;
      }
      const result = await upload(file);
      if ('error' in result) {
        const body = apiErrorBody(result.error);
        setProblem(body?.errors?.image?.[0] ?? body?.message ?? intl.formatMessage({ id: 'common.networkError' }));
      } else {
        added.push(result.data);
      }
    }
    if (added.length) await helpers.setValue([...images, ...added]);
  };

  const id = `field-${name}`;
  const message = problem ?? serverError;
  return (
    <div className={`form-field${message ? ' has-error' : ''}`}>
      <label htmlFor={id}>{intl.formatMessage({ id: labelId })}</label>
      <input id={id} type="file" accept={IMAGE_ACCEPT} multiple disabled={isLoading || images.length >= max} onChange={choose} aria-describedby={message ? `${id}-error` : undefined} />
      {isLoading && <p role="status">{intl.formatMessage({ id: 'catalog.ui.form.uploading' })}</p>}
      {message && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {message}
        </p>
      )}
      {images.length > 0 && (
        <ul className="cat-previews" aria-label={intl.formatMessage({ id: 'catalog.ui.form.previews' })}>
          {images.map((image, index) => (
            <li key={image.id}>
              <ImageBox image={image} alt={intl.formatMessage({ id: 'catalog.ui.product.picture' }, { n: index + 1 })} ratio={1} sizes="120px" />
              <button type="button" className="button" onClick={() => helpers.setValue(images.filter((other) => other.id !== image.id))}>
                {intl.formatMessage({ id: 'catalog.ui.form.removeImage' })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
