// Run by the shell's pages from <head>, before the first paint: applies the member's remembered
// theme (theme.ts writes it) so a reload never shows the other theme first. Without a choice the
// page follows the system (the CSS's prefers-color-scheme). Plain script: no module, no bundler.
/* global document -- a browser script */
(function () {
  try {
    var choice = localStorage.getItem('THEME');
    if (choice === 'light' || choice === 'dark') document.documentElement.dataset.theme = choice;
  } catch {
    // Storage refused (privacy settings): the system theme it is.
  }
})();
