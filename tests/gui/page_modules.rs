//! The page's scripts read as source, no browser: their imports flow one way (no module reaches
//! itself again through its imports), each module has at most [`MAX_MODULE_LINES`] lines and each
//! function at most [`MAX_FUNCTION_LINES`], each game's drawing imports nothing, and `duel gui` serves
//! every module of `crates/tools/src/gui/assets/js/`. The page's lower layers (docs/gui.md, "The page's
//! code") are checked too: the data and tools ([`BASE`]) import only each other, the views
//! ([`VIEWS`]) only those and each other, never an action, and the transport `server.js` only the
//! connection below it.
//!
//! The modules: `crates/tools/src/gui/assets/js/*.js`, `crates/rules/src/games/*/web_board.js` and
//! `crates/web/src/*.js`. An import is a static `import … from './x.js'` (or `export … from`, or
//! `import './x.js'`) or a dynamic `import('./x.js')` with a literal path (a static one must end
//! with `;`), resolved beside the importing file; the static site's names for `crates/web/src`
//! files (scripts/site/build-web copies them into `js/`) are in [`SITE_NAMES`]. A path built at run
//! time (the games' drawings, `import(new URL(`../games/${v}.js`, …))`) is no edge: those modules
//! import nothing, which is checked.
//!
//! The function scanner relies on the code's indentation, which every module keeps: a function
//! starts on a line that ends with `{` and is a `function` declaration or expression, an arrow
//! (`=> {`), or a method (`name(…) {`, not `if`, `for`, `while`, `switch` or `catch`); it ends on the
//! first later line at the same indentation that starts with `}`. Its length counts both lines. A
//! nested function is counted on its own and inside its enclosing one.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The most lines a module may have.
const MAX_MODULE_LINES: usize = 200;
/// The most lines a function may have, its first and last included.
const MAX_FUNCTION_LINES: usize = 60;
/// The page's own modules, as `duel gui` serves them.
const PAGE_JS: &str = "crates/tools/src/gui/assets/js";
/// The page's data and tools: they import nothing of the page above them.
const BASE: [&str; 9] = [
    "state.js",
    "dom.js",
    "events.js",
    "info.js",
    "link.js",
    "connection.js",
    "controls.js",
    "legal.js",
    "geometry.js",
];
/// The page's views: they draw from the state and import no action.
const VIEWS: [&str; 10] = [
    "board.js",
    "marks.js",
    "panels.js",
    "evaluation.js",
    "banner.js",
    "clock_face.js",
    "choice.js",
    "sidelines.js",
    "dialogs.js",
    "verdicts.js",
];
/// The static site's names for files of `crates/web/src/`, as scripts/site/build-web copies them
/// into `js/`.
const SITE_NAMES: [(&str, &str); 2] = [
    ("worker_connection.js", "crates/web/src/connection.js"),
    ("offline.js", "crates/web/src/offline.js"),
];

/// The project's root, where `cargo test` runs from.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every module checked, as paths relative to the root, sorted.
fn modules() -> Vec<String> {
    let mut files = Vec::new();
    let mut add_dir = |dir: &Path, only: Option<&str>| {
        for entry in fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            let wanted = only.map_or(name.ends_with(".js"), |only| name == only);
            if wanted {
                files.push(
                    path.strip_prefix(root())
                        .unwrap()
                        .to_str()
                        .unwrap()
                        .to_string(),
                );
            }
        }
    };
    add_dir(Path::new(PAGE_JS), None);
    add_dir(Path::new("crates/web/src"), None);
    for game in fs::read_dir(root().join("crates/rules/src/games")).unwrap() {
        let game = game.unwrap().path();
        if game.join("web_board.js").is_file() {
            add_dir(game.strip_prefix(root()).unwrap(), Some("web_board.js"));
        }
    }
    files.sort();
    files
}

fn read(module: &str) -> String {
    fs::read_to_string(root().join(module)).unwrap()
}

/// The literal paths a module imports, in order: `import … from 'p'`, `export … from 'p'`,
/// `import 'p'` (a statement may span lines, up to its `;`) and `import('p')` anywhere outside a
/// comment line.
fn imported_paths(text: &str) -> Vec<String> {
    let code: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect();
    let mut paths = Vec::new();
    let mut statement: Option<String> = None;
    for line in &code {
        let trimmed = line.trim_start();
        let starts_import = trimmed.starts_with("import ") || trimmed.starts_with("import{");
        let reexport = trimmed.starts_with("export ")
            && (trimmed.contains(" from '") || trimmed.contains(" from \""));
        if statement.is_none() && (starts_import || reexport) {
            statement = Some(String::new());
        }
        if let Some(text) = statement.as_mut() {
            text.push_str(trimmed);
            text.push(' ');
            if trimmed.contains(';') {
                let text = statement.take().unwrap();
                let quoted = text
                    .rsplit_once(" from ")
                    .map_or(text.strip_prefix("import ").unwrap_or(""), |(_, from)| from);
                paths.extend(first_literal(quoted));
            }
        }
        let mut rest = *line;
        while let Some(at) = rest.find("import(") {
            rest = &rest[at + "import(".len()..];
            paths.extend(first_literal(rest));
        }
    }
    assert!(
        statement.is_none(),
        "an import without its `;`: {statement:?}"
    );
    paths
}

