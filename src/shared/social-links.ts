// The firm's pages on social networks, as an owner lists them on Firm details: shown in every page's
// footer by the network's name, and given to search engines as the firm's other profiles (sameAs).

const networks: Record<string, string> = {
  'linkedin.com': 'LinkedIn',
  'facebook.com': 'Facebook',
  'instagram.com': 'Instagram',
  'x.com': 'X',
  'twitter.com': 'X',
  'youtube.com': 'YouTube',
  'tiktok.com': 'TikTok',
  'threads.net': 'Threads',
  'bsky.app': 'Bluesky',
};

/** The network a page is on, by its address ("LinkedIn"), or the address's host for one not listed. */
export function socialNetworkName(url: string): string {
  const host = new URL(url).hostname.replace(/^(www|m|uk)\./, '');
  return networks[host] ?? host;
}

/** Why an address cannot be one of the firm's pages, in words; null when it can. */
export function socialLinkProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value} is not a web address: copy it from the browser's address bar, starting https://`;
  }
  if (url.protocol !== 'https:') return `${value} must start https://`;
  if (url.username || url.password) return `${value} must not hold a user name or password`;
  return null;
}

/** An address as a browser writes it, so that one page typed two ways is listed once. */
export function normalLink(value: string): string {
  try {
    return new URL(value).href;
  } catch {
    return value;
  }
}
