/// What a row of the full-text index is, packed into its rowid so that
/// filters on kind, owner and contents are arithmetic, never a read of the
/// row (layout in migrations/0003_search.sql).
///
/// The owner is the top field and rows are written in rowid order, so a
/// publish appends to FTS5's pending terms: a rowid lower than the last one
/// written makes FTS5 flush them to a new segment, which at one flush per
/// skill made a 20,000-skill publish eight times slower.
struct SearchRowID: Equatable {
    /// What a section holds: the labels of its claims, and whether it has rules.
    struct Contents: Equatable, Sendable {
        /// The labels as their bits: a publish adds one per claim, and a bit
        /// is cheaper to set than a label's name is to hash into a set.
        private var labelBits = 0
        var hasRules = false

        var labels: Set<ClaimLabel> {
            get { Set(SearchRowID.labelOrder.filter { labelBits & SearchRowID.bit(of: $0) != 0 }) }
            set { labelBits = newValue.reduce(0) { $0 | SearchRowID.bit(of: $1) } }
        }

        var bits: Int {
            labelBits | (hasRules ? 1 << SearchRowID.labelOrder.count : 0)
        }

        init() {}

        init(bits: Int) {
            labelBits = bits & ((1 << SearchRowID.labelOrder.count) - 1)
            hasRules = bits & (1 << SearchRowID.labelOrder.count) != 0
        }

        mutating func insert(_ label: ClaimLabel) {
            labelBits |= SearchRowID.bit(of: label)
        }
    }

    static let contentsBits = 7
    static let ordinalBits = 20
    static let kindBits = 3
    static let ownerBits = 32
    static let ordinalShift = contentsBits
    static let kindShift = ordinalShift + ordinalBits
    static let ownerShift = kindShift + kindBits
    static let ownerMask = (1 << ownerBits) - 1
    /// Rows of one kind one owner may have; further sections are not indexed.
    static let maxOrdinal = (1 << ordinalBits) - 1

    var kind: SearchKind
    var owner: Int
    var ordinal: Int
    var contents: Contents

    var rawValue: Int64 {
        Int64(owner << Self.ownerShift | kind.code << Self.kindShift | ordinal << Self.ordinalShift | contents.bits)
    }

    init(kind: SearchKind, owner: Int, ordinal: Int, contents: Contents = Contents()) {
        precondition(owner >= 0 && owner <= Self.ownerMask && ordinal >= 0 && ordinal <= Self.maxOrdinal)
        self.kind = kind
        self.owner = owner
        self.ordinal = ordinal
        self.contents = contents
    }

    init?(_ rawValue: Int64) {
        let value = Int(rawValue)
        guard let kind = SearchKind(code: (value >> Self.kindShift) & ((1 << Self.kindBits) - 1)) else { return nil }
        self.kind = kind
        owner = (value >> Self.ownerShift) & Self.ownerMask
        ordinal = (value >> Self.ordinalShift) & Self.maxOrdinal
        contents = Contents(bits: value & ((1 << Self.contentsBits) - 1))
    }

    /// Every rowid of `owner`'s rows of the given kinds, as one range: the
    /// kinds must be consecutive codes (skill and section, or source).
    static func range(of kinds: ClosedRange<Int>, owner: Int) -> ClosedRange<Int64> {
        let base = owner << ownerShift
        return Int64(base | kinds.lowerBound << kindShift)...Int64(base | (kinds.upperBound + 1) << kindShift - 1)
    }

    /// The kind codes of a skill version's rows, and of a source's.
    static let versionKinds = SearchKind.skill.code...SearchKind.section.code
    static let sourceKinds = SearchKind.source.code...SearchKind.source.code

    /// SQL for the parts of the search table's `rowid`.
    static let ownerSQL = "(search.rowid >> \(ownerShift))"
    static let kindSQL = "((search.rowid >> \(kindShift)) & \((1 << kindBits) - 1))"
    static let contentsSQL = "(search.rowid & \((1 << contentsBits) - 1))"

    /// The order of the label bits.
    static let labelOrder: [ClaimLabel] = [.measured, .derived, .judgement, .unverified, .cited, .unlabelled]

    static func bit(of label: ClaimLabel) -> Int {
        1 << (labelOrder.firstIndex(of: label) ?? 0)
    }
}

extension SearchKind {
    /// The kind's code in a rowid. Rules and claims have no rows of their
    /// own: they are found inside section rows.
    var code: Int {
        switch self {
        case .skill: 1
        case .section: 2
        case .rule: 3
        case .claim: 4
        case .source: 5
        }
    }

    init?(code: Int) {
        guard let kind = SearchKind.allCases.first(where: { $0.code == code }) else { return nil }
        self = kind
    }
}
