/** An image at several widths and formats, as scripts/picture-plugin.ts makes it from a file in content/. */
export interface PictureSet {
  /** The source's size in pixels, so the browser keeps its room before it loads. */
  width: number;
  height: number;
  /** The largest WebP, for a browser that reads neither `<source>`. */
  fallback: string;
  /** AVIF first, then WebP: the browser takes the first type it reads. */
  sources: { type: string; srcset: string }[];
}

export interface PictureProps {
  image: PictureSet;
  /** What the image shows, for a screen reader; empty when the text around it says it already. */
  alt: string;
  /** How wide the image is drawn at each screen width, so the browser fetches the right file. */
  sizes: string;
  className?: string;
  /** Above the fold: fetched at once and first. Elsewhere it waits until it is near the screen. */
  priority?: boolean;
}

/** Every raster image on the site: the smallest file that is sharp on the visitor's screen. */
export function Picture({ image, alt, sizes, className, priority = false }: PictureProps) {
  return (
    <picture className={className}>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={image.fallback}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
