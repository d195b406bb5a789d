// The page's first import: starts the engine (its worker and wasm) before the rest of the page
// is evaluated, so they load in parallel with the board's set-up. The board then finds the
// engine already running for its base URL. Embeds don't import this: a host may still call
// configure({src}) before its boards open.

import { startEngine } from '../element/engine.js';

startEngine();
