import Foundation
import SkillStore
import SkillStoreAPI
import Synchronization

/// A publish to a server: the bundles are read and checked here (so that
/// local mistakes are reported with local paths), packed into one tar
/// archive with a top-level folder per skill (`archivePath(of:number:)`),
/// and sent in one request.
struct RemotePublish {
    let sources: [SkillSource]

    func send(to server: RemoteCatalog, version: String?, skipInvalid: Bool, strict: Bool) throws -> PublishReport {
        // One request is one transaction on the server, into one namespace.
        let namespaces = Dictionary(grouping: sources, by: \.namespace)
        guard namespaces.count <= 1, let namespace = namespaces.keys.first ?? Optional(Namespace.defaultName) else {
            let listed = namespaces.keys.sorted().map { "\($0) (\(namespaces[$0]!.count) skills)" }.joined(separator: ", ")
            throw UsageProblem(
                "a publish to a server goes into one namespace, and these skills are in \(namespaces.count): \(listed); "
                    + "publish each pack on its own, or name one with --namespace")
        }
        // A --version that is no label refuses every skill, as a local
        // publish does (the server would read an empty one as absent).
        if let version, VersionLabel.problem(with: version) != nil {
            let refusals = sources.compactMap { source in
                VersionLabel.refusal(of: version, path: source.skillFilePath).map { InputRefused([$0]) }
            }
            guard skipInvalid else { throw InputRefused(refusals.flatMap(\.diagnostics)) }
            var report = PublishReport()
            report.refused = refusals
            return report
        }
        var localPath: [String: String] = [:]  // a skill's path in the archive -> its path here
        // Skills refused here, one entry each: with --skip-invalid the rest
        // is still sent, as a local publish goes on past a refused skill.
        var refusedHere: [InputRefused] = []
        var bundles: [(name: String, bundle: SkillBundle)] = []
        // A skill nested in another's folder travels inside that one's
        // bundle, and the server finds it there as a local publish does:
        // by outer skill, the nested skills' sources and folders within it.
        var nested: [String: [(source: SkillSource, folder: String)]] = [:]
        // A skill is sent inside the outermost folder sent before it on
        // its own whose bundle holds its SKILL.md; else on its own (an outer
        // skill refused here, or a hidden folder its bundle leaves out).
        // Folders are compared by their standardized components: a path
        // given as `a/`, or a folder name opening with a combining mark, is
        // still below `a`.
        let components = sources.map { URL(fileURLWithPath: $0.path).standardizedFileURL.pathComponents }
        var sentOnItsOwn: [[String]: (index: Int, files: Set<String>)] = [:]
        for (index, source) in sources.enumerated() {
            if source.folderName != nil, let (outer, folder) = (1..<max(1, components[index].count)).lazy.compactMap({
                length -> (Int, String)? in
                guard let outer = sentOnItsOwn[Array(components[index].prefix(length))] else { return nil }
                let folder = components[index].dropFirst(length).joined(separator: "/")
                return outer.files.contains(folder + "/SKILL.md") ? (outer.index, folder) : nil
            }).first {
                nested[sources[outer].path, default: []].append((source, folder))
                continue
            }
            let name = Self.archivePath(of: source, number: bundles.count + refusedHere.count + 1)
            if let earlier = localPath[name] {
                refusedHere.append(InputRefused([Diagnostic(
                    path: source.path, location: nil,
                    message: "has the same name as \(earlier); a server publish sends each lone file under its name",
                    code: "name-duplicate")]))
                continue
            }
            do {
                let bundle = try SkillBundle(reading: source)
                bundles.append((name, bundle))
                localPath[name] = source.path
                if source.folderName != nil { sentOnItsOwn[components[index]] = (index, Set(bundle.filePaths)) }
            } catch {
                refusedHere.append(error)
            }
        }
        if !refusedHere.isEmpty && !skipInvalid { throw InputRefused(merging: refusedHere) }
        var report = PublishReport()
        report.refused = refusedHere
        if bundles.isEmpty { return report }

        // git runs a few processes per skill: on every core, as a local publish does.
        let labels = Mutex([GitVersionLabel.Outcome?](repeating: nil, count: bundles.count))
        let nestedLabels = Mutex([[String: GitVersionLabel.Outcome]](repeating: [:], count: bundles.count))
        if version == nil {
            let bundles = bundles
            let nested = nested
            DispatchQueue.concurrentPerform(iterations: bundles.count) { index in
                let label = Self.gitLabel(for: bundles[index].bundle)
                var inner: [String: GitVersionLabel.Outcome] = [:]
                for (source, folder) in nested[bundles[index].bundle.source.path] ?? [] {
                    if let bundle = try? SkillBundle(reading: source), let label = Self.gitLabel(for: bundle) {
                        inner[folder] = label
                    }
                }
                labels.withLock { $0[index] = label }
                nestedLabels.withLock { $0[index] = inner }
            }
        }
        let entries = bundles.enumerated().flatMap { index, item in
            item.bundle.archiveEntries(
                named: item.name, gitLabel: labels.withLock { $0[index] }, nestedGitLabels: nestedLabels.withLock { $0[index] })
        }

        // The server names files by their path in the archive; say them as
        // the paths here.
        func skillPath(of path: String) -> String? {
            localPath.keys.filter { path == $0 || path.utf8.starts(with: ($0 + "/").utf8) }.max { $0.utf8.count < $1.utf8.count }
        }
        func pathHere(_ path: String) -> String {
            guard let skill = skillPath(of: path), let root = localPath[skill] else { return path }
            return path == skill
                ? root : (root as NSString).appendingPathComponent(String(decoding: path.utf8.dropFirst(skill.utf8.count + 1), as: UTF8.self))
        }
        func local(_ diagnostic: Diagnostic) -> Diagnostic {
            var diagnostic = diagnostic
            diagnostic.path = pathHere(diagnostic.path)
            return diagnostic
        }
        let reply: PublishReply
        do {
            reply = try server.publish(
                archive: TarArchive.write(entries), namespace: namespace, version: version, skipInvalid: skipInvalid,
                strict: strict)
        } catch let refused as InputRefused {
            throw InputRefused(refused.diagnostics.map(local), kind: refused.kind)
        }
        report.results = reply.published.map { result in
            var result = result
            result.path = pathHere(result.path)
            // Said with the paths here, as a local publish says them.
            result.warnings = result.warnings?.map(local)
            return result
        }
        // One refusal per skill, as a local publish counts them.
        var bySkill: [(String, [Diagnostic])] = []
        for diagnostic in reply.refused {
            let skill = skillPath(of: diagnostic.path) ?? diagnostic.path
            if let index = bySkill.firstIndex(where: { $0.0 == skill }) {
                bySkill[index].1.append(local(diagnostic))
            } else {
                bySkill.append((skill, [local(diagnostic)]))
            }
        }
        report.refused += bySkill.map { InputRefused($0.1) }
        return report
    }

