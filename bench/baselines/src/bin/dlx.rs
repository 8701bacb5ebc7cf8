//! dlx ROWSxCOLS [--unique]
//! Plain Dancing Links (Algorithm X, MRV) counting pentomino tilings of a
//! rectangle: 60 cell columns + 12 piece columns, one row per placement.
//! Prints the count on stdout and `nodes=<rows chosen>` on stderr.
fn usage() -> ! {
    eprintln!("usage: dlx ROWSxCOLS [--unique]");
    std::process::exit(2)
}

fn main() {
    let mut unique = false;
    let mut dims = None;
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "--unique" => unique = true,
            s if s.starts_with('-') => usage(),
            s => {
                dims = Some(baselines::parse_dims(s).unwrap_or_else(|e| {
                    eprintln!("dlx: {e}");
                    std::process::exit(2)
                }))
            }
        }
    }
    let (r, c) = dims.unwrap_or_else(|| usage());
    let (s, nodes) = baselines::dlx::count_pentominoes(r, c, unique);
    println!("{s}");
    eprintln!("nodes={nodes}");
}
