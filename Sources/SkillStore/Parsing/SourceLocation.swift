/// A 1-based line and column in a file.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
