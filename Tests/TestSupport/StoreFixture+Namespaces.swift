import Foundation
import SkillStore

extension StoreFixture {
    /// Writes `<folder>/SKILL.md` for the skill `name` and returns the
    /// folder's path: two packs that ship the same name need two folders.
    @discardableResult
    public func skill(
        _ name: String, in folder: String, version: String? = "1.0", body: String = "# Title\n\nText.\n"
    ) throws -> String {
        try write("\(folder)/SKILL.md", SkillMarkdown.minimal(name, version: version, body: body))
        return temporary.path(folder)
    }

    /// Publishes into `namespace`, as `skillctl publish --namespace` does.
    @discardableResult
    public func publish(_ paths: [String], namespace: String, version: String? = nil) throws -> PublishReport {
        var options = PublishOptions()
        options.publisher = "tester"
        options.version = version
        return try store.publish(try SkillSource.discover(paths, namespace: namespace), options: options)
    }
}
