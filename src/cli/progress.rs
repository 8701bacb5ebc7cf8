//! The progress bar: stderr only, only after half a second, cleared before
//! results are printed.
//!
//! A watcher thread samples the engine's [`Monitor`] ten times a second and
//! draws Knuth's estimate of the fraction of the tree explored, the elapsed
//! time, the nodes, the rate and the solutions so far, through [`Stderr`].

use console::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tessera::engine::Monitor;

/// How long a case runs before its bar appears.
pub const DELAY: Duration = Duration::from_millis(500);
/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(100);

/// A running progress display for one case; dropping it clears the bar.
pub struct Progress {
    /// Tells the watcher thread to stop.
    done: Arc<AtomicBool>,
    /// The bar, once the case has run for [`DELAY`].
    bar: Arc<Mutex<Option<ProgressBar>>>,
    /// The watcher thread.
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts watching `monitor` for the case called `label`.
    pub fn start(monitor: Arc<Monitor>, label: String) -> Progress {
        let done = Arc::new(AtomicBool::new(false));
        let bar: Arc<Mutex<Option<ProgressBar>>> = Arc::new(Mutex::new(None));
        let (flag, shared) = (done.clone(), bar.clone());
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            loop {
                let wait = if start.elapsed() < DELAY { DELAY - start.elapsed() } else { TICK };
                std::thread::park_timeout(wait);
                if flag.load(Ordering::Acquire) {
                    break;
                }
                if start.elapsed() < DELAY {
                    continue; // woken early
                }
                let elapsed = start.elapsed().as_secs_f64();
                let nodes = monitor.nodes.load(Ordering::Relaxed);
                let solutions = monitor.solutions.load(Ordering::Relaxed);
                let fraction = monitor.fraction();
                let text = message(fraction, nodes, solutions, elapsed);
                let mut slot = shared.lock().unwrap();
                match slot.as_ref() {
                    Some(bar) => bar.set_message(text),
                    None => *slot = Some(new_bar(&label, text)),
                }
            }
            if let Some(b) = shared.lock().unwrap().take() {
                b.finish_and_clear();
            }
        });
        Progress { done, bar, thread: Some(thread) }
    }

    /// Runs `f` with the bar (if it is showing) taken off the screen, so
    /// that what `f` prints on a terminal is not mixed with it.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        let slot = self.bar.lock().unwrap();
        match slot.as_ref() {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Release);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

/// A bar for the case called `label`, drawn on [`Stderr`] with `text`.
fn new_bar(label: &str, text: String) -> ProgressBar {
    let target = ProgressDrawTarget::term_like_with_hz(Box::new(Stderr::new()), 10);
    // One message per tick (the bar is drawn into it), so one redraw.
    let bar = ProgressBar::hidden();
    bar.set_style(ProgressStyle::with_template("{prefix} {msg}").expect("the template is valid"));
    bar.set_prefix(label.to_string());
    bar.set_message(text);
    bar.set_draw_target(target);
    bar.tick();
    bar
}

/// `[==>       ]  1.23%  3.4 s  1.23M nodes  456.0k/s  7 solutions`: the
/// fraction first and the solutions last, so that a narrow terminal cuts
/// the least useful part. When the estimate allows ([`time_left`]), the
/// time left follows the time so far: `3.4 s, about 2 min left`.
pub fn message(fraction: f64, nodes: u64, solutions: u64, elapsed: f64) -> String {
    let rate = nodes as f64 / elapsed.max(1e-9);
    let left = time_left(fraction, elapsed).map(|t| format!(", about {} left", duration(t))).unwrap_or_default();
    format!(
        "[{}] {}  {:.1} s{left}  {} nodes  {}/s  {} solution{}",
        bar(fraction, 10),
        percent(fraction),
        elapsed,
        human(nodes as f64),
        human(rate),
        if solutions < 100_000 { solutions.to_string() } else { human(solutions as f64) },
        if solutions == 1 { "" } else { "s" },
    )
}

/// The seconds left, if the estimate allows a guess: the fraction explored
/// (Knuth's estimate, from the subtrees finished and the estimated sizes
/// of the others) is at least 1% and the search has run for 2 seconds, so
/// that the rate at which the fraction grows means something. The guess
/// assumes that rate holds; it is the time to the end of the tree, so a
/// search for one solution usually ends sooner.
pub fn time_left(fraction: f64, elapsed: f64) -> Option<f64> {
    ((0.01..1.0).contains(&fraction) && elapsed >= 2.0).then(|| elapsed * (1.0 - fraction) / fraction)
}

