/// The skills of one publish. Each bundle is made when a publish worker
/// reaches it, so publishing 20,000 folders holds a window of them in
/// memory rather than all of them; a bundle that cannot be made is that
/// skill's refusal, as any other.
public struct BundleBatch: Sendable {
    public let count: Int
    private let make: @Sendable (Int) throws(InputRefused) -> SkillBundle

    /// The skills at `sources`, each read from disk when its turn comes.
    init(reading sources: [SkillSource], limits: BundleReader.Limits = .init()) {
        count = sources.count
        make = { index throws(InputRefused) in try SkillBundle(reading: sources[index], limits: limits) }
    }

    /// Bundles already in memory, or why each could not be made.
    public init(_ bundles: [Result<SkillBundle, InputRefused>]) {
        count = bundles.count
        make = { index throws(InputRefused) in try bundles[index].get() }
    }

    public init(_ bundles: [SkillBundle]) {
        self.init(bundles.map { .success($0) })
    }

    func bundle(_ index: Int) throws(InputRefused) -> SkillBundle { try make(index) }
}
