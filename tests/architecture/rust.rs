//! Rust imports between files: `use` declarations and paths written in the code, resolved to the
//! files of the workspace's crates by their module paths.
//!
//! A deliberately small reader, not a parser: comments, strings and character literals are blanked,
//! the rest is cut into words and punctuation, and a path is read wherever one starts with
//! `crate::`, `$crate::`, `self::`, `super::` or the name of a workspace crate (`duel_rules::`).
//! Paths starting with anything else (std, other crates, a name a `use` brought in) name no new file.

use super::cycles::Import;
use std::collections::BTreeMap;

/// A crate's sources: the name other crates write it by, and its files.
pub struct Crate {
    /// The crate's name in paths (`duel_rules`).
    pub name: String,
    /// Its files: the path relative to the repository, the path relative to the crate's `src`, and
    /// the text.
    pub files: Vec<(String, String, String)>,
}

impl Crate {
    /// Whether other crates can import it: a binary (the `duel` command, whose name is also the
    /// module `games::duel`) cannot.
    fn is_library(&self) -> bool {
        self.files.iter().any(|(_, in_src, _)| in_src == "lib.rs")
    }
}

/// Every import between two files of `crates`, but for a module's imports of its own submodules
/// (a `mod.rs` or `lib.rs` naming its children: declaring them is what it is for).
pub fn imports(crates: &[Crate]) -> Vec<Import> {
    // Per crate, the file of each module path.
    let modules: Vec<BTreeMap<Vec<String>, &str>> = crates
        .iter()
        .map(|c| {
            c.files
                .iter()
                .map(|(path, in_src, _)| (module_of(in_src), path.as_str()))
                .collect()
        })
        .collect();
    let mut found = Vec::new();
    for (home, krate) in crates.iter().enumerate() {
        for (path, in_src, text) in &krate.files {
            let file_module = module_of(in_src);
            for written in paths(&blank(text), &file_module) {
                let Some((target, absolute)) =
                    resolve(&written.path, &written.module, home, crates)
                else {
                    continue;
                };
                let Some((file, module)) = file_of(&modules[target], &absolute) else {
                    continue;
                };
                let own_submodule = target == home && module.starts_with(&file_module);
                if !own_submodule {
                    found.push(Import {
                        from: path.clone(),
                        line: written.line,
                        to: file.to_string(),
                    });
                }
            }
        }
    }
    found
}

/// A file's module path from its path inside `src`: `lib.rs` and `main.rs` are the root, `a/mod.rs`
/// and `a.rs` are `a`.
fn module_of(in_src: &str) -> Vec<String> {
    let stem = in_src.strip_suffix(".rs").unwrap_or(in_src);
    let mut segments: Vec<String> = stem.split('/').map(String::from).collect();
    if matches!(segments.as_slice(), [only] if only == "lib" || only == "main")
        || segments.last().is_some_and(|last| last == "mod")
    {
        segments.pop();
    }
    segments
}

/// The file holding an absolute module path: the longest prefix of it that is a file's module (the
/// rest names items, or modules written inline in that file).
fn file_of<'a>(
    modules: &BTreeMap<Vec<String>, &'a str>,
    absolute: &[String],
) -> Option<(&'a str, Vec<String>)> {
    (0..=absolute.len()).rev().find_map(|n| {
        let prefix = &absolute[..n];
        modules.get(prefix).map(|file| (*file, prefix.to_vec()))
    })
}

/// A written path made absolute: the crate it lives in and its module path from that crate's root.
/// `module` is where it was written (the file's module and any inline modules around it).
fn resolve(
    written: &[String],
    module: &[String],
    home: usize,
    crates: &[Crate],
) -> Option<(usize, Vec<String>)> {
    let (first, rest) = written.split_first()?;
    let (krate, mut base, rest) = match first.as_str() {
        "crate" | "$crate" => (home, Vec::new(), rest),
        "self" => (home, module.to_vec(), rest),
        "super" => (home, module.to_vec(), written),
        name => (
            crates
                .iter()
                .position(|c| c.name == name && c.is_library())?,
            Vec::new(),
            rest,
        ),
    };
    let mut rest = rest.iter().peekable();
    while rest.next_if(|s| *s == "super").is_some() {
        base.pop()?;
    }
    base.extend(rest.cloned());
    Some((krate, base))
}

