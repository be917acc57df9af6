//! The architecture's rules that a test can hold: no import cycles between files.
//!
//! Files importing each other in a loop (a file A importing from B, directly or through a chain,
//! while B imports from A) cannot be read, tested or moved one at a time, so none may exist in the
//! Rust sources (`crates/*/src`, `python/src`, `src`) or the JavaScript under `crates/`.
//!
//! What counts as an import of file B by file A:
//! - Rust: a path written in A, in a `use` declaration or in code, that resolves to an item in B or
//!   to B's module: `crate::`, `$crate::`, `self::` and `super::` paths (`super::` inside an inline
//!   `mod tests { … }` is A itself), and paths from a workspace crate's name (`duel_rules::`). The
//!   file is the longest prefix of the path that is a file's module, so `use super::Position` from
//!   `games/dame/fen.rs` imports `games/dame/mod.rs`, whatever `mod.rs` re-exports it from.
//! - Rust, unit tests included: a `#[cfg(test)] mod tests` is part of its file, so a test that
//!   builds its positions with a file that uses the one under test closes a loop (such a test goes
//!   through the `Game` trait instead).
//! - Rust, not counted: a module importing its own submodules (`mod.rs` or `lib.rs` declaring,
//!   re-exporting or using its children: the tree of modules is not a loop); paths from anything
//!   else (std, other crates, a name an earlier `use` brought in); comments and strings. A submodule
//!   importing from its parent's `mod.rs` counts.
//! - JavaScript: `import … from './x.js'`, `export … from './x.js'` and `import('./x.js')` with a
//!   relative path; URLs of the served page (`/x.js`, computed ones) are mapped by the server and
//!   name no file here.
//!
//! The readers are deliberately simple (no parser): `rust.rs` and `js.rs` turn text into imports,
//! `cycles.rs` finds the loops. Each has tests of its own, among them a loop found in made-up
//! sources, so a reader that stopped seeing imports would fail here rather than pass quietly.

mod cycles;
mod js;
mod rust;

use std::fs;
use std::path::Path;

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn no_files_import_each_other_in_a_loop() {
    let mut imports = rust::imports(&rust_crates());
    imports.extend(js::imports(&files_under(&root().join("crates"), "js")));
    assert!(
        imports.len() > 500,
        "the readers found only {} imports",
        imports.len()
    );
    let knots: Vec<String> = cycles::knots(&imports)
        .iter()
        .map(|knot| format!("{}\n  (the knot: {})", knot.example, knot.files.join(", ")))
        .collect();
    assert!(
        knots.is_empty(),
        "files import each other in a loop:\n{}",
        knots.join("\n")
    );
}

/// The workspace's Rust crates: each `crates/*/src`, `python/src` and the binary's `src`, named as
/// their `Cargo.toml` names them (`duel-rules` is written `duel_rules`).
fn rust_crates() -> Vec<rust::Crate> {
    let mut folders: Vec<_> = fs::read_dir(root().join("crates"))
        .expect("crates/ is readable")
        .map(|entry| entry.expect("crates/ lists").path())
        .collect();
    folders.extend([root().join("python"), root().to_path_buf()]);
    folders
        .into_iter()
        .filter(|folder| folder.join("src").is_dir())
        .map(|folder| {
            let src = folder.join("src");
            let files = files_under(&src, "rs")
                .into_iter()
                .map(|(path, text)| {
                    let in_src = root()
                        .join(&path)
                        .strip_prefix(&src)
                        .expect("under src")
                        .to_owned();
                    (path, in_src.to_string_lossy().replace('\\', "/"), text)
                })
                .collect();
            rust::Crate {
                name: package_name(&folder),
                files,
            }
        })
        .collect()
}

/// The `name` of a crate's package, as paths write it.
fn package_name(folder: &Path) -> String {
    let manifest = fs::read_to_string(folder.join("Cargo.toml")).expect("a crate has a Cargo.toml");
    let line = manifest
        .lines()
        .find_map(|line| line.strip_prefix("name = "))
        .expect("the package has a name");
    line.trim_matches('"').replace('-', "_")
}

