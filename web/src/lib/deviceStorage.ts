// What this device remembers for a visitor (a language, an hour cycle): localStorage where the browser
// allows it. A third-party frame (an embed on another site) or a locked-down browser refuses storage
// with a SecurityError; there a choice lasts as long as the page.

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Refused: nothing is remembered.
  }
}

export function forget(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored where nothing can be.
  }
}
