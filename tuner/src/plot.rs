//! `--plot`: runtime per trial and best-so-far, as SVG or PNG (by the file's extension),
//! drawn with plotters. Text needs a TrueType font, loaded at run time from the usual
//! system locations (`$LATTICE_PLOT_FONT` first); without one the plot is drawn without
//! labels rather than failing.
//!
//! Invariants: the output file is written through a temporary file and renamed, so a
//! failed plot leaves no partial file.

use plotters::prelude::*;
use std::path::Path;

const FONT_PATHS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
];

fn load_font() -> bool {
    static LOADED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *LOADED.get_or_init(|| {
        let env = std::env::var("LATTICE_PLOT_FONT").ok();
        for p in env
            .iter()
            .map(String::as_str)
            .chain(FONT_PATHS.iter().copied())
        {
            if let Ok(bytes) = std::fs::read(p) {
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                    return true;
                }
            }
        }
        false
    })
}

/// One point per trial: the trial's time in seconds (`None`: failed).
pub fn plot(path: &Path, title: &str, times: &[Option<f64>]) -> Result<(), String> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    if ext != "svg" && ext != "png" {
        return Err(format!(
            "--plot {}: the file name must end in .svg or .png",
            path.display()
        ));
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let tmp = dir.join(format!(
        ".{}.lattice-{}.tmp.{ext}",
        path.file_name().and_then(|f| f.to_str()).unwrap_or("plot"),
        std::process::id()
    ));
    let result = if ext == "svg" {
        draw(
            SVGBackend::new(&tmp, (900, 500)).into_drawing_area(),
            title,
            times,
        )
    } else {
        draw(
            BitMapBackend::new(&tmp, (900, 500)).into_drawing_area(),
            title,
            times,
        )
    };
    match result.and_then(|_| std::fs::rename(&tmp, path).map_err(|e| e.to_string())) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(format!("cannot write {}: {e}", path.display()))
        }
    }
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    times: &[Option<f64>],
) -> Result<(), String> {
    let e = |x: &dyn std::fmt::Display| x.to_string();
    let text = load_font();
    root.fill(&WHITE).map_err(|x| e(&x))?;
    let ms: Vec<(usize, f64)> = times
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.map(|s| (i + 1, s * 1e3)))
        .collect();
    let mut best = Vec::new();
    let mut cur = f64::INFINITY;
    for &(i, t) in &ms {
        cur = cur.min(t);
        best.push((i, cur));
    }
    let ymax = ms.iter().map(|p| p.1).fold(0.0f64, f64::max).max(1e-6) * 1.1;
    let n = times.len().max(2);
    let mut builder = ChartBuilder::on(&root);
    builder.margin(15);
    if text {
        builder
            .caption(title, ("sans-serif", 20))
            .x_label_area_size(40)
            .y_label_area_size(60);
    }
    let mut chart = builder
        .build_cartesian_2d(1usize..n, 0.0..ymax)
        .map_err(|x| e(&x))?;
    if text {
        chart
            .configure_mesh()
            .x_desc("trial")
            .y_desc("kernel time (ms)")
            .draw()
            .map_err(|x| e(&x))?;
    }
    let pts = chart
        .draw_series(
            ms.iter()
                .map(|&(i, t)| Circle::new((i, t), 3, BLUE.filled())),
        )
        .map_err(|x| e(&x))?;
    if text {
        pts.label("trial")
            .legend(|(x, y)| Circle::new((x, y), 3, BLUE.filled()));
    }
    let line = chart
        .draw_series(LineSeries::new(best, RED.stroke_width(2)))
        .map_err(|x| e(&x))?;
    if text {
        line.label("best so far")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|x| e(&x))?;
    }
    root.present().map_err(|x| e(&x))?;
    Ok(())
}
