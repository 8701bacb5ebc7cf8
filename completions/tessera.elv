
use builtin;
use str;

set edit:completion:arg-completer[tessera] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'tessera'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'tessera'= {
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand tetravex 'Gnome Tetravex (ZOJ 1008): square tiles with four labels; equal labels meet'
            cand edges 'Jigsaw edge matching (UVa 519): flat sides on the border, In meets Out'
            cand pack 'Polyomino packing (UVa 387): fill the board with all the pieces'
            cand generate 'Write random puzzles with a planted solution (judge format or JSON)'
            cand merge 'Add up the JSON records of shard runs (--shard I/N --json); report missing shards'
            cand render 'Draw the solutions of --json records as SVG pictures, without solving again'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (roff): tessera''s, or one subcommand''s'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tessera;tetravex'= {
            cand --input 'Read the judge''s text or JSON puzzles (auto: JSON if it starts with `{` or `[`)'
            cand --limit 'With --all (or --count): stop after N solutions'
            cand --svg 'Also draw each solution as an SVG picture: a FILE, a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only)'
            cand --color 'When to colour grids (auto: stdout is a terminal, NO_COLOR unset)'
            cand --progress 'When to show a progress bar on stderr'
            cand --timeout 'Give up on a case after this many seconds (the case is then unknown)'
            cand --max-nodes 'Give up on a case after this many search nodes (reproducible; one thread)'
            cand -j 'Worker threads (0: all cores; at most 1024)'
            cand --threads 'Worker threads (0: all cores; at most 1024)'
            cand --shard 'Search only shard I of N (1-based), for splitting a search across machines'
            cand --backend 'Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons)'
            cand --restarts 'Restart first-solution searches in random orders (with 2+ threads: a portfolio)'
            cand --seed 'Seed of the restarts'' random orders (the same seed repeats a one-thread run exactly)'
            cand --memo 'Memoise subtree counts when counting (auto: when random walks, or a short memoised pilot run, show that it pays)'
            cand --memo-mb 'Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again)'
            cand --shard-plan 'Print the estimated size of each of N shards (Knuth''s estimate) instead of searching'
            cand --plan-out 'With --shard-plan N: plan once for every shard (many more walks, large subtrees split, small ones counted) and write the plan to FILE, for --shard I/N --plan FILE'
            cand --plan 'With --shard I/N: search shard I of the plan in FILE (written by --shard-plan N --plan-out FILE for the same input and options) instead of planning again'
            cand --border 'Every outer side must carry label C, and no inner side may'
            cand --layout 'How the input draws the tiles'
            cand --fix 'Pin tile TILE (1-based, input order) at row ROW, column COL (1-based), turned ROT quarter turns clockwise (0-3)'
            cand -g 'Draw each solution after its verdict'
            cand --grid 'Draw each solution after its verdict'
            cand --ascii 'Draw grids with plain ASCII instead of box characters'
            cand -c 'Count every distinct solution (identical pieces swapped count once)'
            cand --count 'Count every distinct solution (identical pieces swapped count once)'
            cand --all 'Print every solution'
            cand --json 'Write newline-delimited JSON records instead of text'
            cand -q 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution'
            cand --quiet 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution'
            cand --stats 'Print effort counters for each case on stderr'
            cand --rotate 'Tiles may turn (quarter turns) as well as move'
            cand --in-place 'Every tile stays in its cell and may only turn'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;edges'= {
            cand --input 'Read the judge''s text or JSON puzzles (auto: JSON if it starts with `{` or `[`)'
            cand --limit 'With --all (or --count): stop after N solutions'
            cand --svg 'Also draw each solution as an SVG picture: a FILE, a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only)'
            cand --color 'When to colour grids (auto: stdout is a terminal, NO_COLOR unset)'
            cand --progress 'When to show a progress bar on stderr'
            cand --timeout 'Give up on a case after this many seconds (the case is then unknown)'
            cand --max-nodes 'Give up on a case after this many search nodes (reproducible; one thread)'
            cand -j 'Worker threads (0: all cores; at most 1024)'
            cand --threads 'Worker threads (0: all cores; at most 1024)'
            cand --shard 'Search only shard I of N (1-based), for splitting a search across machines'
            cand --backend 'Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons)'
            cand --restarts 'Restart first-solution searches in random orders (with 2+ threads: a portfolio)'
            cand --seed 'Seed of the restarts'' random orders (the same seed repeats a one-thread run exactly)'
            cand --memo 'Memoise subtree counts when counting (auto: when random walks, or a short memoised pilot run, show that it pays)'
            cand --memo-mb 'Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again)'
            cand --shard-plan 'Print the estimated size of each of N shards (Knuth''s estimate) instead of searching'
            cand --plan-out 'With --shard-plan N: plan once for every shard (many more walks, large subtrees split, small ones counted) and write the plan to FILE, for --shard I/N --plan FILE'
            cand --plan 'With --shard I/N: search shard I of the plan in FILE (written by --shard-plan N --plan-out FILE for the same input and options) instead of planning again'
            cand --fix 'Pin piece PIECE (1-based, input order) at row ROW, column COL (1-based), turned ROT quarter turns clockwise (0-3)'
            cand -g 'Draw each solution after its verdict'
            cand --grid 'Draw each solution after its verdict'
            cand --ascii 'Draw grids with plain ASCII instead of box characters'
            cand -c 'Count every distinct solution (identical pieces swapped count once)'
            cand --count 'Count every distinct solution (identical pieces swapped count once)'
            cand --all 'Print every solution'
            cand --json 'Write newline-delimited JSON records instead of text'
            cand -q 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution'
            cand --quiet 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution'
            cand --stats 'Print effort counters for each case on stderr'
            cand --rotate 'Pieces may turn (quarter turns)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;pack'= {
            cand --input 'Read the judge''s text or JSON puzzles (auto: JSON if it starts with `{` or `[`)'
            cand --limit 'With --all (or --count): stop after N solutions'
            cand --svg 'Also draw each solution as an SVG picture: a FILE, a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only)'
            cand --color 'When to colour grids (auto: stdout is a terminal, NO_COLOR unset)'
            cand --progress 'When to show a progress bar on stderr'
            cand --timeout 'Give up on a case after this many seconds (the case is then unknown)'
            cand --max-nodes 'Give up on a case after this many search nodes (reproducible; one thread)'
            cand -j 'Worker threads (0: all cores; at most 1024)'
            cand --threads 'Worker threads (0: all cores; at most 1024)'
            cand --shard 'Search only shard I of N (1-based), for splitting a search across machines'
            cand --backend 'Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons)'
            cand --restarts 'Restart first-solution searches in random orders (with 2+ threads: a portfolio)'
            cand --seed 'Seed of the restarts'' random orders (the same seed repeats a one-thread run exactly)'
            cand --memo 'Memoise subtree counts when counting (auto: when random walks, or a short memoised pilot run, show that it pays)'
            cand --memo-mb 'Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again)'
            cand --shard-plan 'Print the estimated size of each of N shards (Knuth''s estimate) instead of searching'
            cand --plan-out 'With --shard-plan N: plan once for every shard (many more walks, large subtrees split, small ones counted) and write the plan to FILE, for --shard I/N --plan FILE'
            cand --plan 'With --shard I/N: search shard I of the plan in FILE (written by --shard-plan N --plan-out FILE for the same input and options) instead of planning again'
            cand --board 'The board: ROWSxCOLS [default: 4x4, or the board the input draws]'
            cand --board-file 'The board drawn in a file: `.` a cell to fill, `#` (any other character) a hole'
            cand --set 'Add a built-in piece set (with its own freedom); repeat to add several. Without FILE the sets alone are the puzzle (give `-` to add pieces from standard input)'
            cand -g 'Draw each solution after its verdict'
            cand --grid 'Draw each solution after its verdict'
            cand --ascii 'Draw grids with plain ASCII instead of box characters'
            cand -c 'Count every distinct solution (identical pieces swapped count once)'
            cand --count 'Count every distinct solution (identical pieces swapped count once)'
            cand --all 'Print every solution'
            cand --json 'Write newline-delimited JSON records instead of text'
            cand -q 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution'
            cand --quiet 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution'
            cand --stats 'Print effort counters for each case on stderr'
            cand --rotate 'Pieces may turn (quarter turns)'
            cand --flip 'Pieces may be flipped over (mirrored)'
            cand --unique 'Count and list solutions up to the board''s symmetries (one per orbit)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;generate'= {
            cand --size 'Board size: N (N x N) or RxC [default: tetravex 3, edges 3x3, pack 6x10]'
            cand --labels 'Labels the joins draw from (tetravex: values 0 up, skipping the border label; edges: tab shapes 1 to K) [default: tetravex 10, edges 1]'
            cand --border 'Tetravex: every outer side carries label C (and no inner side does)'
            cand --frame-labels 'Eternity II style: joins along the border ring draw from F labels of their own (tetravex: implies --border 0 unless given)'
            cand --inner-labels 'Eternity II style: all other joins draw from I labels, distinct from the frame labels'
            cand --pieces 'Pack: the number of pieces [default: about one per 5 cells]'
            cand --piece-size 'Pack: the average piece size in cells (pieces = cells / N, rounded)'
            cand --cases 'How many puzzles'
            cand --seed 'Seed of the random source (same seed, same puzzles)'
            cand --rotate 'Turn every tile or piece a random number of quarter turns (solve with --rotate)'
            cand --centre 'Tetravex and edges, with --json: pin the centre cell''s tile where the planted solution has it, turned as it lies there (Eternity II''s centre piece; on even sides the cell below and right of the middle)'
            cand --flip 'Pack: mirror pieces at random (solve with --flip)'
            cand --json 'Write one JSON puzzle per line (the shape `--input json` reads) instead of the judge''s text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;merge'= {
            cand --json 'Write one JSON record per case (`"type": "merge"`) instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;render'= {
            cand --svg 'Where the pictures go: a FILE (one picture), a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;completions'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;man'= {
            cand --dir 'Write every page (tessera.1, tessera-tetravex.1, ...) into DIR instead'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;help'= {
            cand tetravex 'Gnome Tetravex (ZOJ 1008): square tiles with four labels; equal labels meet'
            cand edges 'Jigsaw edge matching (UVa 519): flat sides on the border, In meets Out'
            cand pack 'Polyomino packing (UVa 387): fill the board with all the pieces'
            cand generate 'Write random puzzles with a planted solution (judge format or JSON)'
            cand merge 'Add up the JSON records of shard runs (--shard I/N --json); report missing shards'
            cand render 'Draw the solutions of --json records as SVG pictures, without solving again'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (roff): tessera''s, or one subcommand''s'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tessera;help;tetravex'= {
        }
        &'tessera;help;edges'= {
        }
        &'tessera;help;pack'= {
        }
        &'tessera;help;generate'= {
        }
        &'tessera;help;merge'= {
        }
        &'tessera;help;render'= {
        }
        &'tessera;help;completions'= {
        }
        &'tessera;help;man'= {
        }
        &'tessera;help;help'= {
        }
    ]
    $completions[$command]
}
