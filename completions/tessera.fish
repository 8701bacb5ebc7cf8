# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_tessera_global_optspecs
    string join \n h/help V/version
end

function __fish_tessera_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_tessera_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_tessera_using_subcommand
    set -l cmd (__fish_tessera_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c tessera -n "__fish_tessera_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tessera -n "__fish_tessera_needs_command" -s V -l version -d 'Print version'
complete -c tessera -n "__fish_tessera_needs_command" -f -a "tetravex" -d 'Gnome Tetravex (ZOJ 1008): square tiles with four labels; equal labels meet'
complete -c tessera -n "__fish_tessera_needs_command" -f -a "edges" -d 'Jigsaw edge matching (UVa 519): flat sides on the border, In meets Out'
complete -c tessera -n "__fish_tessera_needs_command" -f -a "pack" -d 'Polyomino packing (UVa 387): fill the board with all the pieces'
complete -c tessera -n "__fish_tessera_needs_command" -f -a "generate" -d 'Write random puzzles with a planted solution (judge format or JSON)'
complete -c tessera -n "__fish_tessera_needs_command" -f -a "merge" -d 'Add up the JSON records of shard runs (--shard I/N --json); report missing shards'
complete -c tessera -n "__fish_tessera_needs_command" -f -a "render" -d 'Draw the solutions of --json records as SVG pictures, without solving again'
complete -c tessera -n "__fish_tessera_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c tessera -n "__fish_tessera_needs_command" -f -a "man" -d 'Print the man page (roff): tessera\'s, or one subcommand\'s'
complete -c tessera -n "__fish_tessera_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l input -d 'Read the judge\'s text or JSON puzzles (auto: JSON if it starts with `{` or `[`)' -r -f -a "auto\t'JSON when the input starts with `{` or `[` (after white space), else text'
text\t'The judge\'s text format'
json\t'JSON puzzles (see docs/json.md)'"
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l limit -d 'With --all (or --count): stop after N solutions' -r
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l svg -d 'Also draw each solution as an SVG picture: a FILE, a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only)' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l color -d 'When to colour grids (auto: stdout is a terminal, NO_COLOR unset)' -r -f -a "auto\t'When stdout is a terminal, NO_COLOR is unset and TERM is not `dumb`'
always\t'Even when stdout is a file or a pipe'
never\t'Plain text, no colour'"
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l progress -d 'When to show a progress bar on stderr' -r -f -a "auto\t'When stderr is a terminal and TERM is not `dumb`'
always\t'Even when stderr is not a terminal (a log file, a test)'
never\t'No progress bar'"
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l timeout -d 'Give up on a case after this many seconds (the case is then unknown)' -r
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l max-nodes -d 'Give up on a case after this many search nodes (reproducible; one thread)' -r
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -s j -l threads -d 'Worker threads (0: all cores; at most 1024)' -r
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l shard -d 'Search only shard I of N (1-based), for splitting a search across machines' -r
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l backend -d 'Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons)' -r -f -a "auto\t'Bit sets for packing; for tile puzzles a short trial of the row scan, then the row scan or the assignment backend, by estimate'
assign\t'Exact domains with arc consistency, most constrained cell first (tile puzzles)'
rowscan\t'Cells in reading order, candidates indexed by the labels they must match (tile puzzles)'
general\t'The general sparse exact-cover backend (any puzzle; for cross-checking)'"
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l restarts -d 'Restart first-solution searches in random orders (with 2+ threads: a portfolio)' -r -f -a "auto\t'For first-solution searches with the assignment backend (tile puzzles), not shards'
never\t'One complete search in the backend\'s own order (threads share its subtrees)'"
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l seed -d 'Seed of the restarts\' random orders (the same seed repeats a one-thread run exactly)' -r
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l memo -d 'Memoise subtree counts when counting (auto: when random walks, or a short memoised pilot run, show that it pays)' -r -f -a "auto\t'When the states the search meets repeat often enough to pay (estimated by random walks)'
on\t'Whenever the backend can memoise (bit sets, row scan)'
off\t'Never: count by enumeration'
halves\t'Count by meeting in the middle wherever it applies (row-scan puzzles whose tables fit), else as auto'"
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l memo-mb -d 'Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again)' -r
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l shard-plan -d 'Print the estimated size of each of N shards (Knuth\'s estimate) instead of searching' -r
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l plan-out -d 'With --shard-plan N: plan once for every shard (many more walks, large subtrees split, small ones counted) and write the plan to FILE, for --shard I/N --plan FILE' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l plan -d 'With --shard I/N: search shard I of the plan in FILE (written by --shard-plan N --plan-out FILE for the same input and options) instead of planning again' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l border -d 'Every outer side must carry label C, and no inner side may' -r
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l layout -d 'How the input draws the tiles' -r -f -a "tiles\t'One tile per line: top right bottom left'
blocks\t'The board drawn as it lies, each tile a 2x2 block of labels'"
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l fix -d 'Pin tile TILE (1-based, input order) at row ROW, column COL (1-based), turned ROT quarter turns clockwise (0-3)' -r
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -s g -l grid -d 'Draw each solution after its verdict'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l ascii -d 'Draw grids with plain ASCII instead of box characters'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -s c -l count -d 'Count every distinct solution (identical pieces swapped count once)'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l all -d 'Print every solution'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l json -d 'Write newline-delimited JSON records instead of text'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -s q -l quiet -d 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l stats -d 'Print effort counters for each case on stderr'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l rotate -d 'Tiles may turn (quarter turns) as well as move'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -l in-place -d 'Every tile stays in its cell and may only turn'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tessera -n "__fish_tessera_using_subcommand tetravex" -s V -l version -d 'Print version'
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l input -d 'Read the judge\'s text or JSON puzzles (auto: JSON if it starts with `{` or `[`)' -r -f -a "auto\t'JSON when the input starts with `{` or `[` (after white space), else text'
text\t'The judge\'s text format'
json\t'JSON puzzles (see docs/json.md)'"
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l limit -d 'With --all (or --count): stop after N solutions' -r
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l svg -d 'Also draw each solution as an SVG picture: a FILE, a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only)' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l color -d 'When to colour grids (auto: stdout is a terminal, NO_COLOR unset)' -r -f -a "auto\t'When stdout is a terminal, NO_COLOR is unset and TERM is not `dumb`'
always\t'Even when stdout is a file or a pipe'
never\t'Plain text, no colour'"
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l progress -d 'When to show a progress bar on stderr' -r -f -a "auto\t'When stderr is a terminal and TERM is not `dumb`'
always\t'Even when stderr is not a terminal (a log file, a test)'
never\t'No progress bar'"
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l timeout -d 'Give up on a case after this many seconds (the case is then unknown)' -r
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l max-nodes -d 'Give up on a case after this many search nodes (reproducible; one thread)' -r
complete -c tessera -n "__fish_tessera_using_subcommand edges" -s j -l threads -d 'Worker threads (0: all cores; at most 1024)' -r
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l shard -d 'Search only shard I of N (1-based), for splitting a search across machines' -r
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l backend -d 'Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons)' -r -f -a "auto\t'Bit sets for packing; for tile puzzles a short trial of the row scan, then the row scan or the assignment backend, by estimate'
assign\t'Exact domains with arc consistency, most constrained cell first (tile puzzles)'
rowscan\t'Cells in reading order, candidates indexed by the labels they must match (tile puzzles)'
general\t'The general sparse exact-cover backend (any puzzle; for cross-checking)'"
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l restarts -d 'Restart first-solution searches in random orders (with 2+ threads: a portfolio)' -r -f -a "auto\t'For first-solution searches with the assignment backend (tile puzzles), not shards'
never\t'One complete search in the backend\'s own order (threads share its subtrees)'"
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l seed -d 'Seed of the restarts\' random orders (the same seed repeats a one-thread run exactly)' -r
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l memo -d 'Memoise subtree counts when counting (auto: when random walks, or a short memoised pilot run, show that it pays)' -r -f -a "auto\t'When the states the search meets repeat often enough to pay (estimated by random walks)'
on\t'Whenever the backend can memoise (bit sets, row scan)'
off\t'Never: count by enumeration'
halves\t'Count by meeting in the middle wherever it applies (row-scan puzzles whose tables fit), else as auto'"
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l memo-mb -d 'Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again)' -r
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l shard-plan -d 'Print the estimated size of each of N shards (Knuth\'s estimate) instead of searching' -r
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l plan-out -d 'With --shard-plan N: plan once for every shard (many more walks, large subtrees split, small ones counted) and write the plan to FILE, for --shard I/N --plan FILE' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l plan -d 'With --shard I/N: search shard I of the plan in FILE (written by --shard-plan N --plan-out FILE for the same input and options) instead of planning again' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l fix -d 'Pin piece PIECE (1-based, input order) at row ROW, column COL (1-based), turned ROT quarter turns clockwise (0-3)' -r
complete -c tessera -n "__fish_tessera_using_subcommand edges" -s g -l grid -d 'Draw each solution after its verdict'
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l ascii -d 'Draw grids with plain ASCII instead of box characters'
complete -c tessera -n "__fish_tessera_using_subcommand edges" -s c -l count -d 'Count every distinct solution (identical pieces swapped count once)'
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l all -d 'Print every solution'
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l json -d 'Write newline-delimited JSON records instead of text'
complete -c tessera -n "__fish_tessera_using_subcommand edges" -s q -l quiet -d 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution'
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l stats -d 'Print effort counters for each case on stderr'
complete -c tessera -n "__fish_tessera_using_subcommand edges" -l rotate -d 'Pieces may turn (quarter turns)'
complete -c tessera -n "__fish_tessera_using_subcommand edges" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tessera -n "__fish_tessera_using_subcommand edges" -s V -l version -d 'Print version'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l input -d 'Read the judge\'s text or JSON puzzles (auto: JSON if it starts with `{` or `[`)' -r -f -a "auto\t'JSON when the input starts with `{` or `[` (after white space), else text'
text\t'The judge\'s text format'
json\t'JSON puzzles (see docs/json.md)'"
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l limit -d 'With --all (or --count): stop after N solutions' -r
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l svg -d 'Also draw each solution as an SVG picture: a FILE, a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only)' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l color -d 'When to colour grids (auto: stdout is a terminal, NO_COLOR unset)' -r -f -a "auto\t'When stdout is a terminal, NO_COLOR is unset and TERM is not `dumb`'
always\t'Even when stdout is a file or a pipe'
never\t'Plain text, no colour'"
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l progress -d 'When to show a progress bar on stderr' -r -f -a "auto\t'When stderr is a terminal and TERM is not `dumb`'
always\t'Even when stderr is not a terminal (a log file, a test)'
never\t'No progress bar'"
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l timeout -d 'Give up on a case after this many seconds (the case is then unknown)' -r
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l max-nodes -d 'Give up on a case after this many search nodes (reproducible; one thread)' -r
complete -c tessera -n "__fish_tessera_using_subcommand pack" -s j -l threads -d 'Worker threads (0: all cores; at most 1024)' -r
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l shard -d 'Search only shard I of N (1-based), for splitting a search across machines' -r
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l backend -d 'Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons)' -r -f -a "auto\t'Bit sets for packing; for tile puzzles a short trial of the row scan, then the row scan or the assignment backend, by estimate'
assign\t'Exact domains with arc consistency, most constrained cell first (tile puzzles)'
rowscan\t'Cells in reading order, candidates indexed by the labels they must match (tile puzzles)'
general\t'The general sparse exact-cover backend (any puzzle; for cross-checking)'"
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l restarts -d 'Restart first-solution searches in random orders (with 2+ threads: a portfolio)' -r -f -a "auto\t'For first-solution searches with the assignment backend (tile puzzles), not shards'
never\t'One complete search in the backend\'s own order (threads share its subtrees)'"
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l seed -d 'Seed of the restarts\' random orders (the same seed repeats a one-thread run exactly)' -r
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l memo -d 'Memoise subtree counts when counting (auto: when random walks, or a short memoised pilot run, show that it pays)' -r -f -a "auto\t'When the states the search meets repeat often enough to pay (estimated by random walks)'
on\t'Whenever the backend can memoise (bit sets, row scan)'
off\t'Never: count by enumeration'
halves\t'Count by meeting in the middle wherever it applies (row-scan puzzles whose tables fit), else as auto'"
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l memo-mb -d 'Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again)' -r
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l shard-plan -d 'Print the estimated size of each of N shards (Knuth\'s estimate) instead of searching' -r
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l plan-out -d 'With --shard-plan N: plan once for every shard (many more walks, large subtrees split, small ones counted) and write the plan to FILE, for --shard I/N --plan FILE' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l plan -d 'With --shard I/N: search shard I of the plan in FILE (written by --shard-plan N --plan-out FILE for the same input and options) instead of planning again' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l board -d 'The board: ROWSxCOLS [default: 4x4, or the board the input draws]' -r
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l board-file -d 'The board drawn in a file: `.` a cell to fill, `#` (any other character) a hole' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l set -d 'Add a built-in piece set (with its own freedom); repeat to add several. Without FILE the sets alone are the puzzle (give `-` to add pieces from standard input)' -r -f -a "trominoes\t''
tetrominoes\t''
pentominoes\t''
one-sided-pentominoes\t''
hexominoes\t''"
complete -c tessera -n "__fish_tessera_using_subcommand pack" -s g -l grid -d 'Draw each solution after its verdict'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l ascii -d 'Draw grids with plain ASCII instead of box characters'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -s c -l count -d 'Count every distinct solution (identical pieces swapped count once)'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l all -d 'Print every solution'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l json -d 'Write newline-delimited JSON records instead of text'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -s q -l quiet -d 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l stats -d 'Print effort counters for each case on stderr'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l rotate -d 'Pieces may turn (quarter turns)'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l flip -d 'Pieces may be flipped over (mirrored)'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -l unique -d 'Count and list solutions up to the board\'s symmetries (one per orbit)'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tessera -n "__fish_tessera_using_subcommand pack" -s V -l version -d 'Print version'
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l size -d 'Board size: N (N x N) or RxC [default: tetravex 3, edges 3x3, pack 6x10]' -r
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l labels -d 'Labels the joins draw from (tetravex: values 0 up, skipping the border label; edges: tab shapes 1 to K) [default: tetravex 10, edges 1]' -r
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l border -d 'Tetravex: every outer side carries label C (and no inner side does)' -r
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l frame-labels -d 'Eternity II style: joins along the border ring draw from F labels of their own (tetravex: implies --border 0 unless given)' -r
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l inner-labels -d 'Eternity II style: all other joins draw from I labels, distinct from the frame labels' -r
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l pieces -d 'Pack: the number of pieces [default: about one per 5 cells]' -r
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l piece-size -d 'Pack: the average piece size in cells (pieces = cells / N, rounded)' -r
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l cases -d 'How many puzzles' -r
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l seed -d 'Seed of the random source (same seed, same puzzles)' -r
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l rotate -d 'Turn every tile or piece a random number of quarter turns (solve with --rotate)'
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l centre -d 'Tetravex and edges, with --json: pin the centre cell\'s tile where the planted solution has it, turned as it lies there (Eternity II\'s centre piece; on even sides the cell below and right of the middle)'
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l flip -d 'Pack: mirror pieces at random (solve with --flip)'
complete -c tessera -n "__fish_tessera_using_subcommand generate" -l json -d 'Write one JSON puzzle per line (the shape `--input json` reads) instead of the judge\'s text'
complete -c tessera -n "__fish_tessera_using_subcommand generate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tessera -n "__fish_tessera_using_subcommand generate" -s V -l version -d 'Print version'
complete -c tessera -n "__fish_tessera_using_subcommand merge" -l json -d 'Write one JSON record per case (`"type": "merge"`) instead of text'
complete -c tessera -n "__fish_tessera_using_subcommand merge" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tessera -n "__fish_tessera_using_subcommand merge" -s V -l version -d 'Print version'
complete -c tessera -n "__fish_tessera_using_subcommand render" -l svg -d 'Where the pictures go: a FILE (one picture), a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout)' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand render" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tessera -n "__fish_tessera_using_subcommand render" -s V -l version -d 'Print version'
complete -c tessera -n "__fish_tessera_using_subcommand completions" -s h -l help -d 'Print help'
complete -c tessera -n "__fish_tessera_using_subcommand completions" -s V -l version -d 'Print version'
complete -c tessera -n "__fish_tessera_using_subcommand man" -l dir -d 'Write every page (tessera.1, tessera-tetravex.1, ...) into DIR instead' -r -F
complete -c tessera -n "__fish_tessera_using_subcommand man" -s h -l help -d 'Print help'
complete -c tessera -n "__fish_tessera_using_subcommand man" -s V -l version -d 'Print version'
complete -c tessera -n "__fish_tessera_using_subcommand help; and not __fish_seen_subcommand_from tetravex edges pack generate merge render completions man help" -f -a "tetravex" -d 'Gnome Tetravex (ZOJ 1008): square tiles with four labels; equal labels meet'
complete -c tessera -n "__fish_tessera_using_subcommand help; and not __fish_seen_subcommand_from tetravex edges pack generate merge render completions man help" -f -a "edges" -d 'Jigsaw edge matching (UVa 519): flat sides on the border, In meets Out'
complete -c tessera -n "__fish_tessera_using_subcommand help; and not __fish_seen_subcommand_from tetravex edges pack generate merge render completions man help" -f -a "pack" -d 'Polyomino packing (UVa 387): fill the board with all the pieces'
complete -c tessera -n "__fish_tessera_using_subcommand help; and not __fish_seen_subcommand_from tetravex edges pack generate merge render completions man help" -f -a "generate" -d 'Write random puzzles with a planted solution (judge format or JSON)'
complete -c tessera -n "__fish_tessera_using_subcommand help; and not __fish_seen_subcommand_from tetravex edges pack generate merge render completions man help" -f -a "merge" -d 'Add up the JSON records of shard runs (--shard I/N --json); report missing shards'
complete -c tessera -n "__fish_tessera_using_subcommand help; and not __fish_seen_subcommand_from tetravex edges pack generate merge render completions man help" -f -a "render" -d 'Draw the solutions of --json records as SVG pictures, without solving again'
complete -c tessera -n "__fish_tessera_using_subcommand help; and not __fish_seen_subcommand_from tetravex edges pack generate merge render completions man help" -f -a "completions" -d 'Print a shell completion script'
complete -c tessera -n "__fish_tessera_using_subcommand help; and not __fish_seen_subcommand_from tetravex edges pack generate merge render completions man help" -f -a "man" -d 'Print the man page (roff): tessera\'s, or one subcommand\'s'
complete -c tessera -n "__fish_tessera_using_subcommand help; and not __fish_seen_subcommand_from tetravex edges pack generate merge render completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
