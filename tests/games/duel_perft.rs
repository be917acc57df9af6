//! Perft: the rules' reference counts from the start, and positions from random play whose counts the
//! deliberately simple generator in `tests/duel_reference` confirms by a different route.

use crate::common;
use crate::duel_reference as reference;

use duel_engine::engine::perft::{divide, perft};
use duel_rules::game::{Game, MoveList};
use duel_rules::games::Duel;
use reference::RefPosition;

/// Positions from seeded random play (seed 2026), with perft 3 and perft 4.
#[rustfmt::skip]
const RANDOM_PLAY: [(&str, u64, u64); 24] = [
    ("b53b137/1b623bK3/2b546/w36b312w122b121/9/2b426/7b321/1w141wK5 w 6 38", 7924, 329736),
    ("b232b631w411b211/1b361b15bK4/7b141/1w143w143/6w322/9/1w122w264/1w141wK5 w 0 15", 33762, 704466),
    ("1b13b234bK1/w538/9/3b624b13/9/3w141w133/4w264/w152w13wKw643 w 7 24", 20102, 417328),
    ("b654w153/4bK2b151/9/9/1w127/4b143w15/2wK2w123/w543w121b35w141 w 5 41", 14998, 325733),
    ("b232b63bK1b232/1b121b153b151/3b42w35b643/1w147/9/6w531w23/1w123wK3/1w145w141 w 16 11", 50411, 1600564),
    ("b53b131b631b631b131/1b651w135/w35w462bK4/2w246/9/1b127/3w36w352b561/4wK1w24w141 b 19 10", 24133, 998368),
    ("1b13b231bK4/1b537/9/2b633b212/9/5wK1b461/9/w155w532 b 10 34", 16297, 176804),
    ("6b542/4bK4/9/b511b511w154/3b132b651w14/b325w462/4w35w123/1w142wK4 b 4 23", 30538, 763103),
    ("6b232/1w262b32bK3/9/2b266/9/4w124/5b643/b351wK4w141 w 0 42", 13363, 500101),
    ("3bK2b231b53/3w133b121/3b645/1w642b354/2w454w461/5b413/9/6wK2 b 1 26", 1830, 57975),
    ("b53b133b63b23b13b53/1b652bK4/4w264/1w147/9/7w131/7w311/1w14w242wKw241w54 b 0 5", 18529, 628734),
    ("b232b632b23b13b53/5bK3/1w31b543w562/9/b246w621/3w135/4w35w123/2w241wK2w141 w 3 10", 66279, 1996021),
    ("3b42bKb633/5b653/6b36b14w35/1w514b352/9/2b426/5w653/w543w24wKw542 b 5 25", 93368, 3087739),
    ("b244b631b131/1b313bKw241b51/2w566/5w143/9/9/w212w31b244/w541w241wKb233 w 24 21", 40477, 1243104),
    ("1w415w121/5b313/2bK6/3w131b413/w148/2w156/2b156/6wKb461 w 6 40", 17568, 524999),
    ("1b131bK1b631b13b53/7w451/9/1b121b155/3w621b133/2w53w134b45/9/w541w241wK3w24 b 15 11", 39348, 1262505),
    ("b535bK2/9/1w464w422/1w144b212/9/3wK5/b538/1w147 b 4 22", 16110, 399594),
    ("1b13b23b631b63b23b131/5bK3/6w322/3b155/7b131/9/1w125w621/w542w64wK2w14w54 b 7 6", 17818, 644810),
    ("2b23w155/1b362bK4/4b244/1w14w543b352/2b533w562/2w536/1w313b143/3wK2w242 w 15 14", 28291, 758990),
    ("1b13b231bK1b23b131/2b356/5b643/9/5b131w621/7w131/3w361b141w621/w54w142wKw641w141 w 14 8", 2436, 82571),
    ("3b641bK3/5b653/5w46w422/5b62b512/5b633/3w142w412/b468/1w143wK3 w 11 40", 21589, 847787),
    ("3bK3w621/b264b65w41b411/8w56/9/4w21w413/9/4wK4/9 b 1 33", 985, 29451),
    ("b233b31bK1b13w56/9/9/5b621b541/b535b232/9/9/w152w13wKw643 w 4 32", 12377, 624882),
    ("2b531bK2b131/3w635/3b145/1w141w642b42w141/2b122w122w21/9/9/3wK3w141 w 17 22", 21890, 542269),
];

#[test]
fn perft_from_the_start_matches_the_rules() {
    let start = Duel::start();
    for (depth, nodes) in [(1, 37), (2, 1_196), (3, 40_889), (4, 1_353_328)] {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
}

/// Depth 5 takes about a second in release builds and far longer in debug ones.
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn perft_5_from_the_start_matches_the_rules() {
    assert_eq!(perft(&Duel::start(), 5), 47_801_963);
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn perft_of_random_play_positions() {
    for (dfen, nodes3, nodes4) in RANDOM_PLAY {
        let pos = Duel::from_text(dfen).unwrap();
        assert_eq!(perft(&pos, 3), nodes3, "{dfen}");
        assert_eq!(perft(&pos, 4), nodes4, "{dfen}");
    }
}

/// The table's depth-3 counts come out of the simple generator too.
#[test]
fn the_reference_generator_confirms_the_table() {
    for (dfen, nodes3, _) in RANDOM_PLAY {
        assert_eq!(RefPosition::from_dfen(dfen).perft(3), nodes3, "{dfen}");
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos = Duel::from_text(RANDOM_PLAY[4].0).unwrap();
    let divided = divide(&pos, 3);
    assert_eq!(
        divided.iter().map(|(_, n)| n).sum::<u64>(),
        RANDOM_PLAY[4].1
    );
    assert_eq!(divided.len() as u64, perft(&pos, 1));
}

/// Move lists, marks included, and the positions after each move agree with the simple generator
/// along many random games.
#[test]
fn legal_moves_and_resulting_positions_match_the_reference() {
    let mut compared = 0;
    for pos in common::random_positions(&Duel::start(), 99, 40, 150) {
        let reference = RefPosition::from_dfen(&pos.to_text());
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        let mut ours: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
        ours.sort();
        assert_eq!(ours, reference.legal_moves(), "{}", pos.to_text());
        for &mv in moves.iter() {
            let text = pos.format_move(mv);
            let after = pos.make_move(mv);
            assert_eq!(after.to_text(), reference.play(&text).to_dfen(), "{text}");
        }
        compared += 1;
    }
    assert!(compared > 1000);
}
