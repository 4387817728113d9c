/// An Aho-Corasick automaton over bytes: one pass over a line finds where
/// every one of several hundred literal patterns first occurs, instead of a
/// search per pattern. The automaton is a full table of transitions (no
/// failure links followed while matching), so each byte of input costs one
/// lookup plus the patterns that end there: linear in the line, whatever it
/// holds.
struct LiteralAutomaton: Sendable {
    /// Where one pattern first occurs on a line, as byte offsets of its start.
    struct Hit: Sendable {
        var pattern: Int32
        var first: Int32
        /// The first occurrence standing alone (no letter, digit or `_` on
        /// either side), or -1.
        var firstWord: Int32
    }

    let patterns: [[UInt8]]
    private let patternLengths: [Int]
    private let idsByPattern: [String: Int32]
    /// Bytes that occur in no pattern share class 0, which always leads back
    /// to the root: the table needs a column per class, not per byte.
    private let byteClass: [UInt8]
    private let classCount: Int
    /// `transitions[state * classCount + class]`: the next state. States
    /// are numbered breadth first, so that the shallow ones, where most
    /// text keeps the automaton, share cache lines; and they fit 16 bits,
    /// which halves the table.
    private let transitions: [UInt16]
    /// The patterns that end at a state are `outputs[outputStart[state]..<outputStart[state + 1]]`.
    private let outputStart: [Int32]
    private let outputs: [Int32]

    /// Builds the automaton over `patterns` (duplicates and empty ones are
    /// ignored); a pattern's id is its first position in the list.
    init(patterns strings: [String]) {
        var ids: [String: Int32] = [:]
        var patterns: [[UInt8]] = []
        for string in strings where !string.isEmpty && ids[string] == nil {
            ids[string] = Int32(patterns.count)
            patterns.append(Array(string.utf8))
        }
        self.patterns = patterns
        patternLengths = patterns.map(\.count)
        idsByPattern = ids

        var byteClass = [UInt8](repeating: 0, count: 256)
        var classCount = 1
        for pattern in patterns {
            for byte in pattern where byteClass[Int(byte)] == 0 {
                byteClass[Int(byte)] = UInt8(classCount)
                classCount += 1
            }
        }
        precondition(classCount <= 256)

        // The trie: -1 where a state has no child for a class yet.
        var transitions = [Int32](repeating: -1, count: classCount)
        var ending: [[Int32]] = [[]]
        for (id, pattern) in patterns.enumerated() {
            var state = 0
            for byte in pattern {
                let slot = state * classCount + Int(byteClass[Int(byte)])
                if transitions[slot] < 0 {
                    transitions[slot] = Int32(ending.count)
                    transitions += [Int32](repeating: -1, count: classCount)
                    ending.append([])
                }
                state = Int(transitions[slot])
            }
            ending[state].append(Int32(id))
        }

        // Breadth first, each state's missing transitions become those of
        // its failure state (the longest proper suffix that is a trie state),
        // and it inherits the patterns that end there.
        var failure = [Int32](repeating: 0, count: ending.count)
        var queue: [Int] = []
        for byteClassIndex in 0..<classCount {
            let child = transitions[byteClassIndex]
            if child < 0 {
                transitions[byteClassIndex] = 0
            } else {
                queue.append(Int(child))
            }
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            let fallback = Int(failure[state])
            ending[state] += ending[fallback]
            for byteClassIndex in 0..<classCount {
                let slot = state * classCount + byteClassIndex
                let next = transitions[fallback * classCount + byteClassIndex]
                if transitions[slot] < 0 {
                    transitions[slot] = next
                } else {
                    failure[Int(transitions[slot])] = next
                    queue.append(Int(transitions[slot]))
                }
            }
        }

        let order = [0] + queue
        precondition(order.count <= Int(UInt16.max), "too many automaton states for 16-bit transitions")
        var renumbered = [Int](repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { renumbered[old] = new }
        var compact = [UInt16](repeating: 0, count: order.count * classCount)
        var outputStart: [Int32] = [0]
        var outputs: [Int32] = []
        for (new, old) in order.enumerated() {
            for byteClassIndex in 0..<classCount {
                compact[new * classCount + byteClassIndex] = UInt16(renumbered[Int(transitions[old * classCount + byteClassIndex])])
            }
            outputs += ending[old]
            outputStart.append(Int32(outputs.count))
        }
        self.byteClass = byteClass
        self.classCount = classCount
        self.transitions = compact
        self.outputStart = outputStart
        self.outputs = outputs
    }

    /// The id of `pattern`, or nil when the automaton was not built with it.
    func id(of pattern: String) -> Int32? { idsByPattern[pattern] }

    /// Every pattern found in `bytes`, with its first occurrence, in the
    /// order their first occurrences end.
    func hits(in bytes: [UInt8]) -> [Hit] {
        var hits: [Hit] = []
        guard !bytes.isEmpty else { return hits }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: patterns.count) { slotOfPattern in
            // The index in `hits` of each pattern already seen, or -1.
            slotOfPattern.initialize(repeating: -1)
            bytes.withUnsafeBufferPointer { input in
                transitions.withUnsafeBufferPointer { transitions in
                    outputStart.withUnsafeBufferPointer { outputStart in
                        outputs.withUnsafeBufferPointer { outputs in
                            byteClass.withUnsafeBufferPointer { byteClass in
                            patternLengths.withUnsafeBufferPointer { patternLengths in
                                var state = 0
                                for end in 0..<input.count {
                                    state = Int(transitions[state &* classCount &+ Int(byteClass[Int(input[end])])])
                                    let firstOutput = Int(outputStart[state]), lastOutput = Int(outputStart[state &+ 1])
                                    guard firstOutput < lastOutput else { continue }
                                    for output in firstOutput..<lastOutput {
                                        let pattern = outputs[output]
                                        let start = end + 1 - patternLengths[Int(pattern)]
                                        let before = start == 0 ? 0x20 : input[start - 1]
                                        let after = end + 1 < input.count ? input[end + 1] : 0x20
                                        let standsAlone = !ScanLine.isWordByte(before) && !ScanLine.isWordByte(after)
                                        let slot = Int(slotOfPattern[Int(pattern)])
                                        if slot < 0 {
                                            slotOfPattern[Int(pattern)] = Int32(hits.count)
                                            hits.append(Hit(pattern: pattern, first: Int32(start),
                                                            firstWord: standsAlone ? Int32(start) : -1))
                                        } else if standsAlone && hits[slot].firstWord < 0 {
                                            hits[slot].firstWord = Int32(start)
                                        }
                                    }
                                }
                            }
                            }
                        }
                    }
                }
            }
        }
        return hits
    }
}
