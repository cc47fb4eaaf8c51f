import { useCallback } from 'react';

const height = 720;

/**
 * The draft as visitors would see it, in a frame of a phone's or a laptop's width. A frame wider than the
 * screen's column is drawn smaller, whole, as a thumbnail of the page, rather than scrolled sideways.
 */
export function PagePreview({ src, width }: { src: string; width: 375 | 1280 }) {
  // The scale is set as custom properties (the site's Content Security Policy allows no style attribute).
  const fit = useCallback(
    (box: HTMLDivElement | null) => {
      if (!box) return;
      const observer = new ResizeObserver(() => {
        const scale = Math.min(1, box.clientWidth / width);
        box.style.setProperty('--preview-scale', String(scale));
        box.style.setProperty('--preview-height', `${Math.ceil(height * scale)}px`);
      });
      observer.observe(box);
      return () => observer.disconnect();
    },
    [width],
  );
  return (
    <div ref={fit} className="bo-preview-box">
      <iframe
        title={`Preview at ${width} pixels wide`}
        src={src}
        width={width}
        height={height}
        className="bo-preview"
      />
    </div>
  );
}
