import SkillStore
import SkillStoreAPI

/// `GET /.well-known/agent-skills/index.json`: the latest version of every
/// skill, for tools that discover skills by the Agent Skills Discovery RFC.
/// A skill whose every version is yanked has no latest version and is left out.
struct DiscoveryIndexRoute: Sendable {
    let pool: StorePool

    func register(in router: inout Router) {
        router.add("GET", APIPath.discoveryIndex.pattern) { _, _ in
            let versions = try pool.with { store in
                try store.skills().compactMap { summary -> SkillVersion? in
                    do {
                        return try store.version(of: summary.key)
                    } catch SkillStoreError.notFound {
                        return nil
                    }
                }
            }
            return .json(DiscoveryIndex(versions: versions), headers: [("Cache-Control", "no-cache")])
        }
    }
}
