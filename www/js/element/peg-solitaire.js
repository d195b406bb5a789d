// <peg-solitaire>: peg solitaire with the exact dead-end hint, for any page.
//
//   <script type="module" src="/pegwise/js/peg-solitaire.js"></script>
//   <peg-solitaire board="triangle5" start="a1" goal="start" hints="hover"></peg-solitaire>
//
// Attributes: board, start (a hole) or position (the whole start position, XXoXo), goal,
// moves, hints (off | hover | always), names (shows hole names), src (base URL of pkg/ and
// data/). Changing one updates the game. The API is
// `element.game` (see create-game.js); events bubble from the element. A bad attribute never
// breaks the board: it is named in a note on the board (::part(note)) and a default is used.

import { ATTRIBUTES, fromAttributes } from '../shared/config.js';
import { createGame, noteOn, PegwiseError } from './create-game.js';
import { setDefaultSrc } from './engine.js';

export { createGame, PegwiseError };

/**
 * Sets where boards without a `src` attribute load the wasm (`pkg/pegwise_bg.wasm`) and the
 * tables (`data/`) from. Call it before the first board opens. By default that is the folder
 * above this script's (the site's www/), so a copy of www/ plus data/ works anywhere.
 * @param {{src: string|URL}} options src: absolute, or relative to the page
 */
export function configure({ src }) {
  setDefaultSrc(src);
}

/** The <peg-solitaire> element. */
export class PegSolitaire extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  /** @type {import('./create-game.js').PegwiseGame|null} */
  #game = null;
  /** @type {Record<string, string|null>|null} attribute changes not applied yet */
  #changed = null;
  /** @type {import('../shared/config.js').GameConfig|null} the game as it was when the element left the page */
  #saved = null;
  #leaving = false;

  /** The board's API (null while the element is not in a document). */
  get game() {
    return this.#game;
  }

  connectedCallback() {
    if (this.#leaving) {
      this.#leaving = false; // moved within the page: keep the game
      return;
    }
    if (this.#game) return;
    /** @type {Record<string, string|null>} */
    const attrs = {};
    for (const a of ATTRIBUTES) if (this.hasAttribute(a)) attrs[a] = this.getAttribute(a);
    const { config, problems } = fromAttributes(attrs);
    const game = createGame(this, { ...config, ...this.#saved });
    this.#saved = null;
    this.#game = game;
    const note = () => problems.length && this.#note(game, problems);
    game.ready.then(note, note);
  }

  /**
   * Notes attributes that were left out (a bad `hints`), once the game they concern is open.
   * @param {import('./create-game.js').PegwiseGame} game
   * @param {import('../shared/config.js').Problem[]} problems
   */
  #note(game, problems) {
    if (this.#game === game) noteOn(game, problems.map((p) => `${p.message}.`).join(' '));
  }

  disconnectedCallback() {
    this.#leaving = true;
    queueMicrotask(() => {
      if (!this.#leaving) return;
      this.#leaving = false;
      const s = this.#game?.state();
      // put back on the page later, it carries on where it was
      if (s) this.#saved = { save: s.save };
      this.#game?.destroy();
      this.#game = null;
    });
  }

  /**
   * @param {string} name
   * @param {string|null} old
   * @param {string|null} value
   */
  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    if (!this.#game) {
      this.#saved = null; // the attributes say which game, now
      return;
    }
    const first = !this.#changed;
    this.#changed = { ...this.#changed, [name]: value };
    if (!first) return;
    // attributes set one after another in a script open one game, not several
    queueMicrotask(() => {
      const c = this.#changed;
      this.#changed = null;
      if (!c || !this.#game) return;
      const game = this.#game;
      const { config, problems } = fromAttributes(c);
      // a refused value is noted on the board by set(); a left-out one here
      game.set(config).then(
        () => problems.length && this.#note(game, problems),
        () => {},
      );
    });
  }

  /**
   * Moves the keyboard focus to the board (to its cursor hole).
   * @param {FocusOptions} [options]
   */
  focus(options) {
    if (this.#game) this.#game.focus(options);
    else super.focus(options);
  }
}

if (!customElements.get('peg-solitaire')) customElements.define('peg-solitaire', PegSolitaire);
