import type { ImageResource } from '../../../../shared/api/catalog-common';

interface WorkImageProps {
  image: ImageResource | null;
  alt: string;
  sizes: string;
  priority?: boolean;
}

/**
 * A work's picture (or a PDF's first-page preview) in a box of the picture's own proportions,
 * reserved from the width and height the API gives, so nothing moves while it loads.
 */
export function WorkImage({ image, alt, sizes, priority }: WorkImageProps) {
  const ratio = image && image.width > 0 && image.height > 0 ? image.width / image.height : 4 / 3;
  return (
    <div className="work-image" style={{ aspectRatio: String(ratio) }}>
      {image ? (
        <img
          src={image.url}
          srcSet={image.srcset || undefined}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? undefined : 'async'}
        />
      ) : (
        <span className="work-image-empty" aria-hidden="true" />
      )}
    </div>
  );
}
