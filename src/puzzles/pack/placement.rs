//! Where the pieces can go: pieces grouped into *types* (copies with the
//! same allowed oriented shapes), and every placement of every type on the
//! board. Both the encoding and the pre-checks start from these.

use super::puzzle::PackPuzzle;
use crate::engine::{Halt, Stopped};
use crate::puzzles::polyomino::Shape;
use std::collections::HashMap;

/// The distinct allowed orientations of a type, each with the first
/// symmetry that makes it.
pub(super) type Orientations = Vec<(u8, Shape)>;

/// One placement of a piece type: its symmetry, offset and covered cells.
#[derive(Clone, Debug)]
pub(super) struct Placement {
    pub(super) ty: usize,
    pub(super) sym: u8,
    pub(super) at: (usize, usize),
    pub(super) cells: Vec<(usize, usize)>,
}

impl PackPuzzle {
    /// Groups the pieces into types: same set of allowed oriented shapes.
    pub(super) fn types(&self) -> (Vec<Vec<usize>>, Vec<Orientations>) {
        let mut index: HashMap<Vec<Shape>, usize> = HashMap::new();
        let mut type_pieces: Vec<Vec<usize>> = Vec::new();
        let mut type_orients = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            let t = *index.entry(p.type_key()).or_insert_with(|| {
                type_pieces.push(Vec::new());
                type_orients.push(p.shape.orientations(p.freedom));
                type_pieces.len() - 1
            });
            type_pieces[t].push(i);
        }
        (type_pieces, type_orients)
    }

    /// Every placement of every type, by type, orientation, row, column.
    pub(super) fn placements(&self, type_orients: &[Orientations], halt: &Halt) -> Result<Vec<Placement>, Stopped> {
        let board = &self.board;
        let mut out = Vec::new();
        let mut tried = 0;
        for (ty, orients) in type_orients.iter().enumerate() {
            for (sym, shape) in orients {
                let (h, w) = shape.extent();
                if h > board.rows || w > board.cols {
                    continue;
                }
                for dr in 0..=board.rows - h {
                    tried += 1;
                    halt.every(tried)?;
                    for dc in 0..=board.cols - w {
                        if shape.cells().all(|(r, c)| board.is_cell(r + dr, c + dc)) {
                            let cells = shape.cells().map(|(r, c)| (r + dr, c + dc)).collect();
                            out.push(Placement { ty, sym: *sym, at: (dr, dc), cells });
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}
