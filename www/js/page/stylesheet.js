// A lazily loaded part of the page brings its own stylesheet: added once, and awaited so the
// part never shows unstyled (a sheet that fails to load leaves it plain, not missing).

/**
 * Adds the stylesheet `css/<name>` and waits until it has loaded or failed.
 * @param {string} name e.g. "editor.css"
 * @returns {Promise<unknown>}
 */
export function loadSheet(name) {
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = new URL(`../../css/${name}`, import.meta.url).href;
  return new Promise((done) => {
    sheet.onload = sheet.onerror = done;
    document.head.append(sheet);
  });
}
