/** Search engines cut a page's title after about 60 characters: no title the site writes is longer. */
export const maxPageTitleLength = 60;

/**
 * A page's `<title>`: its own words and the site's name ("About us | Fenwick & Hale"; the home page
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
