/** Search engines cut a page's title after about 60 characters: no title the site writes is longer. */
export const maxPageTitleLength = 60;

/**
 * A page's `<title>`: its own words, then the site's name after a bar ("About us | " and the name; the home page
 * puts the name first). A title too long for both keeps its own words alone, and words too long even
 * for that (an article's title may run to 150 characters) are cut at a word and end in "…".
 */
export function pageTitle(title: string, siteName: string, { nameFirst = false } = {}): string {
  const whole = nameFirst ? `${siteName} | ${title}` : `${title} | ${siteName}`;
  if (whole.length <= maxPageTitleLength) return whole;
  if (title.length <= maxPageTitleLength) return title;
  const room = title.slice(0, maxPageTitleLength - 1);
  const atWord = room.replace(/\s+\S*$/, '');
  return `${(atWord.length >= maxPageTitleLength / 2 ? atWord : room).trimEnd()}…`;
}

/** Search engines show about 160 characters of a page's description. */
export const maxPageDescriptionLength = 160;

/**
 * A page's description as its `<meta>` gives it: whole when it fits, else cut at a word and ended with
 * "…". Its words are the firm's in part (a long name, many places), so its length is not known ahead.
 */
export function pageDescription(text: string): string {
  if (text.length <= maxPageDescriptionLength) return text;
  const room = text.slice(0, maxPageDescriptionLength - 1);
  const atWord = room.replace(/[\s,;:]+\S*$/, '');
  return `${(atWord.length >= maxPageDescriptionLength / 2 ? atWord : room).trimEnd()}…`;
}
