// Retries after a pause that doubles with each failure (2 s, 4 s, … up to a minute), for the
// table downloads: a host that is down is not hammered, and one back soon is used soon.

const FIRST_MS = 2000;
const MOST_MS = 60_000;

/** One thing to retry: `later()` schedules it, `now()` runs a scheduled one at once. */
export class Backoff {
  /** @param {() => void} run what a retry does */
  constructor(run) {
    this.run = run;
    this.attempt = 0;
    /** @type {ReturnType<typeof setTimeout>|undefined} */
    this.timer = undefined;
  }

  /** A retry is scheduled. */
  get waiting() {
    return this.timer !== undefined;
  }

  /** Schedules a retry, unless one is (each one waits twice as long as the one before). */
  later() {
    if (this.waiting) return;
    const ms = Math.min(FIRST_MS * 2 ** this.attempt, MOST_MS);
    this.attempt++;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, ms);
  }

  /** Runs the scheduled retry now (the page is back online); false when none was. */
  now() {
    if (!this.waiting) return false;
    this.stop();
    this.run();
    return true;
  }

  /** It worked: the next failure waits the shortest pause again. */
  reset() {
    this.attempt = 0;
  }

  /** Drops the scheduled retry. */
  stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
