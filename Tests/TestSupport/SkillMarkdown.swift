/// SKILL.md texts for tests.
public enum SkillMarkdown {
    /// Front-matter naming `name` and `description`, then `frontMatter`
    /// lines, then `body`.
    public static func text(name: String, description: String, frontMatter: [String], body: String) -> String {
        "---\nname: \(name)\ndescription: \(description)\n" + frontMatter.map { "\($0)\n" }.joined() + "---\n\n" + body
    }

    /// The smallest valid skill the library and server tests publish: a
    /// version line unless `version` is nil.
    public static func minimal(_ name: String, version: String? = "1.0", body: String = "# Title\n\nText.\n") -> String {
        text(name: name, description: "A skill for tests.", frontMatter: version.map { ["version: \"\($0)\""] } ?? [], body: body)
    }
}

/// A valid SKILL.md for `name`, with optional extra front-matter lines and
/// body, as the command-line tests write it.
public func skillMarkdown(name: String, description: String = "Does one small thing well, for tests.",
                          extraFrontMatter: String = "version: \"1.0\"", body: String = "# Title\n\nSome text.\n") -> String {
    SkillMarkdown.text(name: name, description: description, frontMatter: [extraFrontMatter], body: body)
}
