import type { ImageResource } from '../../../../shared/api/catalog-common';

interface ImageBoxProps {
  image: ImageResource | null;
  alt: string;
  /** Width / height of the box; the picture is cropped to it so lists never shift while loading. */
  ratio?: number;
  sizes?: string;
  eager?: boolean;
  /**
   * The picture that is likely the largest on the first screen (its LCP): loaded at once and ahead
   * of the other pictures, instead of lazily once layout has found it in view.
   */
  priority?: boolean;
}

export function ImageBox({ image, alt, ratio = 4 / 3, sizes = '(max-width: 600px) 50vw, 240px', eager, priority }: ImageBoxProps) {
  return (
    <div className="cat-image-box" style={{ aspectRatio: String(ratio) }}>
      {image ? (
        <img
          src={image.url}
          srcSet={image.srcset}
          sizes={sizes}
          width={image.width}
          height={image.height}
          alt={alt}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? undefined : 'async'}
        />
      ) : (
        <span className="cat-image-empty" aria-hidden="true" />
      )}
    </div>
  );
}