/// `45 s`, `12 min`, `3.5 h`, `2.0 days`: a rough duration.
pub fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 90.0 => format!("{s:.0} s"),
        s if s < 90.0 * 60.0 => format!("{:.0} min", s / 60.0),
        s if s < 48.0 * 3600.0 => format!("{:.1} h", s / 3600.0),
        s => format!("{:.1} days", s / 86400.0),
    }
}

/// `=====>     `: `width` characters filled up to `fraction`.
pub fn bar(fraction: f64, width: usize) -> String {
    let filled = ((fraction.clamp(0.0, 1.0) * width as f64) as usize).min(width);
    let mut s = "=".repeat(filled);
    if filled < width {
        s.push('>');
        s.push_str(&" ".repeat(width - filled - 1));
    }
    s
}

/// A fraction as a percentage with three significant digits; below
/// 0.01%, in scientific notation (Knuth's estimate of a long search starts
/// very small).
pub fn percent(f: f64) -> String {
    let p = (f * 100.0).clamp(0.0, 100.0);
    if p == 0.0 {
        "0%".to_string()
    } else if p >= 10.0 {
        format!("{p:.1}%")
    } else if p >= 0.01 {
        let decimals = (2 - p.log10().floor() as i32).clamp(1, 4) as usize;
        format!("{p:.decimals$}%")
    } else {
        format!("{p:.1e}%")
    }
}

/// 1234567 -> "1.23M".
pub fn human(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.2}G", x / 1e9),
        x if x >= 1e6 => format!("{:.2}M", x / 1e6),
        x if x >= 1e3 => format!("{:.1}k", x / 1e3),
        x => format!("{x:.0}"),
    }
}

/// Standard error as the bar's terminal. Drawn to even when it is not a
/// terminal (`--progress always`: indicatif hides its own stderr target
/// there), and said to be three columns narrower than it is: indicatif pads
/// the bar's line to the full width, and the `^C` a terminal echoes at the
/// end of it would then wrap to a new line, leaving the bar on screen when
/// it is cleared.
#[derive(Debug)]
pub struct Stderr {
    /// The terminal behind standard error.
    term: Term,
}

impl Stderr {
    /// Standard error as a terminal for the bar.
    pub fn new() -> Self {
        Stderr { term: Term::stderr() }
    }
}

impl Default for Stderr {
    fn default() -> Self {
        Self::new()
    }
}

impl TermLike for Stderr {
    fn width(&self) -> u16 {
        let columns = match self.term.size_checked() {
            Some((_, cols)) => cols,
            None => std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse().ok()).unwrap_or(80),
        };
        columns.saturating_sub(3).max(20)
    }
    fn height(&self) -> u16 {
        self.term.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.term.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.term.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.term.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.term.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.term.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.term.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.term.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.term.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_keep_three_digits() {
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.5), "50.0%");
        assert_eq!(percent(0.0123), "1.23%");
        assert_eq!(percent(0.000_123_4), "0.0123%");
        assert_eq!(percent(1.234e-11), "1.2e-9%");
        assert_eq!(percent(1.5), "100.0%");
    }

    #[test]
    fn messages() {
        assert_eq!(message(0.25, 1_500_000, 1, 1.5), "[==>       ] 25.0%  1.5 s  1.50M nodes  1.00M/s  1 solution");
        assert_eq!(message(0.0, 0, 123_456, 0.5), "[>         ] 0%  0.5 s  0 nodes  0/s  123.5k solutions");
        assert_eq!(
            message(0.25, 1_000_000, 0, 4.0),
            "[==>       ] 25.0%  4.0 s, about 12 s left  1.00M nodes  250.0k/s  0 solutions"
        );
    }

    #[test]
    fn time_left_only_when_the_estimate_allows() {
        assert_eq!(time_left(0.5, 10.0), Some(10.0));
        assert_eq!(time_left(0.005, 10.0), None); // too little explored
        assert_eq!(time_left(0.5, 1.0), None); // too early
        assert_eq!(time_left(1.0, 10.0), None);
        assert_eq!(duration(3600.0 * 3.0), "3.0 h");
        assert_eq!(duration(600.0), "10 min");
        assert_eq!(bar(0.0, 4), ">   ");
        assert_eq!(bar(1.0, 4), "====");
        assert_eq!(human(999.0), "999");
        assert_eq!(human(2.5e9), "2.50G");
    }
}
