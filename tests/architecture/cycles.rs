//! The import graph between files and the loops in it.

use std::collections::BTreeMap;

/// One import: the file that imports, where (`path:line`, for the report) and the file imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    /// The importing file, relative to the repository.
    pub from: String,
    /// The line of the import in `from`.
    pub line: usize,
    /// The imported file, relative to the repository.
    pub to: String,
}

/// A knot: files that all reach each other through imports (a strongly connected component of more
/// than one file).
#[derive(Debug)]
pub struct Knot {
    /// Its files, sorted.
    pub files: Vec<String>,
    /// One loop through it, written `a.rs:3 -> b.rs:7 -> a.rs`, each file with the line of its
    /// import of the next.
    pub example: String,
}

/// Every knot of the import graph; none when it is acyclic.
pub fn knots(imports: &[Import]) -> Vec<Knot> {
    let graph = Graph::new(imports);
    let mut knots: Vec<Knot> = graph
        .components()
        .iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut files: Vec<String> = c.iter().map(|&v| graph.names[v].clone()).collect();
            files.sort();
            Knot {
                files,
                example: graph.loop_through(c),
            }
        })
        .collect();
    knots.sort_by(|a, b| a.files.cmp(&b.files));
    knots
}

/// The files and, per file, the files it imports with the line of the first such import.
struct Graph {
    names: Vec<String>,
    edges: Vec<BTreeMap<usize, usize>>,
}

impl Graph {
    fn new(imports: &[Import]) -> Graph {
        let mut index = BTreeMap::new();
        let mut names = Vec::new();
        for name in imports.iter().flat_map(|i| [&i.from, &i.to]) {
            index.entry(name.clone()).or_insert_with(|| {
                names.push(name.clone());
                names.len() - 1
            });
        }
        let mut edges = vec![BTreeMap::new(); names.len()];
        for import in imports {
            edges[index[&import.from]]
                .entry(index[&import.to])
                .or_insert(import.line);
        }
        Graph { names, edges }
    }

    /// Tarjan's strongly connected components (recursive: the graph is a few hundred files).
    fn components(&self) -> Vec<Vec<usize>> {
        struct State {
            order: Vec<Option<usize>>,
            low: Vec<usize>,
            stack: Vec<usize>,
            on_stack: Vec<bool>,
            next: usize,
            found: Vec<Vec<usize>>,
        }
        fn visit(graph: &Graph, v: usize, s: &mut State) {
            s.order[v] = Some(s.next);
            s.low[v] = s.next;
            s.next += 1;
            s.stack.push(v);
            s.on_stack[v] = true;
            for &w in graph.edges[v].keys() {
                match s.order[w] {
                    None => {
                        visit(graph, w, s);
                        s.low[v] = s.low[v].min(s.low[w]);
                    }
                    Some(order) if s.on_stack[w] => s.low[v] = s.low[v].min(order),
                    Some(_) => {}
                }
            }
            if Some(s.low[v]) == s.order[v] {
                let mut component = Vec::new();
                while let Some(w) = s.stack.pop() {
                    s.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                s.found.push(component);
            }
        }
        let n = self.names.len();
        let mut state = State {
            order: vec![None; n],
            low: vec![0; n],
            stack: Vec::new(),
            on_stack: vec![false; n],
            next: 0,
            found: Vec::new(),
        };
        for v in 0..n {
            if state.order[v].is_none() {
                visit(self, v, &mut state);
            }
        }
        state.found
    }

    /// A shortest loop from the component's first file back to it, staying inside the component.
    fn loop_through(&self, component: &[usize]) -> String {
        let start = *component.iter().min().expect("a component has a file");
        let mut came_from: BTreeMap<usize, usize> = BTreeMap::new();
        let mut frontier = vec![start];
        'search: while !frontier.is_empty() {
            let mut next = Vec::new();
            for v in frontier {
                for &w in self.edges[v].keys().filter(|w| component.contains(w)) {
                    if w == start {
                        came_from.insert(start, v);
                        break 'search;
                    }
                    if let std::collections::btree_map::Entry::Vacant(e) = came_from.entry(w) {
                        e.insert(v);
                        next.push(w);
                    }
                }
            }
            frontier = next;
        }
        // Walk back from `start` to itself, then write the loop forwards.
        let mut files = vec![start];
        let mut v = came_from[&start];
        while v != start {
            files.push(v);
            v = came_from[&v];
        }
        files.push(start);
        files.reverse();
        let steps: Vec<String> = files
            .windows(2)
            .map(|pair| format!("{}:{}", self.names[pair[0]], self.edges[pair[0]][&pair[1]]))
            .collect();
        format!("{} -> {}", steps.join(" -> "), self.names[start])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn import(from: &str, to: &str) -> Import {
        Import {
            from: from.into(),
            line: 1,
            to: to.into(),
        }
    }

    fn cycles(imports: &[Import]) -> Vec<String> {
        knots(imports).into_iter().map(|k| k.example).collect()
    }

    #[test]
    fn a_chain_has_no_loop_and_a_closed_chain_has_one() {
        let chain = [import("a", "b"), import("b", "c"), import("a", "c")];
        assert!(cycles(&chain).is_empty());
        let closed = [
            import("a", "b"),
            import("b", "c"),
            import("c", "a"),
            import("d", "a"),
        ];
        assert_eq!(cycles(&closed), ["a:1 -> b:1 -> c:1 -> a"]);
    }

    #[test]
    fn each_separate_loop_is_reported() {
        let two = [
            import("a", "b"),
            import("b", "a"),
            import("x", "y"),
            import("y", "x"),
        ];
        assert_eq!(cycles(&two), ["a:1 -> b:1 -> a", "x:1 -> y:1 -> x"]);
        let knots = knots(&[
            import("a", "b"),
            import("b", "a"),
            import("b", "c"),
            import("c", "b"),
        ]);
        assert_eq!(knots.len(), 1);
        assert_eq!(knots[0].files, ["a", "b", "c"]);
    }
}
