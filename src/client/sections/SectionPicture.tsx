import { pagePicturesPath } from '#shared/pages.ts';
import { photoWidths } from '#shared/photos.ts';
import type { SectionImage } from '#shared/sections.ts';

/** The widths a picture was made at: those of photoWidths up to its largest, or its own if narrower. */
function widthsOf(largest: number): number[] {
  const widths: number[] = photoWidths.filter((width) => width <= largest);
  return widths.length > 0 ? widths : [largest];
}

const address = (key: string, width: number, format: 'avif' | 'webp') =>
  `${pagePicturesPath}/${key}-${width}.${format}`;

/** Every size of a picture in one format, as a `srcset` lists them. */
export const pictureSrcSet = (image: SectionImage, format: 'avif' | 'webp') =>
  widthsOf(image.width)
    .map((width) => `${address(image.key, width, format)} ${width}w`)
    .join(', ');

/**
 * A picture placed in a section: AVIF where the browser reads it, else WebP, at the width the screen
 * needs (`sizes`), with its description, or none when it only decorates. `first` fetches it at once (a
 * page's opening picture); any other waits until it is near the screen.
 */
export function SectionPicture({
  image,
  sizes,
  className,
  first = false,
}: {
  image: SectionImage;
  sizes: string;
  className?: string;
  first?: boolean;
}) {
  const srcSet = (format: 'avif' | 'webp') => pictureSrcSet(image, format);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        className={className}
        src={address(image.key, image.width, 'webp')}
        alt={image.decorative ? '' : image.alt}
        width={image.width}
        height={image.height}
        {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      />
    </picture>
  );
}
