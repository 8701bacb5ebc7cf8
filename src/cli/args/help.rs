//! The long help texts (`--help`, and the man pages' last sections): each
//! puzzle's input and output formats with examples, and the examples of
//! `generate` and `merge`; and each subcommand's exit statuses, shown by
//! `-h` and `--help` alike (the man pages have their own EXIT STATUS
//! section).

/// The exit statuses of the puzzle subcommands (see `cli::exit::Exit`).
pub const PUZZLE_EXIT: &str = "\
Exit status: 0 every case solvable; 1 some case proved unsolvable; 2 usage or input
error; 3 some case unknown (a limit or timeout came first); 4 with --shard, some
case had nothing to search in this shard; 130 interrupted (Ctrl-C). The most
severe wins: 2, 130, 3, 1, 4, 0.";

/// The exit statuses of `tessera merge`.
pub const MERGE_EXIT: &str = "\
Exit status: 0 every case solvable (or its solution found); 1 some case proved
unsolvable by every shard; 2 usage or input error, or shards that do not belong
together; 3 some case incomplete (a shard missing or stopped early).";

/// The exit statuses of the subcommands that search nothing.
pub const PLAIN_EXIT: &str = "Exit status: 0 done; 2 usage error, or output that cannot be written.";

/// A subcommand's long help: its text, then its exit statuses.
pub fn long(text: &str, exit: &str) -> String {
    format!("{text}\n\n{exit}")
}

/// `tessera tetravex --help`: the judge's format, `--layout blocks`, examples.
pub const TETRAVEX_HELP: &str = "\
Input format (ZOJ 1008): several cases; each is a line with the board size n,
then n*n lines of four labels `top right bottom left`; a lone 0 ends the input.

    2
    5 9 1 4
    4 4 5 6
    6 8 5 4
    0 4 4 3
    0

Output: `Game 1: Possible` or `Game 1: Impossible`, one empty line between cases.

With --layout blocks each case is n and then 2n lines of 2n labels drawing the
board as it lies, each tile a 2x2 block read clockwise from its top-left corner
(top, right / left, bottom).

Examples (the files are in the source tree's examples/):

    tessera tetravex examples/tetravex-zoj1008.txt                    the judge's answers
    tessera tetravex examples/tetravex-zoj1008.txt --grid --rotate    draw solutions; tiles turn
    tessera tetravex examples/tetravex-zoj1008.txt --count --json     count, one JSON record a case";

/// `tessera edges --help`: the judge's format and examples.
pub const EDGES_HELP: &str = "\
Input format (UVa 519): blocks of a line `rows cols` and rows*cols piece lines;
`0 0` ends the input. A piece is four sides, top right bottom left, as letters
(F flat, O out, I in) or signed numbers (0 flat, +k a jut of shape k, -k a
cavity of shape k; +k fits -k).

    2 2
    FFII
    OFFO
    FOOF
    IIFF
    0 0

Output: YES or NO, one line per block.

Examples (the files are in the source tree's examples/):

    tessera edges examples/edges-2x2.txt                      the judge's answers
    tessera edges examples/edges-2x2.txt --rotate --grid      pieces may turn; draw a solution
    tessera edges examples/edges-2x2.txt --count --json       count, one JSON record a case";

/// `tessera pack --help`: the judge's format, the picture format, examples.
pub const PACK_HELP: &str = "\
Input format (UVa 387): the number of pieces p (0 ends the input), then for each
piece a line `rows cols` and rows lines of 0/1 (1 is solid).

    2
    2 4
    1111
    1111
    2 4
    1111
    1111
    0

Output: the board, each cell showing the number of the piece that covers it, or
`No solution possible`; one empty line between cases.

Picture format (an input whose first line starts with `piece`, `board`, `set`,
`puzzle` or `//`): pieces drawn with `#` or a letter, named, counted (x2), with
their own rules (rotate, no-rotate, flip, no-flip, fixed, free); built-in sets;
the board as a picture (`.` to fill, `#` a hole) or `board RxC`. A line
`puzzle` starts the next puzzle. --board and --board-file override the input's
board.

    // Scott's problem: the 12 pentominoes around a 2x2 hole
    board
    ........
    ........
    ........
    ...##...
    ...##...
    ........
    ........
    ........
    set pentominoes

    puzzle 2: four L trominoes, turning, in a 3x4 box
    board 3x4
    piece L x4 rotate
    #.
    ##

Named pieces show their name (one character) or a symbol explained by a
`legend:` line; --grid draws full names. --unique counts one solution per
orbit under the symmetries of the board (and of the pieces' rules). See
docs/pack.md.

Examples (the files are in the source tree's examples/):

    tessera pack examples/pack-uva387.txt                     the judge's answers
    tessera pack examples/pack-pictures.txt --count --grid    count, and draw the first solution
    tessera pack --set pentominoes --board 6x10 --grid        one 6x10 box of pentominoes";

/// `tessera generate --help`: how to solve what it writes.
pub const GENERATE_HELP: &str = "\
Every puzzle is made solved and then shuffled, so it has at least one
solution. Solve it with the same rule flags: --rotate (and for pack --flip and
--board RxC, since the judge's pack format has no board).

    tessera generate tetravex --size 4 --seed 1 | tessera tetravex --grid
    tessera generate edges --size 5x7 --labels 3 --rotate --seed 2 | tessera edges --rotate
    tessera generate tetravex --size 5 --rotate --frame-labels 3 --inner-labels 6 --json \\
        --seed 4 | tessera tetravex --count
    tessera generate pack --size 6x10 --pieces 12 --rotate --flip --seed 3 \\
        | tessera pack --board 6x10 --rotate --flip --grid

The same --seed gives the same puzzles on every machine. Without --seed a seed
is drawn from the clock and printed on stderr.";

/// `tessera merge --help`: what a merged verdict means.
pub const MERGE_HELP: &str = "\
Reads the records that `--shard I/N --json` runs wrote (with or without --count
or --all; solution records are skipped), groups them by case, checks that shards
1 to N are each present once, of one split and one puzzle, and searched to the
end, and prints each case's merged verdict and total count.

    for i in $(seq 16); do tessera pack --set pentominoes --board 6x10 \\
        --count --json --shard $i/16 > shard-$i.json; done
    tessera merge shard-*.json

A case is solvable if any shard found a solution, and unsolvable only if every
shard searched to the end without one. Missing, incomplete (stopped early)
shards make the case unknown (status 3, or 0 when a solution answers the
question); repeated shards or records of another split or puzzle are an error
(status 2). Each problem is named on stderr with the shard numbers.";

/// The long help of `tessera render`.
pub const RENDER_HELP: &str = "\
Reads the records that `--json` runs wrote and draws every solution they hold,
as `--svg PATH` would have while solving: each solution record (`--all`) with
its number, and the solution of each case record that has no solution records
before it, as solution 1. The solution records of a case wait for its case
record, which holds the puzzle; unsolvable and unknown cases, shard plans and
merge records draw nothing.

    tessera pack examples/pack-uva387.txt --all --json > runs.json
    tessera render runs.json --svg pictures/

PATH is a FILE (one picture), a directory (existing, or ending in `/`; one file
PUZZLE-CASE-SOLUTION.svg per picture), a name with {case}, {solution} or
{puzzle} in it, or `-` (stdout, the default: the documents one after another).
Exit status 0 when a picture was drawn, 1 when the records hold no solution, 2
for records that cannot be read or drawn, and pictures that cannot be written.";
