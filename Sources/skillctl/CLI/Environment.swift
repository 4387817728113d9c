import Foundation

/// The environment variables a command reads, each looked up when it is
/// asked for (`getenv`).
///
/// Not `ProcessInfo.processInfo.environment`: that one sets up Foundation's
/// process information and copies every variable into a dictionary, about
/// 0.1 ms of CPU in `skillctl versions NAME`, which reads one or two
/// variables (docs/benchmarks.md, Start-up). A variable set twice reads as
/// its first value, as for getenv; there is no other difference.
struct Environment {
    /// Variables set aside for this run: they read as unset.
    private var setAside: [String] = []

    /// The variable's value, nil when it is unset or set aside.
    subscript(name: String) -> String? {
        guard !setAside.contains(name), let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Sets the variable aside for the rest of the run, returning its value.
    mutating func removeValue(forKey name: String) -> String? {
        let value = self[name]
        setAside.append(name)
        return value
    }
}
