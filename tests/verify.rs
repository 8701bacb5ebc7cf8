//! An independent verifier: its own parsers for the judge formats, its own
//! rotation and shape arithmetic, and checks of every solution a test sees.
//! Nothing here calls into the library.

use serde_json::Value;
use std::collections::BTreeSet;

/// Four labels: top, right, bottom, left.
pub type Labels = [i32; 4];

/// How touching sides match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Match {
    /// Tetravex: equal labels meet.
    Equal,
    /// Jigsaw: `k` meets `-k`.
    Complement,
}

/// A tile puzzle (tetravex or edges).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileCase {
    pub rows: usize,
    pub cols: usize,
    /// In input order.
    pub tiles: Vec<Labels>,
    pub rotate: bool,
    pub rule: Match,
    /// The label every outer side carries and no inner side may.
    pub border: Option<i32>,
    /// Hints: (piece, row, col, rotation), 0-based.
    pub fixes: Vec<(usize, usize, usize, Option<u8>)>,
}

impl TileCase {
    pub fn tetravex(n: usize, tiles: Vec<Labels>, rotate: bool) -> Self {
        TileCase { rows: n, cols: n, tiles, rotate, rule: Match::Equal, border: None, fixes: vec![] }
    }

    pub fn edges(rows: usize, cols: usize, tiles: Vec<Labels>, rotate: bool) -> Self {
        TileCase { rows, cols, tiles, rotate, rule: Match::Complement, border: Some(0), fixes: vec![] }
    }
}

/// Where one tile lies (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TilePlace {
    pub piece: usize,
    pub row: usize,
    pub col: usize,
    pub rotation: u8,
}

/// One quarter turn clockwise: (t, r, b, l) becomes (l, t, r, b).
pub fn turn_once(l: Labels) -> Labels {
    [l[3], l[0], l[1], l[2]]
}

/// `k` quarter turns clockwise.
pub fn turn(l: Labels, k: u8) -> Labels {
    let mut out = l;
    for _ in 0..k % 4 {
        out = turn_once(out);
    }
    out
}

fn meets(rule: Match, a: i32, b: i32) -> bool {
    match rule {
        Match::Equal => a == b,
        Match::Complement => a == -b,
    }
}