/// A path as written: its line, the module it was written in, and its words.
struct Written {
    line: usize,
    module: Vec<String>,
    path: Vec<String>,
}

/// The paths written in blanked source: every `use` tree's paths and every path in code (a word
/// followed by `::`, not in the middle of a longer path). `file_module` is the file's module path;
/// an inline `mod name { … }` block extends it inside, so that `super::` there is the file itself.
fn paths(source: &str, file_module: &[String]) -> Vec<Written> {
    let tokens = tokens(source);
    let mut found = Vec::new();
    // The open braces: `Some(name)` for an inline module's, `None` for any other block.
    let mut blocks: Vec<Option<String>> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let line = tokens[i].0;
        let module = || {
            let mut module = file_module.to_vec();
            module.extend(blocks.iter().flatten().cloned());
            module
        };
        let is = |j: usize, text: &str| tokens.get(j).is_some_and(|(_, t)| t == text);
        match tokens[i].1.as_str() {
            "mod" if is(i + 2, "{") => {
                blocks.push(Some(tokens[i + 1].1.clone()));
                i += 3;
            }
            "{" => {
                blocks.push(None);
                i += 1;
            }
            "}" => {
                blocks.pop();
                i += 1;
            }
            "use" => {
                let mut trees = Vec::new();
                i = use_tree(&tokens, i + 1, Vec::new(), &mut trees);
                let module = module();
                found.extend(trees.into_iter().map(|path| Written {
                    line,
                    module: module.clone(),
                    path,
                }));
            }
            word if starts_word(word) && is(i + 1, "::") && !(i > 0 && is(i - 1, "::")) => {
                let (path, end) = path_at(&tokens, i);
                found.push(Written {
                    line,
                    module: module(),
                    path,
                });
                i = end;
            }
            _ => i += 1,
        }
    }
    found
}

/// Whether a token is a word that can start a path (`$crate` included).
fn starts_word(word: &str) -> bool {
    word.starts_with(|c: char| c.is_alphabetic() || c == '_' || c == '$')
}

/// The path of words joined by `::` starting at token `i`, and the token after it.
fn path_at(tokens: &[(usize, String)], mut i: usize) -> (Vec<String>, usize) {
    let mut path = vec![tokens[i].1.clone()];
    while tokens.get(i + 1).is_some_and(|(_, t)| t == "::")
        && tokens.get(i + 2).is_some_and(|(_, t)| starts_word(t))
    {
        path.push(tokens[i + 2].1.clone());
        i += 2;
    }
    (path, i + 1)
}

/// Reads a `use` tree from token `i` (after `use`, or inside its braces) with the path before it,
/// pushing each path it names (a group's members separately, a glob as its module); returns the
/// token after the tree (after the `;` at the top level).
fn use_tree(
    tokens: &[(usize, String)],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    while let Some((_, token)) = tokens.get(i) {
        match token.as_str() {
            "::" => {}
            "{" => {
                // A group: each member with the prefix, up to the closing brace.
                i += 1;
                while tokens.get(i).is_some_and(|(_, t)| t != "}") {
                    i = use_tree(tokens, i, prefix.clone(), out);
                    if tokens.get(i).is_some_and(|(_, t)| t == ",") {
                        i += 1;
                    }
                }
                return finish(tokens, i + 1, None, out);
            }
            "*" => return finish(tokens, i + 1, Some(prefix), out),
            "self" if !prefix.is_empty() => return finish(tokens, i + 1, Some(prefix), out),
            "as" => {
                // A rename: the path is complete, the new name is nobody's file.
                return finish(tokens, i + 2, Some(prefix), out);
            }
            "," | "}" | ";" => return finish(tokens, i, Some(prefix), out),
            word => prefix.push(word.to_string()),
        }
        i += 1;
    }
    i
}

