
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
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (roff)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tessera;tetravex'= {
            cand --limit 'With --all (or --count): stop after N solutions'
            cand --progress 'When to show a progress bar on stderr'
            cand --timeout 'Give up on a case after this many seconds (the case is then unknown)'
            cand --max-nodes 'Give up on a case after this many search nodes (reproducible; one thread)'
            cand --threads 'Worker threads (0: all cores)'
            cand --shard 'Search only shard I of N (1-based), for splitting a search across machines'
            cand --border 'Every outer side must carry label C, and no inner side may'
            cand --layout 'How the input draws the tiles'
            cand --fix 'Pin a tile: PIECE@ROW,COL[,ROT] (1-based; ROT quarter turns clockwise)'
            cand --grid 'Draw each solution after its verdict'
            cand --ascii 'Draw grids with plain ASCII instead of box characters'
            cand --count 'Count every distinct solution (identical pieces swapped count once)'
            cand --all 'Print every solution'
            cand --json 'Write newline-delimited JSON records instead of text'
            cand --stats 'Print effort counters for each case on stderr'
            cand --rotate 'Tiles may turn (quarter turns) as well as move'
            cand --in-place 'Every tile stays in its cell and may only turn'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;edges'= {
            cand --limit 'With --all (or --count): stop after N solutions'
            cand --progress 'When to show a progress bar on stderr'
            cand --timeout 'Give up on a case after this many seconds (the case is then unknown)'
            cand --max-nodes 'Give up on a case after this many search nodes (reproducible; one thread)'
            cand --threads 'Worker threads (0: all cores)'
            cand --shard 'Search only shard I of N (1-based), for splitting a search across machines'
            cand --fix 'Pin a piece: PIECE@ROW,COL[,ROT] (1-based; ROT quarter turns clockwise)'
            cand --grid 'Draw each solution after its verdict'
            cand --ascii 'Draw grids with plain ASCII instead of box characters'
            cand --count 'Count every distinct solution (identical pieces swapped count once)'
            cand --all 'Print every solution'
            cand --json 'Write newline-delimited JSON records instead of text'
            cand --stats 'Print effort counters for each case on stderr'
            cand --rotate 'Pieces may turn (quarter turns)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;pack'= {
            cand --limit 'With --all (or --count): stop after N solutions'
            cand --progress 'When to show a progress bar on stderr'
            cand --timeout 'Give up on a case after this many seconds (the case is then unknown)'
            cand --max-nodes 'Give up on a case after this many search nodes (reproducible; one thread)'
            cand --threads 'Worker threads (0: all cores)'
            cand --shard 'Search only shard I of N (1-based), for splitting a search across machines'
            cand --board 'The board: ROWSxCOLS'
            cand --set 'Add a built-in piece set (with its own freedom): trominoes, tetrominoes, pentominoes, one-sided-pentominoes, hexominoes. Without FILE, the set alone is the puzzle'
            cand --grid 'Draw each solution after its verdict'
            cand --ascii 'Draw grids with plain ASCII instead of box characters'
            cand --count 'Count every distinct solution (identical pieces swapped count once)'
            cand --all 'Print every solution'
            cand --json 'Write newline-delimited JSON records instead of text'
            cand --stats 'Print effort counters for each case on stderr'
            cand --rotate 'Pieces may turn (quarter turns)'
            cand --flip 'Pieces may be flipped over (mirrored)'
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
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'tessera;help'= {
            cand tetravex 'Gnome Tetravex (ZOJ 1008): square tiles with four labels; equal labels meet'
            cand edges 'Jigsaw edge matching (UVa 519): flat sides on the border, In meets Out'
            cand pack 'Polyomino packing (UVa 387): fill the board with all the pieces'
            cand completions 'Print a shell completion script'
            cand man 'Print the man page (roff)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'tessera;help;tetravex'= {
        }
        &'tessera;help;edges'= {
        }
        &'tessera;help;pack'= {
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