/// The string literal `text` starts with (after spaces), if it starts with one.
fn first_literal(text: &str) -> Option<String> {
    let text = text.trim_start();
    let quote = text.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let body = &text[1..];
    body.find(quote).map(|end| body[..end].to_string())
}

/// The module an import path names, relative to the importing module; a name of the static site
/// resolves to its source. None when no checked module is there.
fn resolve(from: &str, path: &str, known: &[String]) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in path.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            _ => parts.push(part),
        }
    }
    let joined = parts.join("/");
    if known.contains(&joined) {
        return Some(joined);
    }
    let (dir, name) = joined.rsplit_once('/')?;
    SITE_NAMES
        .iter()
        .find(|(site, _)| dir == PAGE_JS && *site == name)
        .map(|(_, source)| source.to_string())
}

/// The import graph: each module and the modules it imports. Fails on an import of no module.
fn graph() -> BTreeMap<String, Vec<String>> {
    let known = modules();
    let mut edges = BTreeMap::new();
    for module in &known {
        let targets = imported_paths(&read(module))
            .iter()
            .map(|path| {
                resolve(module, path, &known)
                    .unwrap_or_else(|| panic!("{module} imports '{path}', which is no module here"))
            })
            .collect();
        edges.insert(module.clone(), targets);
    }
    edges
}

/// A cycle of imports, as the modules on it with the first repeated at the end; None when the
/// graph has none.
fn find_cycle(edges: &BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    // Depth first; `path` holds the modules being visited, and an import of one of them closes a
    // cycle.
    fn visit(
        module: &str,
        edges: &BTreeMap<String, Vec<String>>,
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut cycle = path[at..].to_vec();
            cycle.push(module.to_string());
            return Some(cycle);
        }
        if done.iter().any(|m| m == module) {
            return None;
        }
        path.push(module.to_string());
        for next in edges.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(next, edges, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.push(module.to_string());
        None
    }
    let mut done = Vec::new();
    edges
        .keys()
        .find_map(|module| visit(module, edges, &mut Vec::new(), &mut done))
}

/// The modules reachable from `module` by imports.
fn reachable(module: &str, edges: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    let mut seen = vec![module.to_string()];
    let mut at = 0;
    while at < seen.len() {
        for next in edges.get(&seen[at]).into_iter().flatten() {
            if !seen.contains(next) {
                seen.push(next.clone());
            }
        }
        at += 1;
    }
    seen
}

/// The modules on some cycle through `module`: those it reaches that reach it again, sorted.
fn tangle_of(module: &str, edges: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    let mut tangle: Vec<String> = reachable(module, edges)
        .into_iter()
        .filter(|m| reachable(m, edges).iter().any(|r| r == module))
        .collect();
    tangle.sort();
    tangle
}

/// The short name of a module for messages: its file name, or `<game>/web_board.js`.
fn short(module: &str) -> String {
    let mut parts = module.rsplit('/');
    let name = parts.next().unwrap_or(module);
    match (name, parts.next()) {
        ("web_board.js", Some(game)) => format!("{game}/{name}"),
        ("connection.js" | "offline.js", Some("web")) => format!("web/{name}"),
        _ => name.to_string(),
    }
}

/// Whether `line` (trimmed) opens a function's body: see the module's documentation.
fn opens_function(line: &str) -> bool {
    if !line.ends_with('{') || line.starts_with('}') {
        return false;
    }
    if line.ends_with("=> {") || line.contains("function ") || line.contains("function(") {
        return true;
    }
    // A method: `name(…) {`, possibly `async`, `get`, `set` or `static`.
    let head = ["async ", "static ", "get ", "set "]
        .iter()
        .fold(line, |l, word| l.strip_prefix(word).unwrap_or(l));
    let name: String = head
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
        .collect();
    let keyword = ["if", "for", "while", "switch", "catch", "with", "return"].contains(&&*name);
    !name.is_empty() && !keyword && head[name.len()..].starts_with('(') && head.ends_with(") {")
}

/// Each function's first line (1-based), first text and length in lines.
fn functions(text: &str) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with("//") || !opens_function(trimmed) {
            continue;
        }
        let end = lines[i + 1..]
            .iter()
            .position(|l| indent(l) == indent(line) && l.trim_start().starts_with('}'))
            .unwrap_or_else(|| panic!("line {}: no closing brace at its indentation", i + 1));
        found.push((i + 1, trimmed.to_string(), end + 2));
    }
    found
}

