// Apply the stored theme (or the system preference) before the first paint, so there is no flash.
// A file of its own rather than an inline script, so the Content-Security-Policy can forbid inline code.
(() => {
  try {
    const stored = localStorage.getItem('theme');
    const dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage blocked: the light theme it is.
  }
})();
