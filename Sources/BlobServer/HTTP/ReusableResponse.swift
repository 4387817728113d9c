import Foundation

/// A transport's prepared form of a response that never changes, kept
/// with it so that it is built once. Opaque to the routes.
final class ReusableResponse: @unchecked Sendable {
    // @unchecked: `handle` and `release` are guarded by `lock`.
    private let lock = NSLock()
    private var handle: OpaquePointer?
    private var release: ((OpaquePointer) -> Void)?

    init() {}

    /// The prepared handle, made by `make` (with how to free it) the first time.
    func handle(orMake make: () -> (OpaquePointer, (OpaquePointer) -> Void)?) -> OpaquePointer? {
        lock.withLock {
            if let handle { return handle }
            guard let (made, free) = make() else { return nil }
            handle = made
            release = free
            return made
        }
    }

    deinit {
        if let handle, let release { release(handle) }
    }
}
