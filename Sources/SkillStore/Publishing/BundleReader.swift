import Foundation

/// Reads a skill's files from disk, refusing what must not be published:
/// symlinks that point outside the skill folder (or at folders), special
/// files (devices, sockets, FIFOs), names that are not UTF-8, and files or
/// bundles over the size limits. Hidden entries (names starting with `.`)
/// are not part of a bundle.
public struct BundleReader: Sendable {
    public struct Limits: Sendable {
        /// The largest file accepted (default 4 MiB).
        var maxFileSize = 4 << 20
        /// The largest bundle accepted, all files together (default 64 MiB).
        var maxBundleSize = 64 << 20
        /// The most files a bundle may hold (default 10,000).
        var maxFiles = 10_000

        public init() {}

        /// A file of `size` bytes over the limit.
        func sizeProblem(_ size: Int, at path: String) -> Diagnostic? {
            guard size > maxFileSize else { return nil }
            return Diagnostic(
                path: path, location: nil, message: "file is \(size) bytes; the limit is \(maxFileSize) bytes",
                code: "file-too-large")
        }

        /// A bundle whose files, up to the one at `path`, add up to `total` bytes.
        func totalProblem(_ total: Int, at path: String) -> Diagnostic? {
            guard total > maxBundleSize else { return nil }
            return Diagnostic(
                path: path, location: nil, message: "the bundle is over \(maxBundleSize) bytes", code: "bundle-too-large")
        }

        /// A bundle holding `count` files once the one at `path` is counted.
        func countProblem(_ count: Int, at path: String) -> Diagnostic? {
            guard count > maxFiles else { return nil }
            return Diagnostic(
                path: path, location: nil, message: "the bundle holds more than \(maxFiles) files", code: "bundle-too-large")
        }
    }

    /// A file or folder name a bundle may not hold (`path` names it in the diagnostic).
    static func nameProblem(_ name: some StringProtocol, at path: String) -> Diagnostic? {
        guard !name.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != 0x5C }) else { return nil }
        return Diagnostic(
            path: path, location: nil, message: "file names with control characters or backslashes are not published",
            code: "path-invalid")
    }

    var limits: Limits

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Every file of the bundle, `SKILL.md` first and the rest in path order.
    public func read(_ source: SkillSource) throws(InputRefused) -> [BundleFile] {
        switch source.kind {
        case .file:
            return [try readFile(at: source.path, as: "SKILL.md", displayPath: source.path)]
        case .folder:
            guard let root = realPath(source.path) else {
                throw InputRefused([Diagnostic(path: source.path, location: nil, message: "cannot resolve folder", code: "path-missing")])
            }
            var files: [BundleFile] = []
            var problems: [Diagnostic] = []
            var total = 0
            walk(folder: source.path, realRoot: root, relative: "", into: &files, problems: &problems, total: &total)
            guard problems.isEmpty else { throw InputRefused(problems) }
            files.sort(by: BundleFile.manifestOrder)
            return files
        }
    }

    private func walk(
        folder: String, realRoot: String, relative: String,
        into files: inout [BundleFile], problems: inout [Diagnostic], total: inout Int
    ) {
        guard let (entries, undecodable) = Self.directoryEntries(folder) else {
            problems.append(Diagnostic(path: folder, location: nil, message: "cannot read folder", code: "io"))
            return
        }
        for raw in undecodable where raw.first != 0x2E {
            let shown = raw.map { $0 < 0x80 && $0 >= 0x20 ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }.joined()
            problems.append(Diagnostic(
                path: (folder as NSString).appendingPathComponent(shown), location: nil,
                message: "file name is not UTF-8; rename it to publish", code: "path-invalid"))
        }
        for name in entries.sorted() where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            func refuse(_ message: String, _ code: String) {
                problems.append(Diagnostic(path: path, location: nil, message: message, code: code))
            }
            if let problem = Self.nameProblem(name, at: path) {
                problems.append(problem)
                continue
            }
            switch FileKind(path) {
            case .directory:
                walk(folder: path, realRoot: realRoot, relative: relativePath, into: &files, problems: &problems, total: &total)
            case .file:
                append(path, relativePath)
            case .symlink:
                guard let target = realPath(path) else {
                    refuse("symlink points at nothing", "symlink-dangling")
                    continue
                }
                guard target.hasPrefix(realRoot + "/") else {
                    refuse("symlink points outside the skill folder", "symlink-escape")
                    continue
                }
                guard FileKind(target) == .file else {
                    refuse("symlink points at something other than a file", "symlink-kind")
                    continue
                }
                append(path, relativePath)
            case .other:
                refuse("special files (devices, sockets, FIFOs) are not published", "special-file")
            case .missing:
                refuse("vanished while being read", "io")
            }
            if let problem = limits.countProblem(files.count, at: path) {
                problems.append(problem)
                return
            }
        }

        func append(_ path: String, _ relativePath: String) {
            do {
                let file = try readFile(at: path, as: relativePath, displayPath: path)
                total += file.bytes.count
                if let problem = limits.totalProblem(total, at: path) {
                    problems.append(problem)
                    return
                }
                files.append(file)
            } catch {
                problems += error.diagnostics
            }
        }
    }

    private func readFile(at path: String, as relativePath: String, displayPath: String) throws(InputRefused) -> BundleFile {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw InputRefused([Diagnostic(
                path: displayPath, location: nil, message: "cannot open: \(String(cString: strerror(errno)))", code: "io")])
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw InputRefused([Diagnostic(path: displayPath, location: nil, message: "not a regular file", code: "special-file")])
        }
        let size = Int(info.st_size)
        if let problem = limits.sizeProblem(size, at: displayPath) { throw InputRefused([problem]) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + filled, size - filled)
            }
            guard count > 0 else { break }
            filled += count
        }
        guard filled == size else {
            throw InputRefused([Diagnostic(path: displayPath, location: nil, message: "file changed while being read", code: "io")])
        }
        let executable = info.st_mode & S_IXUSR != 0
        return BundleFile(path: relativePath, bytes: bytes, executable: executable)
    }

    /// The names in `folder`, read as bytes: those that are UTF-8, and those
    /// that are not (Foundation would decode these lossily, naming a file
    /// that does not exist).
    static func directoryEntries(_ folder: String) -> ([String], [[UInt8]])? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        var undecodable: [[UInt8]] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                Array(buffer.prefix { $0 != 0 })
            }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                names.append(name)
            } else {
                undecodable.append(bytes)
            }
        }
        return (names, undecodable)
    }

    private func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
