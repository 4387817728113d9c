/// Which claims to list: every given condition must hold.
public struct ClaimFilter: Sendable, Equatable {
    public var label: ClaimLabel?
    /// Text contained (any case) in one of the claim's headings.
    public var section: String?
    /// A rule id such as `R6`.
    public var rule: String?

    public init(label: ClaimLabel? = nil, section: String? = nil, rule: String? = nil) {
        self.label = label
        self.section = section
        self.rule = rule?.uppercased()
    }
}
