/** A logo's width at `height`: a wide one keeps its shape, up to five times as wide as it is tall. */
export const logoWidth = (shape: number, height: number) =>
  Math.round(height * Math.min(Math.max(shape, 1), 5));
