//! bitpack ROWSxCOLS [--unique] [--no-prune]
//! Counts the tilings of a rectangle with the 12 free pentominoes using a
//! bitboard first-empty-cell search (see baselines::bitpack). Prints the
//! count on stdout and `nodes=<placements>` on stderr.
use baselines::bitpack::{count, Options};

fn usage() -> ! {
    eprintln!("usage: bitpack ROWSxCOLS [--unique] [--no-prune]");
    std::process::exit(2)
}

fn main() {
    let mut opt = Options::default();
    let mut dims = None;
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "--unique" => opt.unique = true,
            "--no-prune" => opt.prune = false,
            s if s.starts_with('-') => usage(),
            s => {
                dims = Some(baselines::parse_dims(s).unwrap_or_else(|e| {
                    eprintln!("bitpack: {e}");
                    std::process::exit(2)
                }))
            }
        }
    }
    let (r, c) = dims.unwrap_or_else(|| usage());
    if r * c != 60 {
        eprintln!("bitpack: the 12 pentominoes cover 60 cells; {r}x{c} has {}", r * c);
    }
    let o = count(r, c, &opt);
    println!("{}", o.solutions);
    eprintln!("nodes={}", o.nodes);
}
