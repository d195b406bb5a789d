// Pictures drawn on the board: pegs, bombs and hint marks. Each draws centred on (x, y) with
// radius r in canvas units, in the colours of the theme (theme.js), and leaves the context as
// it found it. "glass" pegs are shaded; "flat" ones (and forced colours) are plain discs.

/** @typedef {import('./theme.js').Theme} Theme */

/**
 * A filled disc (the path stays, so a stroke after it outlines the same circle).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string|CanvasGradient} fill
 */
function disc(ctx, x, y, r, fill) {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * A peg with a drop shadow.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} t
 * @param {number} x
 * @param {number} y
 * @param {number} r radius
 * @param {number} [lift] 0 on the board, up to 1 when held high (bigger, softer shadow)
 * @param {number} [alpha]
 */
export function drawPeg(ctx, t, x, y, r, lift = 0, alpha = 1) {
  ctx.save();
  ctx.globalAlpha = alpha;
  const rr = r * (1 + 0.12 * lift);
  if (t.pegStyle === 'flat') {
    disc(ctx, x, y, rr, t.peg);
    ctx.strokeStyle = t.boardEdge;
    ctx.lineWidth = Math.max(1, r * 0.08);
    ctx.stroke();
    ctx.restore();
    return;
  }
  // shadow on the board, offset further as the peg rises
  ctx.fillStyle = `rgba(40, 20, 5, ${0.35 - 0.12 * lift})`;
  ctx.beginPath();
  ctx.ellipse(x + r * (0.12 + 0.35 * lift), y + r * (0.2 + 0.45 * lift), rr * 0.98, rr * 0.9, 0, 0, Math.PI * 2);
  ctx.fill();
  disc(ctx, x, y, rr, t.peg);
  // light from the top left, dark at the rim: any peg colour looks like glass
  const shade = ctx.createRadialGradient(x - rr * 0.35, y - rr * 0.4, rr * 0.08, x, y, rr);
  shade.addColorStop(0, 'rgba(255, 255, 255, 0.7)');
  shade.addColorStop(0.45, 'rgba(255, 255, 255, 0)');
  shade.addColorStop(1, 'rgba(0, 0, 0, 0.6)');
  ctx.fillStyle = shade;
  ctx.fill();
  // specular glint
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.beginPath();
  ctx.ellipse(x - rr * 0.38, y - rr * 0.45, rr * 0.22, rr * 0.13, -0.6, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/**
 * A cartoon bomb: black ball, cap, fuse and spark (Bell's NeverLose marks bad jumps this way).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} t
 * @param {number} x
 * @param {number} y
 * @param {number} r radius of the whole picture
 * @param {number} [alpha]
 */
export function drawBomb(ctx, t, x, y, r, alpha = 1) {
  const glass = t.pegStyle === 'glass';
  ctx.save();
  ctx.globalAlpha = alpha;
  const br = r * 0.74;
  const cx = x - r * 0.08;
  const cy = y + r * 0.14;
  // a pale halo keeps the black ball visible on a dark hole
  disc(ctx, cx, cy, br + r * 0.1, t.forced ? t.markInk : 'rgba(254, 226, 226, 0.85)');
  // fuse: a curl from the cap up to the right
  const capX = cx + br * 0.62;
  const capY = cy - br * 0.62;
  ctx.strokeStyle = t.forced ? t.bomb : '#7c4a1e';
  ctx.lineWidth = r * 0.1;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(capX, capY);
  ctx.quadraticCurveTo(capX + r * 0.3, capY - r * 0.05, capX + r * 0.22, capY - r * 0.3);
  ctx.stroke();
  // spark
  const sx = capX + r * 0.22;
  const sy = capY - r * 0.32;
  ctx.strokeStyle = t.forced ? t.bomb : '#f97316';
  ctx.lineWidth = r * 0.07;
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4 + 0.2;
    const len = k % 2 ? r * 0.2 : r * 0.3;
    ctx.beginPath();
    ctx.moveTo(sx + Math.cos(a) * r * 0.06, sy + Math.sin(a) * r * 0.06);
    ctx.lineTo(sx + Math.cos(a) * len, sy + Math.sin(a) * len);
    ctx.stroke();
  }
  disc(ctx, sx, sy, r * 0.09, t.forced ? t.bomb : '#fde047');
  // body
  disc(ctx, cx, cy, br, t.bomb);
  if (glass) {
    const light = ctx.createRadialGradient(cx - br * 0.35, cy - br * 0.35, br * 0.05, cx, cy, br);
    light.addColorStop(0, 'rgba(255, 255, 255, 0.4)');
    light.addColorStop(0.4, 'rgba(255, 255, 255, 0.08)');
    light.addColorStop(1, 'rgba(0, 0, 0, 0.3)');
    ctx.fillStyle = light;
    ctx.fill();
  }
  // cap (a short cylinder where the fuse goes in)
  ctx.save();
  ctx.translate(capX - br * 0.08, capY + br * 0.08);
  ctx.rotate(Math.PI / 4);
  ctx.fillStyle = t.forced ? t.bomb : '#374151';
  ctx.fillRect(-br * 0.26, -br * 0.2, br * 0.52, br * 0.34);
  if (glass) {
    ctx.fillStyle = '#6b7280';
    ctx.fillRect(-br * 0.26, -br * 0.2, br * 0.52, br * 0.09);
  }
  ctx.restore();
  if (glass) {
    ctx.fillStyle = 'rgba(255, 255, 255, 0.7)';
    ctx.beginPath();
    ctx.ellipse(cx - br * 0.4, cy - br * 0.38, br * 0.2, br * 0.11, -0.7, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/**
 * A good landing hole: a green disc with a check mark and a ring.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} t
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {boolean} [strong] drawn bigger (the pointer is over it)
 */
export function drawGood(ctx, t, x, y, r, strong = false) {
  ctx.save();
  const rr = strong ? r * 1.1 : r;
  disc(ctx, x, y, rr * 0.78, t.good);
  drawRing(ctx, x, y, rr * 0.95, t.good, rr * 0.14, [], t.forced ? 1 : 0.75);
  ctx.strokeStyle = t.markInk;
  ctx.lineWidth = rr * 0.16;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(x - rr * 0.36, y + rr * 0.02);
  ctx.lineTo(x - rr * 0.1, y + rr * 0.28);
  ctx.lineTo(x + rr * 0.38, y - rr * 0.26);
  ctx.stroke();
  ctx.restore();
}

/**
 * A landing hole the search could not judge: an amber disc with a question mark.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} t
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {boolean} [strong]
 */
export function drawUnknown(ctx, t, x, y, r, strong = false) {
  ctx.save();
  const rr = strong ? r * 1.1 : r;
  disc(ctx, x, y, rr * 0.8, t.unknown);
  ctx.strokeStyle = t.unknownInk;
  ctx.lineWidth = rr * 0.12;
  ctx.stroke();
  ctx.fillStyle = t.unknownInk;
  ctx.font = `700 ${Math.round(rr * 1.1)}px ${t.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('?', x, y + rr * 0.06);
  ctx.restore();
}

/**
 * A verdict still on its way (its table part is downloading): a spinner, an arc that turns
 * with `phase` (0..1; held still when motion is reduced), never a good or bad colour.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} t
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {number} phase
 */
export function drawLoading(ctx, t, x, y, r, phase) {
  ctx.save();
  drawRing(ctx, x, y, r * 0.7, t.holeRim, r * 0.16, [], 0.35);
  ctx.strokeStyle = t.label;
  ctx.lineCap = 'round';
  const a = phase * Math.PI * 2;
  ctx.beginPath();
  ctx.arc(x, y, r * 0.7, a, a + Math.PI * 1.2);
  ctx.stroke();
  ctx.restore();
}

/**
 * A start that can't be won, while picking one: the hole dimmed and struck through.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} t
 * @param {number} x
 * @param {number} y
 * @param {number} r
 */
export function drawStruck(ctx, t, x, y, r) {
  ctx.save();
  ctx.globalAlpha = t.forced ? 0 : 0.6;
  disc(ctx, x, y, r, t.board);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = t.bomb;
  ctx.lineWidth = r * 0.16;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x - r * 0.7, y + r * 0.7);
  ctx.lineTo(x + r * 0.7, y - r * 0.7);
  ctx.stroke();
  ctx.restore();
}

/**
 * A landing hole with hints off: a plain light ring.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} t
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {boolean} [strong]
 */
export function drawTarget(ctx, t, x, y, r, strong = false) {
  ctx.save();
  ctx.strokeStyle = t.holeRim;
  ctx.globalAlpha = strong || t.forced ? 1 : 0.85;
  ctx.lineWidth = r * (strong ? 0.2 : 0.14);
  ctx.beginPath();
  ctx.arc(x, y, r * 0.85, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/**
 * A small badge at a peg's upper right: a check (it has a good jump), a question mark, or a
 * spinner (its verdicts are loading).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} t
 * @param {number} x peg centre
 * @param {number} y peg centre
 * @param {number} r peg radius
 * @param {'good'|'unknown'|'loading'} kind
 * @param {number} [phase] the spinner's turn, 0..1
 */
export function drawBadge(ctx, t, x, y, r, kind, phase = 0) {
  const bx = x + r * 0.72;
  const by = y - r * 0.72;
  const br = r * 0.38;
  ctx.save();
  disc(ctx, bx, by, br * 1.2, t.markInk);
  if (kind === 'good') drawGood(ctx, t, bx, by, br);
  else if (kind === 'loading') drawLoading(ctx, t, bx, by, br, phase);
  else drawUnknown(ctx, t, bx, by, br);
  ctx.restore();
}

/**
 * A ring around a hole: selection, keyboard focus or the goal.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} color
 * @param {number} width
 * @param {number[]} [dash]
 * @param {number} [alpha]
 */
export function drawRing(ctx, x, y, r, color, width, dash = [], alpha = 1) {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}