    /// Where a skill goes in the archive: a lone file at the top under its
    /// name; a folder under a top-level folder of its own, numbered in
    /// publish order (so the server takes the skills in this order), below
    /// up to three of the folders above it here (as far as the first hidden
    /// one, which the server would skip), so that the server names apart
    /// two skills of one name by the same folders a local publish would
    /// (`2/pack/gstack/autoplan`: `gstack-autoplan`). Its place in the pack
    /// travels on its SKILL.md (`SkillBundle.archiveEntries`).
    static func archivePath(of source: SkillSource, number: Int) -> String {
        let components = URL(fileURLWithPath: source.path).standardizedFileURL.pathComponents.filter { $0 != "/" }
        guard source.folderName != nil, let folder = components.last else { return (source.path as NSString).lastPathComponent }
        var path = [folder]
        for parent in components.dropLast().reversed().prefix(3) {
            if parent.hasPrefix(".") { break }
            path.insert(parent, at: 0)
        }
        return ([String(number)] + path).joined(separator: "/")
    }

    /// The git label of a skill that declares no version, derived here as a
    /// local publish would (the server's copy is in no git checkout); nil
    /// when the skill declares one, or cannot be read (the server says why).
    private static func gitLabel(for bundle: SkillBundle) -> GitVersionLabel.Outcome? {
        guard let skillFile = bundle.skillFile,
              let document = try? SkillDocument.parse(skillFile.bytes, path: bundle.source.skillFilePath),
              document.declaredVersion == nil
        else { return nil }
        return bundle.derivedGitLabel()
    }
}
