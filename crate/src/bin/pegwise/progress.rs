//! Progress on standard error: a spinner on a terminal; elsewhere (a log, a pipe, a CI job)
//! a line now and then, so a long run still says how far it has got.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// The least time between two log lines off a terminal: often enough to see a run move,
/// rarely enough not to flood a log.
const LOG_EVERY: Duration = Duration::from_secs(5);

/// A long job's progress: a spinner with a message on a terminal, else log lines.
pub struct Progress {
    bar: ProgressBar,
    label: String,
    started: Instant,
    /// Off a terminal: when the last line was written, and whether any was.
    log: Mutex<(Instant, bool)>,
}

impl Progress {
    /// A job that is usually quick: off a terminal it writes nothing unless it runs past
    /// [`LOG_EVERY`] and says how far it got.
    pub fn new(label: &str) -> Progress {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.set_message(label.to_string());
        bar.enable_steady_tick(Duration::from_millis(200));
        let now = Instant::now();
        Progress {
            bar,
            label: label.to_string(),
            started: now,
            log: Mutex::new((now, false)),
        }
    }

    /// A job that may take long (asked for with `--exact`, past the size rule): off a
    /// terminal its label is written at once, so a log says what is running.
    pub fn announce(label: &str) -> Progress {
        let p = Progress::new(label);
        p.line(label, true);
        p
    }

    /// Shows how far the job has got.
    pub fn set(&self, message: &str) {
        if self.bar.is_hidden() {
            self.line(message, false);
        } else {
            self.bar.set_message(message.to_string());
        }
    }

    /// Writes `message` as a log line off a terminal: when `now`, or when the last line is
    /// [`LOG_EVERY`] old.
    fn line(&self, message: &str, now: bool) {
        if !self.bar.is_hidden() {
            return;
        }
        let Ok(mut log) = self.log.lock() else {
            return;
        };
        if now || log.0.elapsed() >= LOG_EVERY {
            eprintln!(
                "pegwise: {message} ({:.0} s)",
                self.started.elapsed().as_secs_f64()
            );
            *log = (Instant::now(), true);
        }
    }

    /// Clears the spinner; off a terminal, a job that wrote lines says it has finished.
    pub fn finish(self) {
        self.bar.finish_and_clear();
        if self.log.lock().is_ok_and(|l| l.1) {
            eprintln!(
                "pegwise: {}: done after {:.1} s",
                self.label,
                self.started.elapsed().as_secs_f64()
            );
        }
    }
}
