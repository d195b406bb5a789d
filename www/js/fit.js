// Keeps the board box shaped like the board, inside the window, and the canvas sharp when the
// box or the device pixel ratio changes.

/**
 * Watches the box and the pixel ratio; calls `view.resize()` and then `redraw()` on change.
 * @param {HTMLElement} wrap the board's box
 * @param {{aspect: () => number, resize: () => boolean}} view
 * @param {() => void} redraw
 * @returns {() => void} fits at once (call it when the board changes)
 */
export function fitBoard(wrap, view, redraw) {
  const fit = () => {
    const maxH = Math.min(Math.max(240, window.innerHeight - 300), 760);
    const h = Math.max(160, Math.min(maxH, wrap.clientWidth / view.aspect()));
    wrap.style.height = `${Math.round(h)}px`;
    if (view.resize()) redraw();
  };
  new ResizeObserver(fit).observe(wrap);
  window.addEventListener('resize', fit);
  // zoom or another screen: a new pixel ratio
  const watchDpr = () => {
    matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener(
      'change',
      () => {
        fit();
        watchDpr();
      },
      { once: true },
    );
  };
  watchDpr();
  return fit;
}
