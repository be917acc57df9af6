//! The static site's app manifest (`crates/web/src/manifest.webmanifest`, which
//! `scripts/site/build-web` copies into the site): it names the games in words, so this keeps it
//! in step with the list of hosted games.

use serde_json::Value;
use std::path::Path;

/// The manifest names the games in its `name` and `description` (an installed app's title and its
/// store text): every hosted game is named in both, so a new game cannot be left out.
#[test]
fn the_app_manifest_names_every_hosted_game() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/web/src/manifest.webmanifest");
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for field in ["name", "description"] {
        let text = manifest[field].as_str().unwrap().to_lowercase();
        for game in duel_rules::games::VARIANTS {
            assert!(
                text.contains(game),
                "{}: {field} does not name {game}",
                path.display()
            );
        }
    }
}
