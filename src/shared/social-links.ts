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
  // Two addresses pasted on one line would read as one address with a space in its path.
  if (/\s/.test(value.trim())) return `${value} holds a space: put each address on a line of its own`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value} is not a web address: copy it from the browser's address bar, starting https://`;
  }
  if (url.protocol !== 'https:') return `${value} must start https://`;
  if (url.username || url.password) return `${value} must not hold a user name or password`;
  if (!isPublicHost(url.hostname.replace(/\.$/, ''))) {
    return `${value} is not a public web address: give the page's address on the network, such as https://www.linkedin.com/company/your-firm`;
  }
  return null;
}

/**
 * Whether visitors anywhere could reach a host: a name with a dot in it, not an IP address (a firm's
 * page has a name) and not a name kept for private networks (localhost, .local, .internal and the like).
 */
function isPublicHost(host: string): boolean {
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || !host.includes('.')) return false;
  return !/\.(localhost|local|internal|lan|home|arpa|test|example|invalid)\.?$/.test(host);
}

/** An address as a browser writes it, so that one page typed two ways is listed once. */
export function normalLink(value: string): string {
  try {
    return new URL(value).href;
  } catch {
    return value;
  }
}
