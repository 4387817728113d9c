extension SkillDocument {
    /// The whole front-matter as JSON text (map keys sorted), every key the
    /// author wrote: what the MCP Skills extension hands to agents verbatim.
    /// An empty object when the file has no front-matter.
    public var frontMatterJSON: String { frontMatter.jsonText() }
}
