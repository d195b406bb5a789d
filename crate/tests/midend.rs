//! The midend's rules, natively: which input wins, edits, the "same game" rule, how requests
//! made at once merge, and the fallback of a first game.

use pegwise::game::Game;
use pegwise::game_id::GameId;
use pegwise::midend::{self, FellBack, OpenRequest, Opened, StoredRecord};

fn fields(board: &str, start: &str, goal: &str, moves: &str) -> OpenRequest {
    let some = |v: &str| (!v.is_empty()).then(|| v.to_string());
    OpenRequest::fields(GameId {
        board: some(board),
        start: some(start),
        goal: some(goal),
        moves: some(moves),
        ..GameId::default()
    })
}

fn link(query: &str) -> OpenRequest {
    OpenRequest::link_text(query)
}

fn opened(r: &OpenRequest, current: Option<&Game>) -> Game {
    match midend::open(r, current) {
        Ok(Opened::Game(g, None)) => *g,
        other => panic!("{r:?} did not open cleanly: {other:?}"),
    }
}

/// What a game is, for comparing two ways of opening it.
fn what(g: &Game) -> (String, String, String, Vec<String>, u64) {
    let p = g.problem();
    (
        p.board.spec(),
        p.start_text(),
        p.goal_text(),
        g.moves_text(),
        g.position().code(),
    )
}

#[test]
fn a_link_that_names_a_game_wins_and_a_stored_record_lends_its_redo_list() {
    let mut saved = opened(&fields("triangle5", "a1", "start", "a3-a1 c3-a3"), None);
    saved.seek_moves(1);
    let record = StoredRecord {
        version: Some(Ok(3.0)),
        fields: vec![("save".into(), GameId::of(&saved).save())],
        future: None,
    };
    let r = OpenRequest {
        stored: Some(record.clone()),
        ..link("?board=triangle5&start=a1&goal=start&moves=a3-a1")
    };
    let g = opened(&r, None);
    assert_eq!(g.moves_text(), ["a3-a1"]);
    assert_eq!(
        g.future(),
        saved.future(),
        "the link's game takes the record's redo list"
    );
    // a link that names no game leaves the record to open, strictly
    let r = OpenRequest {
        stored: Some(record),
        ..link("?hints=off")
    };
    assert_eq!(what(&opened(&r, None)), what(&saved));
}

#[test]
fn saves_and_records_open_strictly_and_bad_ones_are_refused_naming_them() {
    let save = "pegwise:2;triangle5;a1;start;a3-a1 a1-a3;";
    let r = OpenRequest {
        save: Some(save.into()),
        ..OpenRequest::default()
    };
    let refused = midend::open(&r, None).expect_err("a move that doesn't play");
    assert_eq!(refused.error.kind(), "bad-save");
    assert_eq!(refused.value, save);
    for (version, kind) in [(Some(Err(())), "bad-save"), (Some(Ok(9.0)), "bad-save")] {
        let r = OpenRequest {
            stored: Some(StoredRecord {
                version,
                ..StoredRecord::default()
            }),
            ..OpenRequest::default()
        };
        let e = midend::open(&r, None).expect_err("refused");
        assert_eq!(e.error.kind(), kind);
    }
    // version 1 held the fields one by one
    let v1 = StoredRecord {
        version: None,
        fields: ["board triangle5", "start a1", "goal start", "moves a3-a1"]
            .iter()
            .filter_map(|kv| kv.split_once(' '))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        future: Some(vec!["c3-a3".into()]),
    };
    let g = opened(
        &OpenRequest {
            stored: Some(v1),
            ..OpenRequest::default()
        },
        None,
    );
    assert_eq!(g.moves_text(), ["a3-a1"]);
    assert_eq!(g.future().len(), 1);
}

