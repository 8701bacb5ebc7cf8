
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'tessera' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'tessera'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'tessera' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('tetravex', 'tetravex', [CompletionResultType]::ParameterValue, 'Gnome Tetravex (ZOJ 1008): square tiles with four labels; equal labels meet')
            [CompletionResult]::new('edges', 'edges', [CompletionResultType]::ParameterValue, 'Jigsaw edge matching (UVa 519): flat sides on the border, In meets Out')
            [CompletionResult]::new('pack', 'pack', [CompletionResultType]::ParameterValue, 'Polyomino packing (UVa 387): fill the board with all the pieces')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Write random puzzles with a planted solution (judge format or JSON)')
            [CompletionResult]::new('merge', 'merge', [CompletionResultType]::ParameterValue, 'Add up the JSON records of shard runs (--shard I/N --json); report missing shards')
            [CompletionResult]::new('render', 'render', [CompletionResultType]::ParameterValue, 'Draw the solutions of --json records as SVG pictures, without solving again')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (roff): tessera''s, or one subcommand''s')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tessera;tetravex' {
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'Read the judge''s text or JSON puzzles (auto: JSON if it starts with `{` or `[`)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'With --all (or --count): stop after N solutions')
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Also draw each solution as an SVG picture: a FILE, a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids (auto: stdout is a terminal, NO_COLOR unset)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'When to show a progress bar on stderr')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on a case after this many seconds (the case is then unknown)')
            [CompletionResult]::new('--max-nodes', '--max-nodes', [CompletionResultType]::ParameterName, 'Give up on a case after this many search nodes (reproducible; one thread)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: all cores; at most 1024)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads (0: all cores; at most 1024)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Search only shard I of N (1-based), for splitting a search across machines')
            [CompletionResult]::new('--backend', '--backend', [CompletionResultType]::ParameterName, 'Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons)')
            [CompletionResult]::new('--restarts', '--restarts', [CompletionResultType]::ParameterName, 'Restart first-solution searches in random orders (with 2+ threads: a portfolio)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the restarts'' random orders (the same seed repeats a one-thread run exactly)')
            [CompletionResult]::new('--memo', '--memo', [CompletionResultType]::ParameterName, 'Memoise subtree counts when counting (auto: when random walks, or a short memoised pilot run, show that it pays)')
            [CompletionResult]::new('--memo-mb', '--memo-mb', [CompletionResultType]::ParameterName, 'Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again)')
            [CompletionResult]::new('--shard-plan', '--shard-plan', [CompletionResultType]::ParameterName, 'Print the estimated size of each of N shards (Knuth''s estimate) instead of searching')
            [CompletionResult]::new('--plan-out', '--plan-out', [CompletionResultType]::ParameterName, 'With --shard-plan N: plan once for every shard (many more walks, large subtrees split, small ones counted) and write the plan to FILE, for --shard I/N --plan FILE')
            [CompletionResult]::new('--plan', '--plan', [CompletionResultType]::ParameterName, 'With --shard I/N: search shard I of the plan in FILE (written by --shard-plan N --plan-out FILE for the same input and options) instead of planning again')
            [CompletionResult]::new('--border', '--border', [CompletionResultType]::ParameterName, 'Every outer side must carry label C, and no inner side may')
            [CompletionResult]::new('--layout', '--layout', [CompletionResultType]::ParameterName, 'How the input draws the tiles')
            [CompletionResult]::new('--fix', '--fix', [CompletionResultType]::ParameterName, 'Pin tile TILE (1-based, input order) at row ROW, column COL (1-based), turned ROT quarter turns clockwise (0-3)')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Draw each solution after its verdict')
            [CompletionResult]::new('--grid', '--grid', [CompletionResultType]::ParameterName, 'Draw each solution after its verdict')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Draw grids with plain ASCII instead of box characters')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Count every distinct solution (identical pieces swapped count once)')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Count every distinct solution (identical pieces swapped count once)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Print every solution')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write newline-delimited JSON records instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution')
            [CompletionResult]::new('--stats', '--stats', [CompletionResultType]::ParameterName, 'Print effort counters for each case on stderr')
            [CompletionResult]::new('--rotate', '--rotate', [CompletionResultType]::ParameterName, 'Tiles may turn (quarter turns) as well as move')
            [CompletionResult]::new('--in-place', '--in-place', [CompletionResultType]::ParameterName, 'Every tile stays in its cell and may only turn')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tessera;edges' {
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'Read the judge''s text or JSON puzzles (auto: JSON if it starts with `{` or `[`)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'With --all (or --count): stop after N solutions')
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Also draw each solution as an SVG picture: a FILE, a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids (auto: stdout is a terminal, NO_COLOR unset)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'When to show a progress bar on stderr')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on a case after this many seconds (the case is then unknown)')
            [CompletionResult]::new('--max-nodes', '--max-nodes', [CompletionResultType]::ParameterName, 'Give up on a case after this many search nodes (reproducible; one thread)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: all cores; at most 1024)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads (0: all cores; at most 1024)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Search only shard I of N (1-based), for splitting a search across machines')
            [CompletionResult]::new('--backend', '--backend', [CompletionResultType]::ParameterName, 'Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons)')
            [CompletionResult]::new('--restarts', '--restarts', [CompletionResultType]::ParameterName, 'Restart first-solution searches in random orders (with 2+ threads: a portfolio)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the restarts'' random orders (the same seed repeats a one-thread run exactly)')
            [CompletionResult]::new('--memo', '--memo', [CompletionResultType]::ParameterName, 'Memoise subtree counts when counting (auto: when random walks, or a short memoised pilot run, show that it pays)')
            [CompletionResult]::new('--memo-mb', '--memo-mb', [CompletionResultType]::ParameterName, 'Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again)')
            [CompletionResult]::new('--shard-plan', '--shard-plan', [CompletionResultType]::ParameterName, 'Print the estimated size of each of N shards (Knuth''s estimate) instead of searching')
            [CompletionResult]::new('--plan-out', '--plan-out', [CompletionResultType]::ParameterName, 'With --shard-plan N: plan once for every shard (many more walks, large subtrees split, small ones counted) and write the plan to FILE, for --shard I/N --plan FILE')
            [CompletionResult]::new('--plan', '--plan', [CompletionResultType]::ParameterName, 'With --shard I/N: search shard I of the plan in FILE (written by --shard-plan N --plan-out FILE for the same input and options) instead of planning again')
            [CompletionResult]::new('--fix', '--fix', [CompletionResultType]::ParameterName, 'Pin piece PIECE (1-based, input order) at row ROW, column COL (1-based), turned ROT quarter turns clockwise (0-3)')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Draw each solution after its verdict')
            [CompletionResult]::new('--grid', '--grid', [CompletionResultType]::ParameterName, 'Draw each solution after its verdict')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Draw grids with plain ASCII instead of box characters')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Count every distinct solution (identical pieces swapped count once)')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Count every distinct solution (identical pieces swapped count once)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Print every solution')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write newline-delimited JSON records instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution')
            [CompletionResult]::new('--stats', '--stats', [CompletionResultType]::ParameterName, 'Print effort counters for each case on stderr')
            [CompletionResult]::new('--rotate', '--rotate', [CompletionResultType]::ParameterName, 'Pieces may turn (quarter turns)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tessera;pack' {
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'Read the judge''s text or JSON puzzles (auto: JSON if it starts with `{` or `[`)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'With --all (or --count): stop after N solutions')
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Also draw each solution as an SVG picture: a FILE, a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout: the pictures only)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids (auto: stdout is a terminal, NO_COLOR unset)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'When to show a progress bar on stderr')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up on a case after this many seconds (the case is then unknown)')
            [CompletionResult]::new('--max-nodes', '--max-nodes', [CompletionResultType]::ParameterName, 'Give up on a case after this many search nodes (reproducible; one thread)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: all cores; at most 1024)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads (0: all cores; at most 1024)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Search only shard I of N (1-based), for splitting a search across machines')
            [CompletionResult]::new('--backend', '--backend', [CompletionResultType]::ParameterName, 'Search backend (auto: by the puzzle and the estimated tree sizes; others for comparisons)')
            [CompletionResult]::new('--restarts', '--restarts', [CompletionResultType]::ParameterName, 'Restart first-solution searches in random orders (with 2+ threads: a portfolio)')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the restarts'' random orders (the same seed repeats a one-thread run exactly)')
            [CompletionResult]::new('--memo', '--memo', [CompletionResultType]::ParameterName, 'Memoise subtree counts when counting (auto: when random walks, or a short memoised pilot run, show that it pays)')
            [CompletionResult]::new('--memo-mb', '--memo-mb', [CompletionResultType]::ParameterName, 'Memory cap of the count memo, in MiB, all threads together (default 1024; when full it starts again)')
            [CompletionResult]::new('--shard-plan', '--shard-plan', [CompletionResultType]::ParameterName, 'Print the estimated size of each of N shards (Knuth''s estimate) instead of searching')
            [CompletionResult]::new('--plan-out', '--plan-out', [CompletionResultType]::ParameterName, 'With --shard-plan N: plan once for every shard (many more walks, large subtrees split, small ones counted) and write the plan to FILE, for --shard I/N --plan FILE')
            [CompletionResult]::new('--plan', '--plan', [CompletionResultType]::ParameterName, 'With --shard I/N: search shard I of the plan in FILE (written by --shard-plan N --plan-out FILE for the same input and options) instead of planning again')
            [CompletionResult]::new('--board', '--board', [CompletionResultType]::ParameterName, 'The board: ROWSxCOLS [default: 4x4, or the board the input draws]')
            [CompletionResult]::new('--board-file', '--board-file', [CompletionResultType]::ParameterName, 'The board drawn in a file: `.` a cell to fill, `#` (any other character) a hole')
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Add a built-in piece set (with its own freedom); repeat to add several. Without FILE the sets alone are the puzzle (give `-` to add pieces from standard input)')
            [CompletionResult]::new('-g', '-g', [CompletionResultType]::ParameterName, 'Draw each solution after its verdict')
            [CompletionResult]::new('--grid', '--grid', [CompletionResultType]::ParameterName, 'Draw each solution after its verdict')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Draw grids with plain ASCII instead of box characters')
            [CompletionResult]::new('-c', '-c', [CompletionResultType]::ParameterName, 'Count every distinct solution (identical pieces swapped count once)')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Count every distinct solution (identical pieces swapped count once)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Print every solution')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write newline-delimited JSON records instead of text')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print nothing on stdout: the exit status alone answers (like grep -q); each case is searched only to its first solution')
            [CompletionResult]::new('--stats', '--stats', [CompletionResultType]::ParameterName, 'Print effort counters for each case on stderr')
            [CompletionResult]::new('--rotate', '--rotate', [CompletionResultType]::ParameterName, 'Pieces may turn (quarter turns)')
            [CompletionResult]::new('--flip', '--flip', [CompletionResultType]::ParameterName, 'Pieces may be flipped over (mirrored)')
            [CompletionResult]::new('--unique', '--unique', [CompletionResultType]::ParameterName, 'Count and list solutions up to the board''s symmetries (one per orbit)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tessera;generate' {
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size: N (N x N) or RxC [default: tetravex 3, edges 3x3, pack 6x10]')
            [CompletionResult]::new('--labels', '--labels', [CompletionResultType]::ParameterName, 'Labels the joins draw from (tetravex: values 0 up, skipping the border label; edges: tab shapes 1 to K) [default: tetravex 10, edges 1]')
            [CompletionResult]::new('--border', '--border', [CompletionResultType]::ParameterName, 'Tetravex: every outer side carries label C (and no inner side does)')
            [CompletionResult]::new('--frame-labels', '--frame-labels', [CompletionResultType]::ParameterName, 'Eternity II style: joins along the border ring draw from F labels of their own (tetravex: implies --border 0 unless given)')
            [CompletionResult]::new('--inner-labels', '--inner-labels', [CompletionResultType]::ParameterName, 'Eternity II style: all other joins draw from I labels, distinct from the frame labels')
            [CompletionResult]::new('--pieces', '--pieces', [CompletionResultType]::ParameterName, 'Pack: the number of pieces [default: about one per 5 cells]')
            [CompletionResult]::new('--piece-size', '--piece-size', [CompletionResultType]::ParameterName, 'Pack: the average piece size in cells (pieces = cells / N, rounded)')
            [CompletionResult]::new('--cases', '--cases', [CompletionResultType]::ParameterName, 'How many puzzles')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the random source (same seed, same puzzles)')
            [CompletionResult]::new('--rotate', '--rotate', [CompletionResultType]::ParameterName, 'Turn every tile or piece a random number of quarter turns (solve with --rotate)')
            [CompletionResult]::new('--centre', '--centre', [CompletionResultType]::ParameterName, 'Tetravex and edges, with --json: pin the centre cell''s tile where the planted solution has it, turned as it lies there (Eternity II''s centre piece; on even sides the cell below and right of the middle)')
            [CompletionResult]::new('--flip', '--flip', [CompletionResultType]::ParameterName, 'Pack: mirror pieces at random (solve with --flip)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON puzzle per line (the shape `--input json` reads) instead of the judge''s text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tessera;merge' {
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Write one JSON record per case (`"type": "merge"`) instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tessera;render' {
            [CompletionResult]::new('--svg', '--svg', [CompletionResultType]::ParameterName, 'Where the pictures go: a FILE (one picture), a DIR/, a name with {case}, {solution} or {puzzle} in it, or `-` (stdout)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tessera;completions' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tessera;man' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Write every page (tessera.1, tessera-tetravex.1, ...) into DIR instead')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'tessera;help' {
            [CompletionResult]::new('tetravex', 'tetravex', [CompletionResultType]::ParameterValue, 'Gnome Tetravex (ZOJ 1008): square tiles with four labels; equal labels meet')
            [CompletionResult]::new('edges', 'edges', [CompletionResultType]::ParameterValue, 'Jigsaw edge matching (UVa 519): flat sides on the border, In meets Out')
            [CompletionResult]::new('pack', 'pack', [CompletionResultType]::ParameterValue, 'Polyomino packing (UVa 387): fill the board with all the pieces')
            [CompletionResult]::new('generate', 'generate', [CompletionResultType]::ParameterValue, 'Write random puzzles with a planted solution (judge format or JSON)')
            [CompletionResult]::new('merge', 'merge', [CompletionResultType]::ParameterValue, 'Add up the JSON records of shard runs (--shard I/N --json); report missing shards')
            [CompletionResult]::new('render', 'render', [CompletionResultType]::ParameterValue, 'Draw the solutions of --json records as SVG pictures, without solving again')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (roff): tessera''s, or one subcommand''s')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'tessera;help;tetravex' {
            break
        }
        'tessera;help;edges' {
            break
        }
        'tessera;help;pack' {
            break
        }
        'tessera;help;generate' {
            break
        }
        'tessera;help;merge' {
            break
        }
        'tessera;help;render' {
            break
        }
        'tessera;help;completions' {
            break
        }
        'tessera;help;man' {
            break
        }
        'tessera;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
