import Foundation

/// What `lstat` says a path is.
enum FileKind: Equatable {
    case missing, file, directory, symlink, other

    init(_ path: String, followingLinks: Bool = false) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
            self = .missing
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symlink
        default: self = .other
        }
    }
}
