/** Reads the Cookie header (RFC 6265 §5.4): the first value of each name wins. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !cookies.has(name)) cookies.set(name, part.slice(eq + 1).trim());
  }
  return cookies;
}

export interface CookieOptions {
  secure: boolean;
  /** Seconds; 0 deletes the cookie; absent, a browser-session cookie. */
  maxAge?: number;
}

/** Our cookies are all HttpOnly, SameSite=Lax and for the whole site; Secure outside development. */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.secure) parts.push('Secure');
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  return parts.join('; ');
}
