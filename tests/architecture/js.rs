//! JavaScript imports between files: the static `import … from './x.js'` and `export … from`
//! statements (which begin a line) and dynamic `import('./x.js')` calls with a literal path.
//!
//! Only relative paths (`./`, `../`) name a file of the sources; an absolute or computed one is a
//! URL of the served page, which the page's server maps, so it names none here.

use super::cycles::Import;

/// Every import between two of `files` (path relative to the repository, text).
pub fn imports(files: &[(String, String)]) -> Vec<Import> {
    let mut found = Vec::new();
    for (path, text) in files {
        for (line, specifier) in specifiers(text) {
            let Some(target) = relative_to(path, &specifier) else {
                continue;
            };
            if files.iter().any(|(other, _)| *other == target) {
                found.push(Import {
                    from: path.clone(),
                    line,
                    to: target,
                });
            }
        }
    }
    found
}

/// The module specifiers a file imports, with their lines.
fn specifiers(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("import ")
            || trimmed.starts_with("import{")
            || trimmed.starts_with("export ")
        {
            // A statement may spread its names over lines: read on to the line with its `;`.
            let end = (n..lines.len())
                .find(|&m| lines[m].contains(';'))
                .unwrap_or(n);
            let statement = lines[n..=end].join(" ");
            let specifier = statement
                .split_once(" from ")
                .map(|(_, after)| after)
                .or_else(|| statement.trim_start().strip_prefix("import "))
                .and_then(quoted);
            found.extend(specifier.map(|s| (n + 1, s)));
        }
        let mut rest = *line;
        while let Some(at) = rest.find("import(") {
            rest = &rest[at + "import(".len()..];
            found.extend(quoted(rest).map(|s| (n + 1, s)));
        }
    }
    found
}

/// The text of a string literal at the start of `text` (after spaces), quoted by `'` or `"`.
fn quoted(text: &str) -> Option<String> {
    let text = text.trim_start();
    let quote = text.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let body = &text[1..];
    body.find(quote).map(|end| body[..end].to_string())
}

/// The repository path a relative specifier names from the file `from`; `None` for any other.
fn relative_to(from: &str, specifier: &str) -> Option<String> {
    if !specifier.starts_with("./") && !specifier.starts_with("../") {
        return None;
    }
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in specifier.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            name => parts.push(name),
        }
    }
    Some(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_dynamic_and_spread_imports_are_read_and_urls_are_not() {
        let text = "import { a } from './a.js';\nimport {\n  b,\n} from \"../b.js\";\n\
                    export { c } from './c.js';\nconst d = import('./d.js');\n\
                    fetch('/state.js');\nimport x from '/served.js';\n";
        assert_eq!(
            specifiers(text),
            [
                (1, "./a.js".to_string()),
                (2, "../b.js".to_string()),
                (5, "./c.js".to_string()),
                (6, "./d.js".to_string()),
                (8, "/served.js".to_string()),
            ]
        );
        assert_eq!(
            relative_to("x/js/p.js", "../b.js").as_deref(),
            Some("x/b.js")
        );
        assert_eq!(relative_to("x/js/p.js", "/served.js"), None);
    }

    #[test]
    fn two_modules_importing_each_other_are_a_loop() {
        let files = [
            (
                "js/a.js".to_string(),
                "import { b } from './b.js';\n".to_string(),
            ),
            (
                "js/b.js".to_string(),
                "\nimport { a } from './a.js';\n".to_string(),
            ),
        ];
        let knots = crate::cycles::knots(&imports(&files));
        assert_eq!(knots[0].example, "js/a.js:1 -> js/b.js:2 -> js/a.js");
    }
}
