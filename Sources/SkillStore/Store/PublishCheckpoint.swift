/// A moment inside a publish (`PublishOptions.checkpoint`).
public enum PublishCheckpoint: String, Sendable {
    /// Every row is written; the transaction has not committed.
    case beforeCommit = "before-commit"
    /// The transaction has committed.
    case committed
}
