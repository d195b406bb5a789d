// Watches a board's box: its size (ResizeObserver) and the device pixel ratio (zoom, or a move
// to another screen), so the canvas is redrawn sharp at its new size.

/**
 * Calls `changed()` when the box is resized or the pixel ratio changes.
 * @param {Element} box
 * @param {() => void} changed
 * @returns {() => void} stops watching (removes the observer and the media listener)
 */
export function watchSize(box, changed) {
  const observer = new ResizeObserver(() => changed());
  observer.observe(box);
  /** @type {MediaQueryList|null} */
  let dpr = null;
  const onDpr = () => {
    changed();
    watchDpr();
  };
  const watchDpr = () => {
    dpr?.removeEventListener('change', onDpr);
    dpr = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    dpr.addEventListener('change', onDpr);
  };
  watchDpr();
  return () => {
    observer.disconnect();
    dpr?.removeEventListener('change', onDpr);
  };
}
