import Foundation

/// A pull, verify or lock problem that is not about a skill's content.
public struct InstallError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }

    /// `cannot write PATH: permission denied`: a file system failure said
    /// plainly, instead of Foundation's `Error Domain=NSCocoaErrorDomain ...`.
    init(cannot action: String, _ path: String, _ error: any Error) {
        self.init("cannot \(action) \(path): \(Self.reason(error))")
    }

    /// What went wrong with a file, in words: the POSIX reason when Foundation
    /// kept one, else what its error code means.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))).lowercased() }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileWriteNoPermission, .fileReadNoPermission: return "permission denied"
        case .fileWriteFileExists: return "a file is in the way"
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
        case .fileWriteOutOfSpace: return "no space left on the device"
        case .fileWriteVolumeReadOnly: return "read-only file system"
        default: return error.localizedDescription
        }
    }
}
