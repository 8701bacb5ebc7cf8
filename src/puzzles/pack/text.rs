//! The judge's text: the solved board with one symbol per piece
//! ([`text_grid`], [`symbols`]), the verdict when there is none
//! ([`NO_SOLUTION`]), and the puzzle written back in the judge's input
//! format ([`judge_text`], the writer of what [`Reader`](super::Reader)
//! reads).

use super::puzzle::{PackPuzzle, PackSolution};
use std::collections::HashMap;

/// The character naming piece `i` (0-based) in the judge's grid.
pub fn piece_symbol(i: usize) -> char {
    SYMBOLS.get(i).map_or('?', |&b| b as char)
}

const SYMBOLS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// More symbols for named pieces, after [`SYMBOLS`].
const MORE_SYMBOLS: &[u8] = b"@$%&*+=<>!~^";

/// The symbol of each piece in the text grid, and the legend for the
/// symbols that are not the piece's own name or number.
///
/// * Without named pieces: the judge's symbols, `1`-`9`, `A`-`Z`, `a`-`z`
///   by piece number (`?` beyond the 61st), and no legend.
/// * With named pieces, every piece gets a symbol of its own: a piece named
///   by one character that no other piece uses shows it (the pentominoes
///   show F, I, L...); an unnamed piece shows its judge symbol when that is
///   free; every other piece (longer names such as `H07` or `F'`, copies of
///   a named piece) takes the next free symbol of `1`-`9`, `A`-`Z`, `a`-`z`,
///   `@$%&*+=<>!~^`, and the legend says which piece it is.
pub fn symbols(puzzle: &PackPuzzle) -> (Vec<char>, Vec<(char, String)>) {
    let n = puzzle.pieces.len();
    if puzzle.pieces.iter().all(|p| p.name.is_none()) {
        return ((0..n).map(piece_symbol).collect(), Vec::new());
    }
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for p in &puzzle.pieces {
        if let Some(name) = &p.name {
            *uses.entry(name).or_default() += 1;
        }
    }
    let mut symbol: Vec<Option<char>> = vec![None; n];
    let mut taken = std::collections::HashSet::new();
    for (i, p) in puzzle.pieces.iter().enumerate() {
        if let Some(name) = &p.name {
            let mut chars = name.chars();
            if let (Some(ch), None) = (chars.next(), chars.next()) {
                if uses[name.as_str()] == 1 {
                    symbol[i] = Some(ch);
                    taken.insert(ch);
                }
            }
        }
    }
    for (i, p) in puzzle.pieces.iter().enumerate() {
        let own = piece_symbol(i);
        if p.name.is_none() && own != '?' && taken.insert(own) {
            symbol[i] = Some(own);
        }
    }
    let mut pool = SYMBOLS.iter().chain(MORE_SYMBOLS).map(|&b| b as char).filter(|ch| !taken.contains(ch));
    let mut legend = Vec::new();
    for (i, p) in puzzle.pieces.iter().enumerate() {
        if symbol[i].is_none() {
            let ch = pool.next().unwrap_or('?');
            symbol[i] = Some(ch);
            legend.push((ch, p.name.clone().unwrap_or_else(|| format!("piece {}", i + 1))));
        }
    }
    (symbol.into_iter().map(|s| s.expect("every piece has a symbol")).collect(), legend)
}

/// The text grid of a solved board: one line per row, one symbol per cell
/// (`#` for a hole), and a `legend:` line when [`symbols`] needs one, e.g.
/// `legend: 1=F', 2 3=L` (the symbols of one name together).
pub fn text_grid(puzzle: &PackPuzzle, solution: &PackSolution) -> String {
    let (symbol, legend) = symbols(puzzle);
    let mut out = String::new();
    for r in 0..puzzle.board.rows {
        for c in 0..puzzle.board.cols {
            out.push(solution.grid[r * puzzle.board.cols + c].map_or('#', |i| symbol[i]));
        }
        out.push('\n');
    }
    if !legend.is_empty() {
        // One entry per name: `1 2 3=L, 4=F'`.
        let mut entries: Vec<(String, Vec<char>)> = Vec::new();
        for (ch, name) in legend {
            match entries.iter_mut().find(|(n, _)| *n == name) {
                Some((_, chars)) => chars.push(ch),
                None => entries.push((name, vec![ch])),
            }
        }
        let entries: Vec<String> = entries
            .iter()
            .map(|(name, chars)| {
                let chars: Vec<String> = chars.iter().map(char::to_string).collect();
                format!("{}={name}", chars.join(" "))
            })
            .collect();
        out.push_str(&format!("legend: {}\n", entries.join(", ")));
    }
    out
}

/// The judge's text when there is no solution.
pub const NO_SOLUTION: &str = "No solution possible";

/// The puzzle's pieces in the judge's input format (UVa 387), which
/// [`Reader`](super::Reader) reads back: the number of pieces, then each
/// piece as `rows cols` and its rows of `0`/`1`. The board is not part of
/// the format (it is given on the command line); no terminating `0`.
pub fn judge_text(p: &PackPuzzle) -> String {
    let mut out = format!("{}\n", p.pieces.len());
    for piece in &p.pieces {
        let picture = piece.shape.picture();
        out.push_str(&format!("{} {}\n", picture.len(), picture[0].len()));
        for row in picture {
            out.extend(row.chars().map(|c| if c == '#' { '1' } else { '0' }));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::pack::{Board, Piece};
    use crate::puzzles::polyomino::{Freedom, Shape};

    #[test]
    fn symbols_are_distinct_with_a_legend() {
        let piece = |name: Option<&str>| Piece {
            shape: Shape::new([(0, 0)]).unwrap(),
            name: name.map(str::to_string),
            freedom: Freedom::default(),
            line: 1,
        };
        let p = PackPuzzle {
            board: Board::rectangle(1, 5),
            pieces: vec![piece(Some("F")), piece(Some("F'")), piece(None), piece(Some("L")), piece(Some("L"))],
        };
        let (s, legend) = symbols(&p);
        assert_eq!(s, vec!['F', '1', '3', '2', '4']);
        assert_eq!(legend, vec![('1', "F'".to_string()), ('2', "L".to_string()), ('4', "L".to_string())]);
    }
}
