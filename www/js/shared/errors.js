// The one error type of the page side, and how bad values are shown: every message names the
// value that was wrong, clipped, so a 1 MB link or a pasted novel never floods the page.

/** Longest stretch of a bad value quoted in a message. */
const VALUE_CHARS = 40;

/** A setting, argument or saved game that was refused; `param` names it and `value` is it. */
export class PegwiseError extends Error {
  /**
   * @param {string} message
   * @param {string} param board | start | goal | moves | save | hints | names | hole | src |
   *   config | element | point | seek
   * @param {unknown} value the value as given (not clipped)
   */
  constructor(message, param, value) {
    super(message);
    this.name = 'PegwiseError';
    this.param = param;
    this.value = value;
  }
}

/**
 * A value as it may appear in a message: text, at most `max` characters, with "…" when cut.
 * @param {unknown} value
 * @param {number} [max]
 */
export function clip(value, max = VALUE_CHARS) {
  let s;
  try {
    s = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    s = Object.prototype.toString.call(value);
  }
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/**
 * A value in curly quotes, clipped: the way messages name a bad value.
 * @param {unknown} value
 */
export function quote(value) {
  return `“${clip(value)}”`;
}

/**
 * Shortens an engine message: quoted values ('…') longer than a few words are clipped, and so
 * is the whole message.
 * @param {string} message
 * @param {number} [max]
 */
export function clipMessage(message, max = 400) {
  const s = String(message).replace(/'([^']{100,})'/g, (_m, v) => `'${clip(v, 60)}'`);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
