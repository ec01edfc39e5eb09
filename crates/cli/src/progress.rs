//! A progress bar for long work, with its rate and the time left, drawn on stderr when stderr is a
//! terminal and hidden otherwise (a script's log gets no bar).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// One bar; its length may grow as the work is found (shards count their positions as they start).
pub(crate) struct Progress(ProgressBar);

impl Progress {
    pub(crate) fn new(terminal: bool, total: u64, unit: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        if terminal {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} ({{per_sec}}, {{eta}} left)");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        Progress(bar)
    }

    pub(crate) fn grow(&self, more: u64) {
        self.0.inc_length(more);
    }

    pub(crate) fn step(&self) {
        self.0.inc(1);
    }

    pub(crate) fn finish(&self) {
        self.0.finish_and_clear();
    }
}
