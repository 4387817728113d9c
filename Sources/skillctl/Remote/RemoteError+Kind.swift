import SkillStore

/// A server's refusal means for the command line what the same refusal by a
/// local store would mean: a 404 is "not found", a 403 "refused", and so on.
extension RemoteError: KindedError {
    var kind: FailureKind {
        switch status {
        case 400: .usage
        case 401: .unauthorized
        case 403: .forbidden
        case 404: .notFound
        case 409: .conflict
        case 413: .tooLarge
        case 415: .unsupportedMediaType
        case 422: .unsafe
        case 503: .busy
        // No answer at all (status 0): the server could not be reached.
        case 0: .problems
        default: .internal
        }
    }
}
