import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ImageResource } from '../../../../shared/api/catalog-common';
import { ImageBox } from './image-box';

/** The big picture of a product or an ad, with thumbnails to switch between its pictures. */
export function ImageGallery({ images, fallback, alt }: { images: ImageResource[]; fallback: ImageResource | null; alt: string }) {
  const intl = useIntl();
  const [shown, setShown] = useState(0);
  return (
    <div>
      <ImageBox image={images[shown] ?? fallback} alt={alt} ratio={1} sizes="(max-width: 800px) 100vw, 600px" eager />
      {images.length > 1 && (
        <ul className="cat-thumbs">
          {images.map((picture, index) => (
            <li key={picture.id}>
              <button type="button" className="button cat-thumb" aria-pressed={index === shown} onClick={() => setShown(index)}>
                <ImageBox image={picture} alt={intl.formatMessage({ id: 'catalog.ui.product.picture' }, { n: index + 1 })} ratio={1} sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
