/// An error that knows what kind of failure it is.
public protocol KindedError: Error {
    var kind: FailureKind { get }
}
