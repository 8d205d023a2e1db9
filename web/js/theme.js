// theme.js: the page's colours, light or dark, as chosen in Settings
// (System, Light, Dark; storage.js keeps the choice) or the system's.  A
// classic script in the head, run before the first paint, so a page never
// flashes in the other theme; it sets <html data-theme="light|dark">, which
// app.css colours by, again when the system's theme or the choice changes
// (settings.js announces a new choice with the event "halma-theme").
(() => {
  const system = matchMedia('(prefers-color-scheme: dark)');
  const chosen = () => {
    try {
      return JSON.parse(localStorage.getItem('halma.settings.v1') ?? '{}')?.theme;
    } catch {
      return undefined; // storage disabled or damaged: the system's
    }
  };
  const apply = () => {
    const choice = chosen();
    document.documentElement.dataset.theme = choice === 'light' || choice === 'dark' ? choice : system.matches ? 'dark' : 'light';
  };
  apply();
  system.addEventListener('change', apply);
  addEventListener('halma-theme', apply);
})();
