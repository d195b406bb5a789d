// A board wider than its box (a long row, on a phone) scrolls sideways. The box fades out at
// each edge that hides more of the board, so the player sees that it goes on, whatever the
// browser does with its scrollbar (an overlay scrollbar shows only while it scrolls, and a
// headless one never).

/** How far in from an edge the fade reaches. */
const FADE = '2.5rem';
/** What is left of the board at an edge that hides more of it. */
const EDGE = 'rgb(0 0 0 / 0.2)';

/**
 * Keeps the host's fade on the edges that hide more of the board as it scrolls and as the
 * window changes size. Call the function it returns when the board's box changes size.
 * @param {HTMLElement} host the element that scrolls
 * @param {CSSStyleSheet} sheet the shadow root's sheet for the fade (nothing else in it)
 * @param {AbortSignal} signal stops watching
 * @returns {() => void} looks again
 */
export function watchEdges(host, sheet, signal) {
  let shown = '';
  const look = () => {
    const more = host.scrollWidth - host.clientWidth;
    const left = more > 1 && host.scrollLeft > 1;
    const right = more > 1 && host.scrollLeft < more - 1;
    const key = `${left} ${right}`;
    if (key === shown) return;
    shown = key;
    const edge = (/** @type {boolean} */ hides) => (hides ? EDGE : '#000');
    sheet.replaceSync(left || right ? `:host { mask-image: linear-gradient(to right, ${edge(left)}, #000 ${FADE}, #000 calc(100% - ${FADE}), ${edge(right)}); }` : '');
  };
  const opts = { signal, passive: true };
  host.addEventListener('scroll', look, opts);
  // the host may change size while its board keeps its own (a row held at its least spacing)
  window.addEventListener('resize', look, opts);
  return look;
}
