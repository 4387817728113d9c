import Foundation
@testable import SkillStore

/// A lock file (`skills.lock.json`) in a folder someone else wrote: read
/// from disk, as `pull`, `outdated` and `diff` read it. A lock that reads
/// names only skill folders and files inside them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLockFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // fopen, not FileManager.createFile: its atomic write (a temporary
    // file, then a rename) cost most of each run.
    guard let file = fopen(lockPath, "w"), fwrite(data, 1, size, file) == size, fclose(file) == 0 else {
        fatalError("cannot write \(lockPath)")
    }
    if let lock = try? SkillLock.read(at: lockPath) {
        for skill in lock.skills {
            precondition(SkillName.isValid(skill.name) && Namespace.isValid(skill.namespace), "a lock names a bad folder")
            for file in skill.files {
                precondition(!file.path.hasPrefix("/") && !file.path.split(separator: "/").contains(".."), "a lock leaves its folder")
            }
        }
    }
    return 0
}

private let lockPath: String = {
    atexit { unlink(lockPath) }
    return NSTemporaryDirectory() + "skillstore-fuzz-lock-\(getpid())"
}()