#[test]
fn the_page_imports_flow_one_way() {
    let edges = graph();
    assert!(
        edges.len() > 20,
        "the page's modules are found: {:?}",
        edges.keys()
    );
    if let Some(cycle) = find_cycle(&edges) {
        let names: Vec<String> = cycle.iter().map(|m| short(m)).collect();
        let tangle: Vec<String> = tangle_of(&cycle[0], &edges)
            .iter()
            .map(|m| short(m))
            .collect();
        panic!(
            "the page's imports go round: {}; {} modules reach each other: {}",
            names.join(" → "),
            tangle.len(),
            tangle.join(", ")
        );
    }
}

#[test]
fn the_page_lower_layers_import_only_below() {
    let mut wrong = Vec::new();
    for (module, targets) in graph() {
        let name = short(&module);
        let page_module = module.starts_with(PAGE_JS);
        let allowed: Vec<&str> = match name.as_str() {
            _ if !page_module => continue,
            "server.js" => vec!["connection.js"],
            n if BASE.contains(&n) => BASE.to_vec(),
            n if VIEWS.contains(&n) => BASE.iter().chain(&VIEWS).copied().collect(),
            _ => continue,
        };
        // The static site's Worker transport (crates/web/src/connection.js) stands beside the page's layers.
        let within = targets.iter().filter(|t| t.starts_with(PAGE_JS));
        for target in within.map(|t| short(t)) {
            if !allowed.contains(&target.as_str()) {
                wrong.push(format!("{name} imports {target}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a lower layer imports a higher one: {wrong:?}"
    );
}

#[test]
fn each_game_drawing_imports_nothing() {
    for (module, targets) in graph() {
        if module.ends_with("/web_board.js") {
            assert!(targets.is_empty(), "{module} imports {targets:?}");
        }
    }
}

#[test]
fn the_page_modules_and_functions_are_short() {
    let mut long = Vec::new();
    for module in modules() {
        let text = read(&module);
        let count = text.lines().count();
        if count > MAX_MODULE_LINES {
            long.push(format!("{module}: {count} lines"));
        }
        for (line, head, length) in functions(&text) {
            if length > MAX_FUNCTION_LINES {
                long.push(format!("{module}:{line}: `{head}` {length} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "over {MAX_MODULE_LINES} lines a module or {MAX_FUNCTION_LINES} a function:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_function_scanner_finds_each_kind_of_function() {
    let text = "export function a(x) {\n  return x;\n}\nconst b = (y) => {\n  if (y) {\n    y();\n  }\n};\nconst o = {\n  c(z) {\n    return z;\n  },\n};\n";
    let found: Vec<(usize, usize)> = functions(text).iter().map(|f| (f.0, f.2)).collect();
    assert_eq!(found, [(1, 3), (4, 5), (10, 3)]);
    assert!(!opens_function("if (x) {") && !opens_function("} else {"));
}

#[test]
fn the_cycle_finder_names_a_cycle() {
    let edges: BTreeMap<String, Vec<String>> =
        [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a"])]
            .into_iter()
            .map(|(m, t)| (m.to_string(), t.into_iter().map(String::from).collect()))
            .collect();
    assert_eq!(find_cycle(&edges).unwrap(), ["a", "b", "c", "a"]);
    let one_way: BTreeMap<String, Vec<String>> = [("a", vec!["b".to_string()]), ("b", vec![])]
        .into_iter()
        .map(|(m, t)| (m.to_string(), t))
        .collect();
    assert_eq!(find_cycle(&one_way), None);
}

#[test]
fn imports_are_read_static_multiline_and_dynamic() {
    let text = "// import { no } from './comment.js';\nimport { a } from './a.js';\nimport {\n  b,\n} from \"./b.js\";\nimport './c.js';\nexport { d } from './d.js';\nconst e = import('./e.js');\n";
    assert_eq!(
        imported_paths(text),
        ["./a.js", "./b.js", "./c.js", "./d.js", "./e.js"]
    );
}

#[test]
fn duel_gui_serves_every_page_module() {
    let table = read("crates/tools/src/gui/assets.rs");
    for module in modules().iter().filter(|m| m.starts_with(PAGE_JS)) {
        let name = short(module);
        assert!(
            table.contains(&format!("\"/js/{name}\"")),
            "crates/tools/src/gui/assets.rs does not serve js/{name}"
        );
        assert!(
            table.contains(&format!("include_str!(\"assets/js/{name}\")")),
            "crates/tools/src/gui/assets.rs does not embed assets/js/{name}"
        );
    }
}