/// Ends a use tree at token `i`: records its path, if any, and steps over a top-level `;`.
fn finish(
    tokens: &[(usize, String)],
    i: usize,
    path: Option<Vec<String>>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    out.extend(path.filter(|p| !p.is_empty()));
    if tokens.get(i).is_some_and(|(_, t)| t == ";") {
        i + 1
    } else {
        i
    }
}

/// Blanked source cut into words (`$crate` is one) and punctuation (`::` is one), with lines.
fn tokens(source: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
        }
        if c.is_alphanumeric() || c == '_' || c == '$' {
            let start = i;
            i += 1;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push((line, chars[start..i].iter().collect()));
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push((line, "::".to_string()));
            i += 2;
            continue;
        }
        if !c.is_whitespace() {
            tokens.push((line, c.to_string()));
        }
        i += 1;
    }
    tokens
}

/// The source with comments, strings and character literals replaced by spaces (newlines kept), so
/// that a path in a doc comment or a brace in a string is not read.
fn blank(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    // Blanks `chars[from..to]`, keeping its newlines.
    let blank_to = |out: &mut String, from: usize, to: usize| {
        out.extend(
            chars[from..to.min(chars.len())]
                .iter()
                .map(|&c| if c == '\n' { c } else { ' ' }),
        );
    };
    while i < chars.len() {
        let end = match (chars[i], chars.get(i + 1).copied()) {
            ('/', Some('/')) => (i..chars.len())
                .find(|&j| chars[j] == '\n')
                .unwrap_or(chars.len()),
            ('/', Some('*')) => block_comment_end(&chars, i),
            ('"', _) => string_end(&chars, i),
            ('r', Some('"' | '#')) if !is_word_char(i.checked_sub(1).map(|j| chars[j])) => {
                raw_string_end(&chars, i).unwrap_or(i)
            }
            ('\'', _) => char_literal_end(&chars, i).unwrap_or(i),
            _ => i,
        };
        if end > i {
            blank_to(&mut out, i, end);
            i = end;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

fn is_word_char(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// The end of a (nested) block comment starting at `i`.
fn block_comment_end(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1)) {
            ('/', Some('*')) => {
                depth += 1;
                i += 2;
            }
            ('*', Some('/')) => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    i
}

/// The end of a string starting at the quote at `i`, escapes skipped.
fn string_end(chars: &[char], mut i: usize) -> usize {
    i += 1;
    while i < chars.len() && chars[i] != '"' {
        i += if chars[i] == '\\' { 2 } else { 1 };
    }
    i + 1
}

/// The end of a raw string `r#"…"#` starting at the `r` at `i`; `None` for `r#ident`.
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
    let quote = i + 1 + hashes;
    if chars.get(quote) != Some(&'"') {
        return None;
    }
    let closing: Vec<char> = std::iter::once('"')
        .chain(std::iter::repeat_n('#', hashes))
        .collect();
    (quote + 1..chars.len())
        .find(|&j| chars[j..].starts_with(&closing))
        .map(|j| j + closing.len())
}

/// The end of a character literal at `i` (`'x'`, `'\n'`, `'\u{1F600}'`); `None` for a lifetime.
fn char_literal_end(chars: &[char], i: usize) -> Option<usize> {
    match chars.get(i + 1)? {
        // An escape: the closing quote comes after the escaped character (`'\''`).
        '\\' => (i + 3..chars.len())
            .find(|&j| chars[j] == '\'')
            .map(|j| j + 1),
        _ if chars.get(i + 2) == Some(&'\'') => Some(i + 3),
        _ => None,
    }
}
