// Images imported with `?picture` (scripts/picture-plugin.ts).
declare module '*?picture' {
  const picture: import('./lib/Picture.tsx').PictureSet;
  export default picture;
}
