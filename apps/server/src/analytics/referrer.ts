/** The host that holds the views of hosts past a day's limit, or of unusable ones. */
export const OTHER_HOST = '(other)';
/** Longer hosts are kept as `(other)`: real ones are far shorter. */
export const MAX_HOST_LENGTH = 100;

/** A host as analytics keep it: lower case, no port, no trailing dot, no leading `www.`. */
export function normalHost(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * The host of another site a page request came from, from its `Referer`, or null when it came
 * from this site (its public address or the host the request was made to), from nowhere or from
 * something that is not a web page (decision 119). Remembered per header value, so a busy page
 * read from the same links parses each once.
 */
export class ReferrerHosts {
  private readonly known = new Map<string, string | null>();

  constructor(
    private readonly ownHosts: ReadonlySet<string>,
    private readonly remembered = 2000,
  ) {}

  of(referer: string | undefined, requestHost: string | undefined): string | null {
    if (!referer) return null;
    const key = requestHost ? `${requestHost} ${referer}` : referer;
    let host = this.known.get(key);
    if (host === undefined) {
      host = this.parsed(referer, requestHost);
      if (this.known.size >= this.remembered) this.known.clear();
      this.known.set(key, host);
    }
    return host;
  }

  private parsed(referer: string, requestHost: string | undefined): string | null {
    let url: URL;
    try {
      url = new URL(referer);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const host = normalHost(url.hostname);
    if (!host) return null;
    if (this.ownHosts.has(host)) return null;
    if (requestHost && normalHost(requestHost.replace(/:\d+$/, '')) === host) return null;
    return host.length > MAX_HOST_LENGTH ? OTHER_HOST : host;
  }
}
