// The Analysis panel's engine worker (analysis-engine.js starts it when the panel first asks):
// the wasm package with the panel's bindings (pkg-analysis/: counts, fewest moves, best finish),
// served by worker-core.js with the panel's requests (analysis-ops.js) added. The game's worker,
// engine-worker.js, loads the smaller package without them.

import * as pkg from '../../pkg-analysis/pegwise.js';
import { analysisOps } from './analysis-ops.js';
import { serve } from './worker-core.js';

serve(pkg, (urlOf) => analysisOps(pkg, urlOf));
