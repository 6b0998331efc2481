import { useEffect, useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { IMAGE_ACCEPT } from '../../../shared/validation/catalog-image';
import { sniffFileType } from '../../../shared/validation/file-content';
import type { ValidationMessage } from '../../../shared/validation/message';
import { bannerImageRefusal } from '../../../shared/validation/seller-banners';
import { fieldId } from '../../components/forms/field-id';
import { readFileHead } from '../../components/forms/file-head';
import { useShownError } from '../../components/forms/use-shown-error';

/** The chosen picture with the shared rule's word on its bytes (null: it may go). */
export interface ChosenImage {
  file: File;
  refusal: ValidationMessage | null;
}

/** The object URL of a chosen picture while it is on screen, let go when it changes. */
export function useLocalUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * The banner's picture, checked by its content and size as soon as it is chosen (the rule the
 * server applies again), so an HTML file named .png or a picture over 10 MB is refused before a
 * byte is sent. The server resizes it and removes its metadata.
 */
export function BannerImageField({ name }: { name: string }) {
  const intl = useIntl();
  const id = fieldId(name, 'banner');
  const { error, helpers, describedBy, invalid } = useShownError(name, id);
  const hintId = `${id}-hint`;
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    void helpers.setTouched(true, false);
    await helpers.setValue(file ? { file, refusal: bannerImageRefusal(sniffFileType(await readFileHead(file)), file.size) } : null);
  };
  return (
    <div className={`form-field${invalid ? ' has-error' : ''}`}>
      <label htmlFor={id}>{intl.formatMessage({ id: 'sellerBanners.form.image' })}</label>
      <input
        id={id}
        name={name}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={(event) => void choose(event)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        data-testid="banner-image"
      />
      <p className="muted" id={hintId}>
        {intl.formatMessage({ id: 'sellerBanners.form.imageHint' })}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
