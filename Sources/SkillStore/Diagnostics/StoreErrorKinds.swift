// The kinds of the library's own errors, in one place so that the exit
// statuses and HTTP statuses they lead to can be read together.

extension SkillStoreError: KindedError {
    public var kind: FailureKind {
        switch self {
        case .notFound: .notFound
        case .databaseMissing, .notASkillStore, .newerStore: .storeUnavailable
        case .corrupt: .corrupt
        }
    }
}

extension UsageProblem: KindedError {
    public var kind: FailureKind { .usage }
}

extension SQLiteError: KindedError {
    public var kind: FailureKind { isBusy ? .busy : .internal }
}

extension InstallError: KindedError {
    public var kind: FailureKind { .problems }
}
