import SkillStore

/// An upload to the publish route: the tar reader, then the skills found in
/// the entries it read. An archive the reader accepts is written back with
/// the library's own writer and must read back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTarArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let entries = try? TarArchive.read(bytes) {
        let again = try? TarArchive.read(TarArchive.write(entries))
        precondition(again?.map(\.path) == entries.map(\.path), "a written archive reads back other paths")
        precondition(again?.map(\.bytes) == entries.map(\.bytes), "a written archive reads back other contents")
        for entry in entries { _ = TarArchive.gitLabel(of: entry) }
    }
    if let results = try? SkillBundle.bundles(inArchive: bytes) {
        for case .success(let bundle) in results {
            _ = bundle.archiveEntries(named: "skill", gitLabel: nil)
        }
    }
    return 0
}
