//! The progress bar: stderr only, only after half a second, cleared before
//! results are printed.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tessera::engine::Monitor;

/// A running progress display for one case; dropping it clears the bar.
pub struct Progress {
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts watching `monitor` for case `case`.
    pub fn start(monitor: Arc<Monitor>, case: usize) -> Progress {
        let done = Arc::new(AtomicBool::new(false));
        let flag = done.clone();
        let thread = std::thread::spawn(move || {
            let start = Instant::now();
            let mut bar: Option<ProgressBar> = None;
            while !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
                let elapsed = start.elapsed();
                if elapsed < Duration::from_millis(500) {
                    continue;
                }
                let bar = bar.get_or_insert_with(|| {
                    let b = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::stderr_with_hz(10));
                    b.set_style(
                        ProgressStyle::with_template("{prefix} [{bar:30}] {percent:>3}% {msg}")
                            .expect("the template is valid")
                            .progress_chars("=> "),
                    );
                    b.set_prefix(format!("case {case}"));
                    b
                });
                let nodes = monitor.nodes.load(Ordering::Relaxed);
                let sols = monitor.solutions.load(Ordering::Relaxed);
                let rate = nodes as f64 / elapsed.as_secs_f64().max(1e-9);
                bar.set_position((monitor.fraction() * 1000.0) as u64);
                bar.set_message(format!(
                    "{} nodes ({}/s), {} solutions, {:.1}s",
                    human(nodes as f64),
                    human(rate),
                    sols,
                    elapsed.as_secs_f64()
                ));
            }
            if let Some(b) = bar {
                b.finish_and_clear();
            }
        });
        Progress { done, thread: Some(thread) }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
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
