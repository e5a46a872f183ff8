/**
 * localStorage that never throws: private modes and disabled storage make every access fail, and a
 * preference that cannot be saved must not break the page.
 */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Storage full or disabled: the preference lasts for this page only.
  }
}

export function removeStorage(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing stored that we could remove.
  }
}

/** sessionStorage, as forgiving as the above: it lasts for this tab, reloads included. */
function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readSessionStorage(key: string): string | null {
  try {
    return sessionStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeSessionStorage(key: string, value: string): void {
  try {
    sessionStore()?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lasts for this page only.
  }
}
