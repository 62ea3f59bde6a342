/// A drawing of one type's neighbourhood in the graph: all its ancestors and its descendants
/// down to a depth, as Graphviz DOT or as indented text.
///
/// ```swift
/// let drawing = TypeGraphDrawing(graph: graph, focus: graph["public.image"]!, descendantDepth: 1)
/// print(drawing.dot)   // digraph { "public.png" -> "public.image"; … }
/// ```
public struct TypeGraphDrawing: Sendable {
    /// The type in the middle.
    public let focus: UniformType
    /// The types drawn: the focus, its ancestors and its descendants within the depth.
    public let nodes: [UniformType]
    /// The edges drawn, child → parent.
    public let edges: [(child: UniformType, parent: UniformType)]

    /// Collects the neighbourhood of `focus`.
    public init(graph: TypeGraph, focus: UniformType, descendantDepth: Int) {
        self.focus = focus
        var nodes = [focus] + focus.supertypes
        var level = [focus]
        var depth = 0
        var children: [UniformType: [UniformType]] = [:]
        if descendantDepth > 0 {
            for type in graph.declaredTypes {
                for parent in type.parents { children[parent, default: []].append(type) }
            }
        }
        while depth < descendantDepth && !level.isEmpty {
            var next: [UniformType] = []
            for type in level {
                for child in children[type] ?? [] where !nodes.contains(child) {
                    nodes.append(child)
                    next.append(child)
                }
            }
            level = next
            depth += 1
        }
        let included = Set(nodes)
        var edges: [(UniformType, UniformType)] = []
        for node in nodes {
            for parent in node.parents where included.contains(parent) { edges.append((node, parent)) }
        }
        self.nodes = nodes
        self.edges = edges
    }

    /// Graphviz DOT source; the focus is filled, ancestors point upwards.
    public var dot: String {
        var lines = ["digraph \"\(focus.identifier)\" {", "  rankdir=BT;", "  node [shape=box, fontname=\"Helvetica\"];"]
        for node in nodes {
            let style = node == focus ? ", style=filled, fillcolor=\"#ffd966\"" : ""
            lines.append("  \"\(node.identifier)\" [tooltip=\"\(escape(node.localizedDescription))\"\(style)];")
        }
        for edge in edges { lines.append("  \"\(edge.child.identifier)\" -> \"\(edge.parent.identifier)\";") }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// An indented text rendering: ancestors nearest first, then descendants.
    public var text: String {
        var lines = ["\(focus.identifier) — \(focus.localizedDescription)"]
        let ancestors = focus.supertypes
        if !ancestors.isEmpty {
            lines.append("  conforms to:")
            for ancestor in ancestors { lines.append("    \(ancestor.identifier)") }
        }
        let descendants = nodes.filter { $0 != focus && !ancestors.contains($0) }
        if !descendants.isEmpty {
            lines.append("  conformed to by:")
            for descendant in descendants { lines.append("    \(descendant.identifier)") }
        }
        return lines.joined(separator: "\n")
    }

    private func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
