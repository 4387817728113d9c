/// What kind of failure an error is, whoever reports it: skillctl turns it
/// into an exit status, the server into an HTTP status. Errors carry their
/// kind (`KindedError`), so neither has to guess it from a message or a
/// diagnostic's code.
public enum FailureKind: Sendable, Equatable, CaseIterable {
    /// The request itself is wrong: a bad argument or option.
    case usage
    /// A name that several namespaces hold, asked for without one.
    case ambiguous
    /// A skill, version, blob or file that does not exist.
    case notFound
    /// No database at the path, a file that is not a SkillStore database,
    /// or a store a newer SkillStore migrated: for the command line that is
    /// "not found"; for a server it is its operator's problem, not the
    /// client's.
    case storeUnavailable
    /// Input that was refused; nothing was changed.
    case refused
    /// Input refused because the caller may not do this (a token's scope).
    case forbidden
    /// The caller did not say who it is, or not convincingly.
    case unauthorized
    /// Input refused because it clashes with what is stored (a blob id taken by other bytes).
    case conflict
    /// Input refused because the safety scan found something at or above
    /// the severity the publisher or server refuses (`--refuse-risky`), or
    /// a pull refused for the same reason (`--allow-risky` overrides it).
    case unsafe
    /// Input over a size limit.
    case tooLarge
    /// Input of a type that is not accepted.
    case unsupportedMediaType
    /// Another writer holds the database; trying again later can succeed.
    case busy
    /// Stored bytes that no longer hash to their id.
    case corrupt
    /// The operation ran and failed for a reason none of the above names.
    case problems
    /// A failure nobody planned for.
    case `internal`
}

extension FailureKind {
    /// skillctl's exit status: 1 problems found, 2 usage error, 3 not found, 4 input refused.
    public var exitCode: Int32 {
        switch self {
        case .usage, .ambiguous: 2
        case .notFound, .storeUnavailable: 3
        case .refused, .forbidden, .unauthorized, .conflict, .tooLarge, .unsupportedMediaType: 4
        case .busy, .corrupt, .problems, .internal, .unsafe: 1
        }
    }

    /// The HTTP status a server answers with.
    public var httpStatus: Int {
        switch self {
        case .usage, .refused: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .conflict, .ambiguous: 409
        case .tooLarge: 413
        case .unsafe: 422
        case .unsupportedMediaType: 415
        case .busy: 503
        case .storeUnavailable, .corrupt, .problems, .internal: 500
        }
    }
}
