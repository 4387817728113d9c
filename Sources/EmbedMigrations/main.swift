import Foundation

// Usage: EmbedMigrations OUTPUT.swift 0001_init.sql 0002_....sql ...
// Writes `embeddedMigrations`, the files' names and text in name order.
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: EmbedMigrations OUTPUT FILE...\n".utf8))
    exit(2)
}

var source = "// Generated from migrations/ by EmbedMigrations. Do not edit.\n"
source += "let embeddedMigrations: [(name: String, sql: String)] = [\n"
for path in arguments.dropFirst().sorted() {
    let url = URL(fileURLWithPath: path)
    let sql = try String(contentsOf: url, encoding: .utf8)
    // A raw string whose delimiter cannot occur in the SQL.
    var hashes = "#"
    while sql.contains("\"" + hashes) { hashes += "#" }
    source += "    (name: \"\(url.lastPathComponent)\", sql: \(hashes)\"\"\"\n\(sql)\n\"\"\"\(hashes)),\n"
}
source += "]\n"
try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
