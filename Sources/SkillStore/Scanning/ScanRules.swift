/// Every rule the scanner applies. Ids are part of the output format (JSON,
/// SARIF, stored verdicts later): rename none, add new ones.
public enum ScanRules {
    static let credentialExfiltration = ScanRule(
        id: "credential-exfiltration", severity: .critical,
        explanation: "reads credentials (keys, tokens, browser or keychain secrets) and sends data off the machine")
    static let downloadExecute = ScanRule(
        id: "download-execute", severity: .critical,
        explanation: "downloads code and runs it at once, so what runs is whatever the server sends that day")
    static let obfuscatedPayload = ScanRule(
        id: "obfuscated-payload", severity: .critical,
        explanation: "decodes hidden data (base64, hex, char codes) and runs it, hiding what it does from review")
    static let reverseShell = ScanRule(
        id: "reverse-shell", severity: .critical,
        explanation: "connects a shell to a remote host, handing control of the machine to whoever listens")
    static let persistence = ScanRule(
        id: "persistence", severity: .high,
        explanation: "installs something that runs again later (cron, systemd, shell start-up files, LaunchAgents, SSH keys)")
    static let destructive = ScanRule(
        id: "destructive-command", severity: .critical,
        explanation: "deletes or overwrites the home folder, the system or a disk")
    static let promptInjection = ScanRule(
        id: "prompt-injection", severity: .high,
        explanation: "tells the agent to ignore its user or instructions, hide what it does, or send data away")
    static let hiddenInstructions = ScanRule(
        id: "hidden-instructions", severity: .high,
        explanation: "instructions a reader does not see (HTML comment, invisible Unicode) that the agent still reads")
    static let invisibleCharacters = ScanRule(
        id: "invisible-characters", severity: .medium,
        explanation: "zero-width, bidirectional or tag characters make the text read differently than it runs")
    static let suspiciousDestination = ScanRule(
        id: "suspicious-destination", severity: .medium,
        explanation: "talks to a raw IP address, paste site, webhook collector or link shortener")
    static let dataToSuspiciousDestination = ScanRule(
        id: "exfiltration-endpoint", severity: .high,
        explanation: "sends data to a raw IP address, paste site, webhook collector or link shortener")
    static let wideAllowedTools = ScanRule(
        id: "allowed-tools-wide", severity: .medium,
        explanation: "allowed-tools grants unrestricted shell or every tool, more than the description calls for")
    static let descriptionMismatch = ScanRule(
        id: "description-mismatch", severity: .high,
        explanation: "its scripts collect data about the machine or user and send it out, which the description never mentions")
    static let truncated = ScanRule(
        id: "scan-truncated", severity: .low,
        explanation: "the file is larger than the scanner reads (or has over-long lines); only the first part was scanned")
    static let nulBytes = ScanRule(
        id: "nul-bytes", severity: .medium,
        explanation: "a text or script file holds NUL bytes, which hide text from tools that stop at them; it was scanned without them")

    /// All rules, in the order docs/scan.md lists them.
    public static let all: [ScanRule] = [
        credentialExfiltration, downloadExecute, obfuscatedPayload, reverseShell, persistence, destructive,
        promptInjection, hiddenInstructions, invisibleCharacters, suspiciousDestination, dataToSuspiciousDestination,
        wideAllowedTools, descriptionMismatch, truncated, nulBytes,
    ]
}
