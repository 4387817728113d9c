import SkillStore

/// In tests, a skill name written as a literal is that skill of the default
/// namespace, where every fixture publishes unless it names another.
extension SkillKey: ExpressibleByStringLiteral {
    public init(stringLiteral name: String) { self.init(name) }
}
