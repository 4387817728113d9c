import Foundation

// Usage: EmbedText OUTPUT.swift NAME FILE
// Writes `let NAME: String`, the file's exact text, so that a module carries
// a document (the OpenAPI description) instead of reading it at run time.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: EmbedText OUTPUT NAME FILE\n".utf8))
    exit(2)
}
let (output, name, input) = (arguments[0], arguments[1], arguments[2])
let text = try String(contentsOf: URL(fileURLWithPath: input), encoding: .utf8)
// A multi-line raw string keeps every byte but carriage returns, which it
// would turn into newlines; a document that has any is refused, not altered.
guard !text.contains("\r") else {
    FileHandle.standardError.write(Data("EmbedText: \(input) has carriage returns; save it with newlines only\n".utf8))
    exit(1)
}
// A raw string whose delimiter, and escapes, cannot occur in the text.
var hashes = "#"
while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
let source = "// Generated from \(URL(fileURLWithPath: input).lastPathComponent) by EmbedText. Do not edit.\n"
    + "let \(name): String = \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)\n"
try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
