/**
 * A return URL is followed only when it is a path on this site: it starts with '/' and holds no '//'
 * (which a browser would read as another host), so a link cannot send a user elsewhere after login.
 */
export function isSafeReturnUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  return value.startsWith('/') && !value.includes('//') && !value.includes('\\');
}
