import type { ImageResource } from '../../../../shared/api/catalog-common';

interface ImageBoxProps {
  image: ImageResource | null;
  alt: string;
  /** Width / height of the box; the picture is cropped to it so lists never shift while loading. */
  ratio?: number;
  sizes?: string;
  eager?: boolean;
}

export function ImageBox({ image, alt, ratio = 4 / 3, sizes = '(max-width: 600px) 50vw, 240px', eager }: ImageBoxProps) {
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
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <span className="cat-image-empty" aria-hidden="true" />
      )}
    </div>
  );
}