/// Every file ending in `.extension` under `folder`, by path relative to the repository, with its
/// text; sorted, so that reports are stable.
fn files_under(folder: &Path, extension: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("a source folder is readable") {
            let path = entry.expect("a source folder lists").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == extension) {
                let text = fs::read_to_string(&path).expect("a source file is text");
                let relative = path.strip_prefix(root()).expect("under the repository");
                found.push((relative.to_string_lossy().replace('\\', "/"), text));
            }
        }
    }
    found.sort();
    found
}

/// Made-up crates, to show what the Rust reader counts.
#[cfg(test)]
mod reader {
    use super::*;

    fn krate(name: &str, files: &[(&str, &str)]) -> rust::Crate {
        let files = files
            .iter()
            .map(|(in_src, text)| {
                (
                    format!("{name}/{in_src}"),
                    (*in_src).to_string(),
                    (*text).to_string(),
                )
            })
            .collect();
        rust::Crate {
            name: name.to_string(),
            files,
        }
    }

    fn edges(crates: &[rust::Crate]) -> Vec<(String, String)> {
        let mut edges: Vec<_> = rust::imports(crates)
            .into_iter()
            .map(|i| (i.from, i.to))
            .collect();
        edges.sort();
        edges.dedup();
        edges
    }

    fn edge(from: &str, to: &str) -> (String, String) {
        (from.to_string(), to.to_string())
    }

    #[test]
    fn two_files_importing_each_other_are_a_loop() {
        let crates = [krate(
            "k",
            &[
                ("lib.rs", "pub mod game;\n"),
                (
                    "game/mod.rs",
                    "mod fen;\nmod position;\npub use position::Position;\n",
                ),
                ("game/fen.rs", "use super::Position;\npub fn format() {}\n"),
                (
                    "game/position.rs",
                    "pub struct Position;\n\
                     impl Debug for Position { fn fmt() { super::fen::format() } }\n",
                ),
            ],
        )];
        let imports = rust::imports(&crates);
        assert_eq!(
            edges(&crates),
            [
                edge("k/game/fen.rs", "k/game/mod.rs"),
                edge("k/game/position.rs", "k/game/fen.rs")
            ]
        );
        assert!(
            cycles::knots(&imports).is_empty(),
            "fen.rs imports mod.rs, not position.rs"
        );

        let crates = [krate(
            "k",
            &[
                ("a.rs", "use crate::b::{self, Thing as Other};\n"),
                ("b.rs", "fn f() { let x = crate::a::make(); }\n"),
            ],
        )];
        let knots = cycles::knots(&rust::imports(&crates));
        assert_eq!(knots[0].example, "k/a.rs:1 -> k/b.rs:1 -> k/a.rs");
    }

    #[test]
    fn inline_modules_comments_strings_and_own_children_are_not_imports() {
        let crates = [krate(
            "k",
            &[
                (
                    "lib.rs",
                    "mod a;\nmod b;\nuse a::X;\nfn f() { crate::a::b(); }\n",
                ),
                (
                    "a.rs",
                    "/// See [`crate::b::Y`].\nconst S: &str = \"crate::b::Y {\";\nconst C: char = '{';\n\
                     fn g<'x>() {}\nmod tests {\n    use super::*;\n    use crate::b;\n}\n\
                     mod more { fn h() { super::super::b::Z; } }\n",
                ),
                ("b.rs", "// crate::a::X\n"),
            ],
        )];
        assert_eq!(edges(&crates), [edge("k/a.rs", "k/b.rs")]);
    }

    #[test]
    fn other_crates_are_read_by_their_names() {
        let crates = [
            krate("rules", &[("lib.rs", "pub mod game;\n"), ("game.rs", "")]),
            krate(
                "engine",
                &[("lib.rs", "use rules::game::Game;\nuse std::fmt;\n")],
            ),
        ];
        assert_eq!(edges(&crates), [edge("engine/lib.rs", "rules/game.rs")]);
    }
}
