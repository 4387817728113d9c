public struct IntegrityReport: Sendable, Codable {
    public var blobsChecked = 0
    public var versionsChecked = 0
    public var problems: [IntegrityProblem] = []
}
