import Foundation
import SkillStore

/// A store in a temporary folder holding three small skills (rules,
/// claims, links, two versions of one), made once per fuzzing process.
/// Nothing a target sends writes to it, so every input meets the same store
/// and a crash replays from its input alone. Unchecked: libFuzzer calls a
/// target from one thread, the only one that uses the store's connection.
public final class FuzzStore: @unchecked Sendable {
    public static let shared = FuzzStore()

    public let folder: String
    public let databasePath: String
    public let store: SkillStore

    private init() {
        folder = NSTemporaryDirectory() + "skillstore-fuzz-\(getpid())"
        databasePath = folder + "/store.db"
        do {
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            store = try SkillStore(path: databasePath)
            for (index, skill) in Self.skills.enumerated() {
                let skillFolder = folder + "/skills/\(index)/" + skill.name
                try FileManager.default.createDirectory(atPath: skillFolder, withIntermediateDirectories: true)
                for version in skill.versions {
                    try Data(Self.markdown(skill.name, version: version, body: skill.body).utf8)
                        .write(to: URL(fileURLWithPath: skillFolder + "/SKILL.md"))
                    var options = PublishOptions()
                    options.publisher = "fuzz"
                    _ = try store.publish(try SkillSource.discover([skillFolder]), options: options)
                }
            }
        } catch {
            fatalError("cannot make the fuzzing store in \(folder): \(error)")
        }
        // The folder goes when the process ends, however libFuzzer ends it.
        atexit { try? FileManager.default.removeItem(atPath: FuzzStore.shared.folder) }
    }

    static func markdown(_ name: String, version: String, body: String) -> String {
        "---\nname: \(name)\ndescription: A skill the fuzzing targets search and serve.\nversion: \"\(version)\"\n"
            + "metadata:\n  sources: \"https://example.org/guide\"\n---\n\n" + body
    }

    static let skills: [(name: String, versions: [String], body: String)] = [
        ("dough-rules", ["1.0", "1.1"], """
            # Dough rules

            ## Mixing

            1. R1. Weigh the flour before the water (*measured*).
            2. **R2** Rest the dough for thirty minutes; see [the guide](https://example.org/guide#rest).

            The dough rises faster when warm (*judgement*). It doubles in four hours at 24 C (*measured*).

            ## Baking

            Follow rule R1 of dough-rules and read [oven-notes](../oven-notes/SKILL.md).
            """),
        ("oven-notes", ["2.0"], """
            # Oven notes

            | Heat | Time |
            |------|------|
            | 250 C | 20 min |

            - [ ] Preheat the stone for an hour (*unverified*).
            - Steam ~~never~~ always helps the crust [^1].

            [^1]: Seen in every bake this week.
            """),
        ("storage", ["0.1"], "# Storage\n\nKeep bread in a paper bag; plastic softens the crust (*derived*).\n"),
    ]
}
