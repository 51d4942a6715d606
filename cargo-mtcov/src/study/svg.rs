//! Box plots as standalone SVG: one box per category (whiskers at min and
//! max, box from Q1 to Q3, the median as a line), values in [0, 1].

use std::fmt::Write as _;

use super::stats::Quartiles;

const WIDTH: f64 = 520.0;
const HEIGHT: f64 = 320.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 36.0;
const BOTTOM: f64 = 56.0;

/// The frame every figure shares: title, grid of [0, 1], axis labels.
fn frame(title: &str, x_label: &str, y_label: &str) -> String {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let y = |v: f64| TOP + plot_h * (1.0 - v.clamp(0.0, 1.0));
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="20" text-anchor="middle" font-size="13">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let ty = y(tick);
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{ty:.1}" x2="{:.1}" y2="{ty:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end">{tick:.2}</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            ty + 4.0
        );
    }
    let _ = writeln!(
        s,
        r#"<text transform="translate(14,{:.1}) rotate(-90)" text-anchor="middle">{}</text>"#,
        TOP + plot_h / 2.0,
        escape(y_label)
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 10.0,
        escape(x_label)
    );
    s
}

pub(crate) fn box_plot(
    title: &str,
    x_label: &str,
    y_label: &str,
    boxes: &[(String, Option<Quartiles>)],
) -> String {
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let y = |v: f64| TOP + plot_h * (1.0 - v.clamp(0.0, 1.0));
    let mut s = frame(title, x_label, y_label);
    let slot = plot_w / boxes.len().max(1) as f64;
    let half = (slot * 0.3).min(24.0);
    for (i, (label, q)) in boxes.iter().enumerate() {
        let cx = LEFT + slot * (i as f64 + 0.5);
        let _ = writeln!(
            s,
            r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            HEIGHT - BOTTOM + 16.0,
            escape(label)
        );
        let Some(q) = q else {
            continue;
        };
        let _ = writeln!(
            s,
            r##"<text x="{cx:.1}" y="{:.1}" text-anchor="middle" fill="#666" font-size="9">n={}</text>"##,
            HEIGHT - BOTTOM + 28.0,
            q.n
        );
        let _ = writeln!(
            s,
            r##"<line x1="{cx:.1}" y1="{:.1}" x2="{cx:.1}" y2="{:.1}" stroke="#333"/>"##,
            y(q.max),
            y(q.min)
        );
        for v in [q.min, q.max] {
            let _ = writeln!(
                s,
                r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#333"/>"##,
                cx - half / 2.0,
                y(v),
                cx + half / 2.0,
                y(v)
            );
        }
        let _ = writeln!(
            s,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#9ecae1" stroke="#333"/>"##,
            cx - half,
            y(q.q3),
            half * 2.0,
            (y(q.q1) - y(q.q3)).max(0.5)
        );
        let _ = writeln!(
            s,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#c00" stroke-width="2"/>"##,
            cx - half,
            y(q.median),
            cx + half,
            y(q.median)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Lines over steps `0..n` (values in [0, 1]), one per series, with a
/// legend.
pub(crate) fn lines(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[(&str, &[f64])],
) -> String {
    const COLOURS: [&str; 4] = ["#c00", "#777", "#1f77b4", "#2ca02c"];
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let y = |v: f64| TOP + plot_h * (1.0 - v.clamp(0.0, 1.0));
    let mut s = frame(title, x_label, y_label);
    let steps = series
        .iter()
        .map(|(_, v)| v.len())
        .max()
        .unwrap_or(1)
        .max(2);
    let x = |i: usize| LEFT + plot_w * i as f64 / (steps - 1) as f64;
    for i in 0..steps {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{i}</text>"#,
            x(i),
            HEIGHT - BOTTOM + 16.0
        );
    }
    for (n, (name, values)) in series.iter().enumerate() {
        let colour = COLOURS[n % COLOURS.len()];
        let points: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, &v)| format!("{:.1},{:.1}", x(i), y(v)))
            .collect();
        let _ = writeln!(
            s,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
            points.join(" ")
        );
        let ly = TOP + 14.0 * (n as f64 + 1.0);
        let _ = writeln!(
            s,
            r#"<line x1="{:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="{colour}" stroke-width="2"/><text x="{:.1}" y="{:.1}">{}</text>"#,
            LEFT + 8.0,
            LEFT + 24.0,
            LEFT + 28.0,
            ly + 4.0,
            escape(name)
        );
    }
    s.push_str("</svg>\n");
    s
}

fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    crate::escape::xml(text)
}

#[cfg(test)]
mod tests {
    use super::super::stats::quartiles;
    use super::*;

    #[test]
    fn one_box_per_category_with_its_median() {
        let svg = box_plot(
            "FDE <by> k",
            "k",
            "FDE",
            &[
                ("1".into(), quartiles(&[0.0, 0.5, 1.0])),
                ("2".into(), None),
            ],
        );
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("FDE &lt;by&gt; k"));
        assert_eq!(svg.matches("<rect x=").count(), 1);
        // median 0.5 at the middle of the plot area
        let mid = TOP + (HEIGHT - TOP - BOTTOM) / 2.0;
        assert!(svg.contains(&format!(r#"y1="{mid:.1}""#)), "{svg}");
        assert!(svg.trim_end().ends_with("</svg>"));
    }
}
