// The game's engine worker: the wasm package every page loads at once (pkg/), served by
// worker-core.js. The Analysis panel's worker is analysis-worker.js.

import * as pkg from '../../pkg/pegwise.js';
import { serve } from './worker-core.js';

serve(pkg);
