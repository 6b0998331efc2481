import { useIntl } from 'react-intl';
import type { ImageResource } from '../../../shared/api/catalog-common';

interface PreviewProps {
  title: string;
  subtitle: string;
  /** A stored picture (its renditions) … */
  image?: ImageResource | null;
  /** … or the one just chosen in the form, by its object URL. */
  localUrl?: string | null;
  background?: string;
}

/**
 * A banner as buyers see it on the home page: the picture filling a 3:1 box with the title and
 * subtitle printed over its lower edge. The form shows the seller's choice this way before
 * sending, the moderator the banner they decide.
 */
export function BannerPreview({ title, subtitle, image, localUrl, background = '#2f6fde' }: PreviewProps) {
  const intl = useIntl();
  const src = localUrl ?? image?.url ?? null;
  return (
    <figure className="banner-preview" style={{ background }} data-testid="banner-preview">
      {src ? (
        <img src={src} srcSet={localUrl ? undefined : image?.srcset} sizes="(max-width: 800px) 100vw, 800px" alt="" />
      ) : (
        <span className="banner-preview-empty">{intl.formatMessage({ id: 'sellerBanners.form.noImage' })}</span>
      )}
      <figcaption className="banner-preview-text">
        <strong>{title || intl.formatMessage({ id: 'sellerBanners.form.titlePlaceholder' })}</strong>
        <span>{subtitle}</span>
      </figcaption>
    </figure>
  );
}
