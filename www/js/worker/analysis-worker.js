// The Analysis panel's engine worker (analysis-engine.js starts it when the panel first asks,
// and the board editor starts one of its own): the wasm package with the panel's and the
// editor's bindings (pkg-analysis/: counts, fewest moves, best finish, describeBoard), served by
// worker-core.js with the panel's requests (analysis-ops.js) and the editor's (editor-ops.js)
// added. The game's worker, engine-worker.js, loads the smaller package without them.

import * as pkg from '../../pkg-analysis/pegwise.js';
import { analysisOps } from './analysis-ops.js';
import { editorOps } from './editor-ops.js';
import { addRequests, serve } from './worker-core.js';

addRequests(editorOps(pkg));
serve(pkg, (urlOf) => analysisOps(pkg, urlOf));
