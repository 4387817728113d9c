import SkillStore

struct CatCommand: Command {
    static let name = "cat"
    static let summary = "Print a blob's exact bytes by id or digest."
    static let discussion = """
        ID is a 16-hex blob id, a full 64-hex SHA-256 digest, or
        sha256:<64 hex>. The bytes are printed exactly as stored, after
        checking that they still hash to the id (exit 1 if they do not).
        With --json, prints the blob's id, digest and size instead of its bytes.
        """
    static let arguments = [Argument("ID")]
    static let worksWithServer = true

    let reference: BlobReference

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let text = try arguments.onlyPositional("blob ID", command: Self.name)
        do {
            reference = try BlobReference(parsing: text)
        } catch {
            throw UsageError(error, command: Self.name)
        }
    }

    func run(_ context: Context) throws -> ExitCode {
        let blob = try context.catalog().blob(reference)
        if context.json {
            context.output.json(BlobInfo(id: blob.id.hex, digest: blob.digest.hex, size: blob.bytes.count))
        } else {
            context.output.write(blob.bytes)
        }
        return .success
    }

    struct BlobInfo: Encodable {
        var id: String
        var digest: String
        var size: Int
    }
}
