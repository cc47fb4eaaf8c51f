import type { HeroPicture } from '#shared/site-firm.ts';

/**
 * The home page's picture the firm uploaded, in place of the drawing: AVIF where the browser reads it,
 * else WebP, each at the width the screen needs (the picture fills the hero's right half on a laptop and
 * the column's width on a phone). Fetched first: it is the largest thing the visitor sees.
 */
export function HeroPhoto({ picture }: { picture: HeroPicture }) {
  const sizes = '(min-width: 960px) 50vw, min(100vw, 22rem)';
  return (
    <picture>
      <source type="image/avif" srcSet={picture.avif} sizes={sizes} />
      <source type="image/webp" srcSet={picture.webp} sizes={sizes} />
      <img
        className="hero-photo"
        src={picture.src}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        fetchPriority="high"
      />
    </picture>
  );
}