/// Checks a grid of oriented labels against the matching and border rules.
pub fn check_tile_grid(case: &TileCase, grid: &[Vec<Labels>]) -> Result<(), String> {
    if grid.len() != case.rows || grid.iter().any(|r| r.len() != case.cols) {
        return Err(format!("grid is not {}x{}", case.rows, case.cols));
    }
    for r in 0..case.rows {
        for c in 0..case.cols {
            let t = grid[r][c];
            if c + 1 < case.cols && !meets(case.rule, t[1], grid[r][c + 1][3]) {
                return Err(format!(
                    "({r},{c}) right {} does not meet ({r},{}) left {}",
                    t[1],
                    c + 1,
                    grid[r][c + 1][3]
                ));
            }
            if r + 1 < case.rows && !meets(case.rule, t[2], grid[r + 1][c][0]) {
                return Err(format!(
                    "({r},{c}) bottom {} does not meet ({},{c}) top {}",
                    t[2],
                    r + 1,
                    grid[r + 1][c][0]
                ));
            }
            if let Some(b) = case.border {
                let outer = [r == 0, c + 1 == case.cols, r + 1 == case.rows, c == 0];
                for d in 0..4 {
                    if (t[d] == b) != outer[d] {
                        return Err(format!(
                            "({r},{c}) side {d} is {} but {} on the outline (border label {b})",
                            t[d],
                            if outer[d] { "lies" } else { "does not lie" }
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Checks placements (and the grid the solver showed, if any); returns the
/// grid of oriented labels.
pub fn check_tiles(
    case: &TileCase,
    placements: &[TilePlace],
    shown: Option<&[Vec<Labels>]>,
) -> Result<Vec<Vec<Labels>>, String> {
    let n = case.rows * case.cols;
    if case.tiles.len() != n {
        return Err(format!("{} tiles for {n} cells", case.tiles.len()));
    }
    if placements.len() != n {
        return Err(format!("{} placements for {n} tiles", placements.len()));
    }
    let mut used = vec![false; n];
    let mut grid: Vec<Vec<Option<Labels>>> = vec![vec![None; case.cols]; case.rows];
    for p in placements {
        if p.piece >= n || std::mem::replace(&mut used[p.piece], true) {
            return Err(format!("tile {} is missing or used twice", p.piece));
        }
        if p.row >= case.rows || p.col >= case.cols {
            return Err(format!("tile {} lies outside the board at ({}, {})", p.piece, p.row, p.col));
        }
        if p.rotation > 3 || (!case.rotate && p.rotation != 0) {
            return Err(format!("tile {} has rotation {} (rotate: {})", p.piece, p.rotation, case.rotate));
        }
        let cell = &mut grid[p.row][p.col];
        if cell.is_some() {
            return Err(format!("cell ({}, {}) holds two tiles", p.row, p.col));
        }
        *cell = Some(turn(case.tiles[p.piece], p.rotation));
    }
    for &(piece, row, col, rot) in &case.fixes {
        let p = placements.iter().find(|p| p.piece == piece).unwrap();
        if (p.row, p.col) != (row, col) {
            return Err(format!("tile {piece} is pinned to ({row}, {col}) but lies at ({}, {})", p.row, p.col));
        }
        if let Some(r) = rot {
            if turn(case.tiles[piece], r) != turn(case.tiles[piece], p.rotation) {
                return Err(format!("tile {piece} is pinned with rotation {r} but shows rotation {}", p.rotation));
            }
        }
    }
    let grid: Vec<Vec<Labels>> = grid.into_iter().map(|r| r.into_iter().map(Option::unwrap).collect()).collect();
    if let Some(shown) = shown {
        if shown != grid.as_slice() {
            return Err(format!("the grid shown {shown:?} is not the placements' grid {grid:?}"));
        }
    }
    check_tile_grid(case, &grid)?;
    Ok(grid)
}

fn as_usize(v: &Value) -> usize {
    v.as_u64().unwrap_or_else(|| panic!("not a whole number: {v}")) as usize
}

fn labels(v: &Value) -> Labels {
    let a = v.as_array().unwrap_or_else(|| panic!("not four labels: {v}"));
    assert_eq!(a.len(), 4, "not four labels: {v}");
    std::array::from_fn(|i| a[i].as_i64().unwrap() as i32)
}

/// A tile puzzle from a JSON record's `puzzle` field. `edges` puzzles have
/// the complement rule and flat (0) borders.
pub fn tile_case_from_json(puzzle: &Value, edges: bool) -> TileCase {
    let rows = as_usize(&puzzle["rows"]);
    let cols = as_usize(&puzzle["cols"]);
    let tiles = puzzle["tiles"].as_array().unwrap().iter().map(labels).collect();
    let rotate = puzzle["rotate"].as_bool().unwrap_or(false);
    let fixes = puzzle
        .get("fixes")
        .and_then(Value::as_array)
        .map(|fs| {
            fs.iter()
                .map(|f| {
                    (
                        as_usize(&f["piece"]) - 1,
                        as_usize(&f["row"]) - 1,
                        as_usize(&f["col"]) - 1,
                        f.get("rotation").and_then(Value::as_u64).map(|r| r as u8),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let (rule, border) = if edges {
        (Match::Complement, Some(0))
    } else {
        (Match::Equal, puzzle.get("border").and_then(Value::as_i64).map(|b| b as i32))
    };
    TileCase { rows, cols, tiles, rotate, rule, border, fixes }
}

/// Checks a tile solution given as JSON (`placements` 1-based and `grid`)
/// against a puzzle; returns the grid of oriented labels.
pub fn check_tile_json(case: &TileCase, solution: &Value) -> Result<Vec<Vec<Labels>>, String> {
    let placements: Vec<TilePlace> = solution["placements"]
        .as_array()
        .ok_or("no placements")?
        .iter()
        .map(|p| TilePlace {
            piece: as_usize(&p["piece"]) - 1,
            row: as_usize(&p["row"]) - 1,
            col: as_usize(&p["col"]) - 1,
            rotation: as_usize(&p["rotation"]) as u8,
        })
        .collect();
    let shown: Vec<Vec<Labels>> = solution["grid"]
        .as_array()
        .ok_or("no grid")?
        .iter()
        .map(|row| row.as_array().unwrap().iter().map(labels).collect())
        .collect();
    check_tiles(case, &placements, Some(&shown))
}

/// Checks one JSON case record of a tile puzzle: if it carries a solution,
/// the solution must be valid for the record's own puzzle, and for
/// `expected` if given. Returns the grid, if any.
#[track_caller]
pub fn assert_tile_record(record: &Value, edges: bool, expected: Option<&TileCase>) -> Option<Vec<Vec<Labels>>> {
    let case = tile_case_from_json(&record["puzzle"], edges);
    if let Some(e) = expected {
        assert_eq!(&case, e, "the record's puzzle is not the input's");
    }
    let sol = record.get("solution")?;
    match check_tile_json(&case, sol) {
        Ok(grid) => Some(grid),
        Err(e) => panic!("invalid solution: {e}\nrecord: {record}"),
    }
}

// ---------------------------------------------------------------------------
// Judge text parsers.

fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace()
}

/// ZOJ 1008 input: the cases (boards) before the terminating `0`.
pub fn parse_tetravex(text: &str) -> Vec<TileCase> {
    let mut t = tokens(text).map(|s| s.parse::<i64>().expect("a number"));
    let mut cases = vec![];
    loop {
        let n = t.next().expect("a size or 0") as usize;
        if n == 0 {
            return cases;
        }
        let tiles = (0..n * n).map(|_| std::array::from_fn(|_| t.next().unwrap() as i32)).collect();
        cases.push(TileCase::tetravex(n, tiles, false));
    }
}

/// One edges side: a letter or a signed number.
fn side(s: &str) -> i32 {
    match s {
        "F" | "f" => 0,
        "O" | "o" => 1,
        "I" | "i" => -1,
        _ => s.parse().unwrap_or_else(|_| panic!("not a side: {s}")),
    }
}

/// UVa 519 input: the blocks before `0 0`.
pub fn parse_edges(text: &str) -> Vec<TileCase> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut cases = vec![];
    loop {
        let head: Vec<usize> = lines.next().unwrap().split_whitespace().map(|s| s.parse().unwrap()).collect();
        let (rows, cols) = (head[0], head[1]);
        if rows == 0 && cols == 0 {
            return cases;
        }
        let tiles = (0..rows * cols)
            .map(|_| {
                let l = lines.next().unwrap();
                let parts: Vec<String> = if l.contains(char::is_whitespace) {
                    l.split_whitespace().map(String::from).collect()
                } else {
                    l.chars().map(String::from).collect()
                };
                assert_eq!(parts.len(), 4, "piece line {l}");
                std::array::from_fn(|i| side(&parts[i]))
            })
            .collect();
        cases.push(TileCase::edges(rows, cols, tiles, false));
    }
}

// ---------------------------------------------------------------------------
// Packing.

/// A set of cells, normalised (smallest row and column 0) and sorted.
pub type Cells = Vec<(usize, usize)>;

/// A packing puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackCase {
    pub rows: usize,
    pub cols: usize,
    /// `fill[r][c]`: the cell is to be covered.
    pub fill: Vec<Vec<bool>>,
    /// Each piece's solid cells as drawn.
    pub pieces: Vec<Cells>,
    pub rotate: bool,
    pub flip: bool,
}

impl PackCase {
    pub fn rect(rows: usize, cols: usize, pieces: Vec<Cells>, rotate: bool, flip: bool) -> Self {
        PackCase { rows, cols, fill: vec![vec![true; cols]; rows], pieces, rotate, flip }
    }
}

/// Shifts cells so that the smallest row and column are 0, sorted.
pub fn normalise(cells: &[(usize, usize)]) -> Cells {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut v: Cells = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    v.sort();
    v.dedup();
    v
}

/// Symmetry `t` of a shape: `t < 4` turns it `t` quarter turns clockwise;
/// `t >= 4` mirrors it left-right, then turns it `t - 4` times.
pub fn orient(cells: &[(usize, usize)], t: u8) -> Cells {
    let mut v = normalise(cells);
    if t >= 4 {
        let w = v.iter().map(|c| c.1).max().unwrap() + 1;
        v = v.into_iter().map(|(r, c)| (r, w - 1 - c)).collect();
    }
    for _ in 0..t % 4 {
        // Clockwise: the top row becomes the right column.
        let h = v.iter().map(|c| c.0).max().unwrap() + 1;
        v = v.into_iter().map(|(r, c)| (c, h - 1 - r)).collect();
    }
    normalise(&v)
}

/// Whether symmetry `t` is allowed by the flags.
pub fn allowed(t: u8, rotate: bool, flip: bool) -> bool {
    match t {
        0 => true,
        1..=3 => rotate,
        4 => flip,
        5..=7 => rotate && flip,
        _ => false,
    }
}

/// The distinct oriented shapes a piece may take.
pub fn shapes(cells: &[(usize, usize)], rotate: bool, flip: bool) -> BTreeSet<Cells> {
    (0..8).filter(|&t| allowed(t, rotate, flip)).map(|t| orient(cells, t)).collect()
}

/// Where one piece lies (0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackPlace {
    pub piece: usize,
    pub orientation: u8,
    pub row: usize,
    pub col: usize,
    pub cells: Cells,
}

/// Checks placements; returns the grid of piece indices.
pub fn check_pack(case: &PackCase, placements: &[PackPlace]) -> Result<Vec<Vec<usize>>, String> {
    let p = case.pieces.len();
    if placements.len() != p {
        return Err(format!("{} placements for {p} pieces", placements.len()));
    }
    let mut used = vec![false; p];
    let mut grid = vec![vec![usize::MAX; case.cols]; case.rows];
    for pl in placements {
        if pl.piece >= p || std::mem::replace(&mut used[pl.piece], true) {
            return Err(format!("piece {} is missing or placed twice", pl.piece));
        }
        if !allowed(pl.orientation, case.rotate, case.flip) {
            return Err(format!(
                "piece {} has orientation {} (rotate: {}, flip: {})",
                pl.piece, pl.orientation, case.rotate, case.flip
            ));
        }
        let mut sorted = pl.cells.clone();
        sorted.sort();
        if sorted != pl.cells {
            return Err(format!("piece {}: cells not in reading order: {:?}", pl.piece, pl.cells));
        }
        let shape = orient(&case.pieces[pl.piece], pl.orientation);
        let expect: Cells = shape.iter().map(|&(r, c)| (r + pl.row, c + pl.col)).collect();
        if expect != pl.cells {
            return Err(format!(
                "piece {} in orientation {} at ({}, {}) covers {expect:?}, not {:?}",
                pl.piece, pl.orientation, pl.row, pl.col, pl.cells
            ));
        }
        for &(r, c) in &pl.cells {
            if r >= case.rows || c >= case.cols || !case.fill[r][c] {
                return Err(format!("piece {} covers ({r}, {c}), which is not a board cell", pl.piece));
            }
            if grid[r][c] != usize::MAX {
                return Err(format!("cell ({r}, {c}) is covered by pieces {} and {}", grid[r][c], pl.piece));
            }
            grid[r][c] = pl.piece;
        }
    }
    for (r, (fill, row)) in case.fill.iter().zip(&grid).enumerate() {
        if let Some(c) = (0..case.cols).find(|&c| fill[c] && row[c] == usize::MAX) {
            return Err(format!("cell ({r}, {c}) is not covered"));
        }
    }
    Ok(grid)
}

/// The cells to fill of a JSON board: `.` in its `picture`.
pub fn board_fill(board: &Value) -> Vec<Vec<bool>> {
    let lines = board["picture"].as_array().unwrap();
    lines.iter().map(|l| l.as_str().unwrap().chars().map(|ch| ch == '.').collect()).collect()
}

/// The cells of a JSON piece: `#` in its `picture`, as (row, column).
pub fn piece_cells(piece: &Value) -> Cells {
    let lines = piece["picture"].as_array().unwrap();
    lines
        .iter()
        .enumerate()
        .flat_map(|(r, l)| {
            l.as_str().unwrap().chars().enumerate().filter(|(_, ch)| *ch == '#').map(move |(c, _)| (r, c))
        })
        .collect()
}

/// A packing puzzle from a JSON record's `puzzle` field.
pub fn pack_case_from_json(puzzle: &Value) -> PackCase {
    let board = &puzzle["board"];
    let rows = as_usize(&board["rows"]);
    let cols = as_usize(&board["cols"]);
    let fill = board_fill(board);
    assert_eq!(fill.len(), rows);
    assert!(fill.iter().all(|r| r.len() == cols));
    let pieces_json = puzzle["pieces"].as_array().unwrap();
    let mut rotate = None;
    let mut flip = None;
    let mut pieces = vec![];
    for p in pieces_json {
        let cells = piece_cells(p);
        pieces.push(cells);
        let (ro, fl) = (p["rotate"].as_bool().unwrap_or(false), p["flip"].as_bool().unwrap_or(false));
        assert!(rotate.is_none_or(|x| x == ro) && flip.is_none_or(|x| x == fl), "pieces differ in freedom");
        rotate = Some(ro);
        flip = Some(fl);
    }
    PackCase { rows, cols, fill, pieces, rotate: rotate.unwrap_or(false), flip: flip.unwrap_or(false) }
}

/// Checks a packing solution given as JSON; returns the grid of pieces.
pub fn check_pack_json(case: &PackCase, solution: &Value) -> Result<Vec<Vec<usize>>, String> {
    let placements: Vec<PackPlace> = solution["placements"]
        .as_array()
        .ok_or("no placements")?
        .iter()
        .map(|p| PackPlace {
            piece: as_usize(&p["piece"]) - 1,
            orientation: as_usize(&p["orientation"]) as u8,
            row: as_usize(&p["row"]) - 1,
            col: as_usize(&p["col"]) - 1,
            cells: p["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|rc| (as_usize(&rc[0]) - 1, as_usize(&rc[1]) - 1))
                .collect(),
        })
        .collect();
    for (i, p) in placements.iter().enumerate() {
        if p.piece != i {
            return Err(format!("placement {i} is for piece {}", p.piece));
        }
    }
    check_pack(case, &placements)
}

/// Checks one JSON case record of a packing puzzle (see
/// [`assert_tile_record`]).
#[track_caller]
pub fn assert_pack_record(record: &Value, expected: Option<&PackCase>) -> Option<Vec<Vec<usize>>> {
    let case = pack_case_from_json(&record["puzzle"]);
    if let Some(e) = expected {
        assert_eq!(case.rows, e.rows);
        assert_eq!(case.cols, e.cols);
        assert_eq!(case.fill, e.fill);
        assert_eq!((case.rotate, case.flip), (e.rotate, e.flip));
        assert_eq!(case.pieces.len(), e.pieces.len());
        for (a, b) in case.pieces.iter().zip(&e.pieces) {
            assert_eq!(normalise(a), normalise(b), "the record's piece is not the input's");
        }
    }
    let sol = record.get("solution")?;
    match check_pack_json(&case, sol) {
        Ok(grid) => {
            // The text checker agrees with the placement checker.
            if case.fill.iter().flatten().all(|&f| f) {
                check_pack_text(&case, &pack_grid_text(&grid)).unwrap_or_else(|e| panic!("{e}: {record}"));
            }
            Some(grid)
        }
        Err(e) => panic!("invalid solution: {e}\nrecord: {record}"),
    }
}

/// The judge's symbol for piece `i` (0-based).
pub fn symbol(i: usize) -> char {
    b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[i] as char
}

/// The judge's grid for a filled board of piece indices.
pub fn pack_grid_text(grid: &[Vec<usize>]) -> String {
    grid.iter().map(|r| r.iter().map(|&i| symbol(i)).chain(['\n']).collect::<String>()).collect()
}

/// Checks a judge grid (one line per board row, one symbol per cell).
pub fn check_pack_text(case: &PackCase, text: &str) -> Result<(), String> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() != case.rows {
        return Err(format!("{} lines for {} rows: {text:?}", lines.len(), case.rows));
    }
    let mut cells: Vec<Cells> = vec![vec![]; case.pieces.len()];
    for (r, l) in lines.iter().enumerate() {
        let chars: Vec<char> = l.chars().collect();
        if chars.len() != case.cols {
            return Err(format!("row {r} has {} characters, not {}: {l:?}", chars.len(), case.cols));
        }
        for (c, ch) in chars.into_iter().enumerate() {
            let Some(i) = (0..case.pieces.len()).find(|&i| symbol(i) == ch) else {
                return Err(format!("({r}, {c}) shows {ch:?}, which names no piece"));
            };
            if !case.fill[r][c] {
                return Err(format!("({r}, {c}) is a hole but shows {ch:?}"));
            }
            cells[i].push((r, c));
        }
    }
    for (i, got) in cells.iter().enumerate() {
        if got.is_empty() {
            return Err(format!("piece {i} is not on the board"));
        }
        let shape = normalise(got);
        if !shapes(&case.pieces[i], case.rotate, case.flip).contains(&shape) {
            return Err(format!("piece {i} covers {got:?}, which is not one of its allowed shapes"));
        }
    }
    Ok(())
}

/// UVa 387 input: each case's pieces (solid cells as drawn).
pub fn parse_pack(text: &str) -> Vec<Vec<Cells>> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut cases = vec![];
    loop {
        let p: usize = lines.next().unwrap().parse().unwrap();
        if p == 0 {
            return cases;
        }
        let mut pieces = vec![];
        for _ in 0..p {
            let head: Vec<usize> = lines.next().unwrap().split_whitespace().map(|s| s.parse().unwrap()).collect();
            let mut cells = vec![];
            for r in 0..head[0] {
                let row = lines.next().unwrap();
                assert_eq!(row.chars().count(), head[1]);
                cells.extend(row.chars().enumerate().filter(|(_, ch)| *ch == '1').map(|(c, _)| (r, c)));
            }
            pieces.push(cells);
        }
        cases.push(pieces);
    }
}

// ---------------------------------------------------------------------------
// Self-checks of the verifier's own arithmetic.

#[test]
fn verifier_turns_clockwise() {
    assert_eq!(turn([1, 2, 3, 4], 1), [4, 1, 2, 3]);
    assert_eq!(turn([1, 2, 3, 4], 2), [3, 4, 1, 2]);
    assert_eq!(turn([1, 2, 3, 4], 4), [1, 2, 3, 4]);
    // #.        ##
    // ##   ->   #.     (a quarter turn clockwise)
    let l = vec![(0, 0), (1, 0), (1, 1)];
    assert_eq!(orient(&l, 1), vec![(0, 0), (0, 1), (1, 0)]);
    // Mirror left-right: ".#" / "##".
    assert_eq!(orient(&l, 4), vec![(0, 1), (1, 0), (1, 1)]);
    // A horizontal I turned once is vertical.
    assert_eq!(orient(&[(0, 0), (0, 1), (0, 2)], 1), vec![(0, 0), (1, 0), (2, 0)]);
    // Empty outer rows and columns of a drawing do not count.
    assert_eq!(orient(&[(1, 2)], 0), vec![(0, 0)]);
    let f = vec![(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)];
    assert_eq!(shapes(&f, true, true).len(), 8);
    assert_eq!(shapes(&f, true, false).len(), 4);
    assert_eq!(shapes(&f, false, true).len(), 2);
}

#[test]
fn verifier_rejects_bad_solutions() {
    let case = TileCase::tetravex(1, vec![[1, 2, 3, 4]], false);
    let ok = TilePlace { piece: 0, row: 0, col: 0, rotation: 0 };
    assert!(check_tiles(&case, &[ok], None).is_ok());
    assert!(check_tiles(&case, &[TilePlace { rotation: 1, ..ok }], None).is_err());
    // Two tiles that do not meet.
    let case = TileCase { rows: 1, cols: 2, ..TileCase::tetravex(1, vec![[0, 1, 0, 0], [0, 0, 0, 2]], false) };
    let pl = [ok, TilePlace { piece: 1, row: 0, col: 1, rotation: 0 }];
    assert!(check_tiles(&case, &pl, None).is_err());
    // Edges: a flat side inside the picture is refused even if 0 meets -0.
    let case = TileCase::edges(1, 2, vec![[0, 0, 0, 0], [0, 0, 0, 0]], false);
    assert!(check_tiles(&case, &pl, None).is_err());
    let case = PackCase::rect(1, 2, vec![vec![(0, 0)], vec![(0, 0)]], false, false);
    let a = PackPlace { piece: 0, orientation: 0, row: 0, col: 0, cells: vec![(0, 0)] };
    let b = PackPlace { piece: 1, orientation: 0, row: 0, col: 1, cells: vec![(0, 1)] };
    assert!(check_pack(&case, &[a.clone(), b.clone()]).is_ok());
    assert!(check_pack(&case, &[a.clone(), PackPlace { col: 0, cells: vec![(0, 0)], ..b.clone() }]).is_err());
    assert!(check_pack(&case, &[a, PackPlace { orientation: 1, ..b }]).is_err());
    assert!(check_pack_text(&case, "12\n").is_ok());
    assert!(check_pack_text(&case, "11\n").is_err());
}
