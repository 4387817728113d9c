/// The options every command accepts, before or after its name.
enum GlobalOptions {
    static let db = Option.value(
        "--db", "PATH",
        "the database (default: $SKILLSTORE_DB, else $XDG_DATA_HOME/skillstore/skillstore.db, "
            + "else ~/.local/share/skillstore/skillstore.db)")
    /// Its help ends with the commands that take it, listed from their declarations.
    static let server = Option.value("--server", "URL", "a SkillStore server instead of a database (default: $SKILLSTORE_SERVER)")
    static let token = Option.value("--token", "T", "the token to publish with (default: $SKILLSTORE_TOKEN)")
    static let json = Option.flag("--json", "print data as JSON")
    static let quiet = Option.flag("--quiet", alias: "-q", "no progress or summary lines")
    static let help = Option.flag("--help", alias: "-h", "show help")

    static let all = [db, server, token, json, quiet, help]

    /// Not an option of any command (publish has a --version of its own): `skillctl --version`.
    static let version = Option.flag("--version", "print skillctl's version and the commit it was built from")
    /// The options that stand for a whole run, accepted only without a command.
    static let withoutCommand = [version]
}
