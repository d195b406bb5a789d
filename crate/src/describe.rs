//! What a drawn board plays like, for the board editor's live preview: its link, its size and
//! symmetries, the catalogue board it is (and so whether it has tables), the game it opens with
//! and whether that game can be won. Each answer comes from the function the game itself uses.

use crate::board::{checked_name, Board, DrawingError, Drawn, Lattice, Twin};
use crate::game::Game;
use crate::oracle::Limits;
use crate::problem::Problem;
use crate::winnable::{self, Winnable};

/// A drawn board, described.
#[derive(Debug, Clone)]
pub struct Description {
    /// The board as the game plays it; [`Board::spec`] is its link's `board=`.
    pub board: Board,
    /// The name it carries (None: unnamed, or a catalogue board's own).
    pub name: Option<String>,
    /// The board as a grid of cells (see [`Board::from_cells`]).
    pub cells: Vec<Vec<bool>>,
    /// The catalogue board it equals up to symmetry.
    pub twin: Option<Twin>,
    /// True when shipped tables answer its games (those of its catalogue twin).
    pub tables: bool,
    /// The game it opens with, as a board opened without a start or goal does.
    pub opening: Problem,
    /// Whether that game can be won (as `winnable::status` knows it: on a board too big for
    /// its bounded sweep and outside the record, "unknown").
    pub winnable: Winnable,
}

/// Describes a board drawn on a grid of cells, named `name` (blank: unnamed). With `search`,
/// an opening that no record or exhaustive search decides is asked of the live search.
pub fn describe_cells(
    lattice: Lattice,
    rows: &[Vec<bool>],
    name: &str,
    search: Option<Limits>,
) -> Result<Description, DrawingError> {
    let Drawn { board, twin } = Board::from_cells(lattice, rows, name)?;
    let opening = winnable::default_problem(&board);
    let mut winnable = winnable::status(&opening);
    if let (Winnable::Unknown, Some(s)) = (winnable, search) {
        if let Ok(mut game) = Game::new(opening.clone()) {
            game.set_limits(s);
            winnable = game.winnable();
        }
    }
    Ok(Description {
        name: checked_name(name)?,
        cells: board.cells()?,
        tables: crate::shipped::tables_for(&board).is_ok_and(|t| !t.is_empty()),
        winnable,
        twin,
        board,
        opening,
    })
}

/// Describes a board given as text (a catalogue name, `row:L`, or an `ascii:`/`ascii-tri:`
/// drawing), as the editor would draw it: a start from the board on the page. A drawn board
/// keeps its name; a catalogue board becomes its drawing.
pub fn describe_text(text: &str, search: Option<Limits>) -> Result<Description, DrawingError> {
    let board = Board::by_name(text).map_err(DrawingError::Board)?;
    describe_cells(board.lattice(), &board.cells()?, board.drawn_name(), search)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plus_of_21_holes_opens_a_game_and_says_what_it_knows() {
        let d = describe_text("ascii:name:plus/-ooo/ooooo/ooooo/ooooo/-ooo", None).unwrap();
        assert_eq!(
            d.board.spec(),
            "ascii:name:plus/-ooo/ooooo/ooooo/ooooo/-ooo"
        );
        assert_eq!(d.name.as_deref(), Some("plus"));
        assert_eq!((d.board.len(), d.board.symmetries().len()), (21, 8));
        assert_eq!((d.twin, d.tables), (None, false));
        assert_eq!(d.opening.board.spec(), d.board.spec());
        // no single vacancy wins on this board: it opens on the winnable position with the
        // fewest empty holes, decided by the sweep
        assert_eq!(d.winnable, Winnable::Yes);
        assert!(matches!(
            d.opening.start,
            crate::problem::Start::Position(_)
        ));
        assert_eq!(d.cells.len(), 5);
        // the live search, as the game asks it once the board is open, settles it
        let search = Limits {
            nodes: 5_000_000,
            time_ms: None,
            clock: None,
        };
        let d = describe_text(&d.board.spec(), Some(search)).unwrap();
        assert_ne!(d.winnable, Winnable::Unknown);
        let mut game = Game::new(d.opening.clone()).unwrap();
        assert_eq!(game.winnable(), d.winnable, "the game says the same");
    }

    #[test]
    fn a_catalogue_board_is_described_as_its_drawing_with_its_tables() {
        let d = describe_text("english", None).unwrap();
        assert!(
            d.board.spec().starts_with("ascii:--ooo"),
            "{}",
            d.board.spec()
        );
        assert_eq!(d.name, None);
        assert_eq!(d.twin.as_ref().map(|t| t.name.as_str()), Some("english"));
        assert!(d.tables);
        assert_eq!(
            (d.opening.start_text(), d.opening.goal_text()),
            ("d4".to_string(), "start".to_string())
        );
        assert_eq!(d.winnable, Winnable::Yes);
        let t = describe_text("triangle5", None).unwrap();
        assert!(t.tables && t.winnable == Winnable::Yes);
        assert_eq!(t.board.lattice(), Lattice::Triangular);
    }

    #[test]
    fn drawn_boards_are_decided_by_the_sweep_and_big_ones_are_unknown() {
        // a 4x5 and a 3x7 rectangle: swept whole
        for (rows, cols) in [(4, 5), (3, 7)] {
            let rect = vec![vec![true; cols]; rows];
            let d = describe_cells(Lattice::Square, &rect, "", None).unwrap();
            assert_ne!(d.winnable, Winnable::Unknown, "{rows}x{cols}");
        }
        // 7x7 less one corner (48 holes, no symmetry to share the work): past the sweep's limit
        // at once, so "unknown", never "no"
        let mut big = vec![vec![true; 7]; 7];
        big[0][0] = false;
        let d = describe_cells(Lattice::Square, &big, "", None).unwrap();
        assert_eq!(d.winnable, Winnable::Unknown);
    }

    #[test]
    fn bad_text_is_refused_with_the_core_kind() {
        let e = describe_text("nonesuch", None).unwrap_err();
        assert_eq!((e.code(), e.param()), ("unknown-board", "board"));
        let e = describe_text("row:20", None).unwrap_err();
        assert_eq!(e.code(), "too-big");
        let e = describe_text("ascii:o-o-o", None).unwrap_err();
        assert_eq!(e.code(), "no-jump");
    }
}