#[test]
fn an_edit_flips_a_hole_of_the_open_position_and_the_same_game_opens_nothing() {
    let g = opened(&fields("triangle5", "a1", "start", ""), None);
    let flip = OpenRequest {
        flip: Some("c3".into()),
        ..OpenRequest::default()
    };
    let edited = opened(&flip, Some(&g));
    // c3's peg taken away: one peg fewer, the rest as it was
    assert_eq!(
        edited.position().code() | (edited.position().code() ^ g.position().code()),
        g.position().code()
    );
    assert_eq!(
        (edited.position().code() ^ g.position().code()).count_ones(),
        1
    );
    // an edited position has no start hole: the goal 'start' goes on as that hole
    assert_eq!(edited.problem().goal_text(), "a1");
    // the same board, start and goal without moves is the game open now
    assert!(matches!(
        midend::open(&fields("triangle5", "a1", "start", ""), Some(&g)),
        Ok(Opened::Same)
    ));
    assert!(matches!(
        midend::open(&fields("", "", "start", ""), Some(&g)),
        Ok(Opened::Same)
    ));
    // moves make it a new game; a goal alone keeps the open game's board and start
    let moved = opened(&fields("", "", "", "a3-a1"), Some(&g));
    assert_eq!(moved.moves_text(), ["a3-a1"]);
    let any = opened(&fields("", "", "any", ""), Some(&g));
    assert_eq!(any.problem().start_text(), "a1");
    assert_eq!(any.problem().goal_text(), "any");
}

/// Requests made at once open what opening them in turn opens.
#[test]
fn requests_made_at_once_merge_as_if_applied_in_turn() {
    let triangle = "?board=triangle5&start=a1&goal=start&moves=a3-a1";
    let cases: Vec<(OpenRequest, OpenRequest)> = vec![
        (link(triangle), fields("", "", "any", "")),
        (link(triangle), fields("", "c3", "", "")),
        (link(triangle), fields("", "", "", "a3-a1 c3-a3")),
        (link(triangle), fields("french", "", "", "")),
        (
            fields("triangle5", "a1", "start", "a3-a1"),
            link("?board=english"),
        ),
        (
            OpenRequest {
                save: Some("pegwise:2;triangle5;a1;start;a3-a1;".into()),
                ..OpenRequest::default()
            },
            fields("", "", "any", ""),
        ),
        (fields("triangle5", "", "", ""), fields("", "c3", "any", "")),
        (
            fields("french", "c1", "any", ""),
            fields("triangle5", "", "", ""),
        ),
    ];
    for (a, b) in cases {
        let first = opened(&a, None);
        let in_turn = match midend::open(&b, Some(&first)) {
            Ok(Opened::Game(g, None)) => *g,
            Ok(Opened::Same) => first,
            other => panic!("{b:?} after {a:?}: {other:?}"),
        };
        let merged = opened(&a.clone().then(b.clone()), None);
        assert_eq!(what(&merged), what(&in_turn), "{a:?} then {b:?}");
    }
}

#[test]
fn a_first_game_that_cant_open_falls_back_and_says_why() {
    let bad_start = midend::open_first(&fields("french", "z9", "", "")).expect("falls back");
    let (why, how) = bad_start.fell_back.expect("refused");
    assert_eq!((why.error.kind(), why.value.as_str()), ("bad-start", "z9"));
    assert_eq!(how, FellBack::Board);
    assert_eq!(bad_start.game.problem().board.name(), "french");
    let bad_board = midend::open_first(&fields("nope", "", "", "")).expect("falls back");
    let (why, how) = bad_board.fell_back.expect("refused");
    assert_eq!(
        (why.error.kind(), why.value.as_str()),
        ("unknown-board", "nope")
    );
    assert_eq!(how, FellBack::Default);
    assert_eq!(bad_board.game.problem().board.name(), "english");
    // a bad link's board is named as the link gave it
    let r = link("?board=ascii:o-o-o&start=a1");
    let e = midend::open_first(&r).expect("falls back");
    assert_eq!(e.fell_back.expect("refused").0.value, "ascii:o-o-o");
    // moves that don't play are no reason to fall back: the game opens up to them
    let moves =
        midend::open_first(&fields("triangle5", "a1", "start", "a3-a1 a1-a3")).expect("opens");
    assert!(moves.fell_back.is_none());
    assert_eq!(moves.moves_refused.expect("refused").played, 1);
}
