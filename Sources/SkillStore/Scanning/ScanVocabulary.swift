/// The words the rules look for, as data: adding a paste site or a
/// credential path is an edit here, not to a detector.
enum ScanVocabulary {
    // MARK: Teaching context

    /// Headings of sections that show attacks to recognise, not to run.
    static let teachingHeadings = [
        "red flag", "malicious", "attack", "threat", "detect", "anti-pattern", "antipattern", "what not to do",
        "don't", "do not", "never", "dangerous", "bad example", "examples of", "indicator", "ioc", "vulnerab",
        "exploit", "insecure", "pitfall", "warning sign", "suspicious", "audit", "forensic", "incident",
        "signature", "known bad", "avoid", "unsafe", "risky", "scam", "phishing", "injection",
    ]
    /// Words in prose that mark it (and a code block right after it) as
    /// describing an attack.
    static let teachingProse = [
        "attacker", "malicious", "malware", "red flag", "warning sign", "indicator", "example of", "examples of",
        "look for", "watch for", "beware", "detect", "never run", "do not run", "don't run", "dangerous",
        "phishing", "threat", "vulnerab", "exploit", "suspicious", "flagged", "should be flag", "insecure",
        "anti-pattern", "antipattern", "common attack", "attack", "adversar", "bad:", "❌", "unsafe", "reject",
        "pattern like", "patterns like", "such as", "e.g.", "for instance", "classif", "jailbreak", "injection",
        "untrusted", "if a skill", "if the skill", "if a document", "if content", "tells you to", "asks you to",
        "trying to", "tries to", "instructs the agent to", "would ", "could ", "scanner", "payload",
    ]
    /// Fence languages that mark a block as sample text, not commands.
    static let teachingFenceLanguages: Set<String> = ["text-malicious", "malicious", "bad", "example-bad", "yara", "sigma", "diff"]
    /// Words in code that mark a line as a detection rule or test data.
    static let detectionCode = [
        "re.compile", "regex", "pattern", "grep -e", "grep -q", "grep -i", "rg ", "signature", "ioc", "indicator",
        "detect", "yara", "sigma", "rule", "suspicious", "malicious", "blocklist", "denylist", "blacklist",
        "assert", "expect(", "test_", "should_flag", "red_flag", "dangerous",
    ]

    static func isTeachingHeading(_ line: ScanLine) -> Bool { line.has(.teachingHeadings) }
    static func isTeachingProse(_ line: ScanLine) -> Bool { line.has(.teachingProse) }
    static func isDetectionCode(_ line: ScanLine) -> Bool { line.has(.detectionCode) }

    // MARK: Commands

    static let fetchers = [
        "curl", "wget", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "downloadstring", "downloadfile",
        "urlopen", "requests.get", "httpx.get", "fetch", "urllib", "net.webclient", "certutil", "bitsadmin",
    ]
    static let interpreters: Set<String> = [
        "sh", "bash", "zsh", "dash", "ksh", "fish", "python", "python2", "python3", "perl", "ruby", "node", "php",
        "iex", "invoke-expression", "pwsh", "powershell", "source", "deno", "bun", "/bin/sh", "/bin/bash",
        "/usr/bin/env", "osascript", "tclsh", "lua",
    ]
    static let decoders = [
        "base64 -d", "base64 --decode", "base64 -di", "b64decode", "atob(", "frombase64string",
        "xxd -r", "xxd -p -r", "bytes.fromhex", "fromhex(", "fromcharcode", "unhexlify", "codecs.decode",
        "zlib.decompress", "marshal.loads", "rot13", "buffer.from(", "decodestring", "openssl enc -d",
        "openssl base64 -d", "[convert]::", "gzip -d", "gunzip", "-encodedcommand", "-enc ", "bytes([",
        "chr(", "\\x",
    ]
    static let codeRunners = [
        "exec(", "new function(", "os.system(", "popen(", "execsync(", "sh -c", "bash -c", "compile(", "__import__",
        "runpy", "-encodedcommand",
    ]

    // MARK: Credentials and sending

    /// Reading any of these is reading secrets outright.
    static let strongCredentialSources = [
        "~/.ssh", "$home/.ssh", "${home}/.ssh", ".ssh/id_", "id_rsa", "id_ed25519", "id_ecdsa", ".aws/credentials",
        "~/.aws", "$home/.aws", ".config/gcloud", "application_default_credentials", ".azure/", ".kube/config",
        ".docker/config.json", ".git-credentials", ".netrc", ".npmrc", ".pypirc", "login data", "cookies.sqlite",
        "logins.json", "key4.db", "chrome/user data", "google/chrome/default", "google-chrome/default", ".mozilla/firefox",
        "brave-browser/default", "library/keychains", "login.keychain",
        "find-generic-password", "find-internet-password", "dump-keychain", "printenv",
        "dict(os.environ)", "json.dumps(os.environ", "str(os.environ", "{**os.environ",
        "json.stringify(process.env)", "object.entries(process.env)", "get-childitem env:", "gci env:", "ls env:",
        "wallet.dat", "exodus/",
        "metamask", "solana/id.json", ".bitcoin/", ".electrum", "/etc/shadow", ".bash_history", ".zsh_history",
        ".gnupg/", "discord/local storage",
    ]
    /// Reading these is normal; sending them to a stranger is not.
    static let weakCredentialSources = [
        "token", "secret", "api_key", "apikey", "api-key", "password", "passwd", "credential", "access_key",
        "private", ".env", "auth", "session", "cookie",
    ]
    /// Clients that send data out when given a data flag.
    static let networkClients = ["curl", "wget", "invoke-webrequest", "invoke-restmethod", "iwr", "irm"]
    static let dataFlags = [
        " -d ", " -d\"", " -d'", " -d@", "--data", " -f ", "--form", " -t ", "--upload-file", "-x post",
        "--request post", "-x put", "-method post", "-method put", "--post-data", "--post-file", " -body ",
    ]
    /// Calls that carry data out of the machine by themselves.
    static let senders = [
        "requests.post", "requests.put", "httpx.post", "session.post", "axios.post", "method: 'post'",
        "method: \"post\"", "method:'post'", "method:\"post\"", "uploadstring", "uploadfile", "uploaddata",
        "smtplib", "sendmail", "socket.send", ".sendall(", "scp ", "ftplib", "urlopen(req", "http.request(",
        "https.request(", "xmlhttprequest", "navigator.sendbeacon", "sendmessage", "dnscat", "nslookup $", "dig $",
        "urllib.request.request(", "request.urlopen(", "net.webclient", "tcpclient", "| nc ", "| ncat ",
        "| netcat ", "| curl", "| wget",
    ]

    // MARK: Destinations

    static let pasteHosts = [
        "pastebin.com", "paste.ee", "hastebin.com", "ghostbin", "rentry.co", "rentry.org", "termbin.com",
        "transfer.sh", "0x0.st", "file.io", "dpaste", "paste.rs", "ix.io", "sprunge.us", "controlc.com",
        "privatebin", "justpaste.it", "anonfiles", "gofile.io", "catbox.moe", "temp.sh", "bashupload.com",
    ]
    static let collectorHosts = [
        "webhook.site", "requestbin", "pipedream.net", "ngrok.io", "ngrok-free.app", "ngrok.app", "interact.sh",
        "oast.", "burpcollaborator", "canarytokens", "discord.com/api/webhooks", "discordapp.com/api/webhooks",
        "api.telegram.org/bot", "hookbin", "beeceptor", "requestcatcher", "trycloudflare.com", "serveo.net",
        "localtunnel.me", "loca.lt", "dnslog", "ceye.io", "postb.in", "mockbin",
    ]
    static let shorteners = [
        "bit.ly", "tinyurl.com", "goo.gl", "is.gd", "cutt.ly", "rb.gy", "t.ly", "shorturl.at", "ow.ly",
        "buff.ly", "rebrand.ly", "tiny.cc", "v.gd", "s.id", "t.co/",
    ]

    // MARK: Prompt injection

    /// Telling the agent to drop its instructions or hide from its user.
    static let injectionPhrases = [
        "ignore all previous instructions", "ignore previous instructions", "ignore the previous instructions",
        "ignore prior instructions", "ignore all prior", "ignore your instructions", "ignore all instructions",
        "ignore the user", "ignore any instructions", "ignore the above", "ignore your system prompt",
        "ignore the system prompt", "ignore any previous", "ignore your previous", "ignore what the user",
        "disregard all previous", "disregard previous", "disregard the user", "disregard your",
        "disregard any previous", "disregard prior", "disregard the above", "forget your instructions",
        "forget all previous", "forget everything above", "override your instructions",
        "new system prompt", "you are now in developer mode", "developer mode enabled", "system override",
        "do not tell the user", "don't tell the user", "do not inform the user", "don't inform the user",
        "without telling the user", "without informing the user", "without the user knowing",
        "without the user's knowledge", "without the user’s knowledge", "without user knowledge",
        "without alerting the user", "without notifying the user", "never tell the user", "hide this from the user",
        "hide it from the user", "keep this hidden from", "keep this secret from", "the user must not know",
        "the user should not know", "user must never know", "do not let the user know", "don't let the user know", "exfiltrate",
    ]
    /// Secrecy words that are harmless alone ("fail silently") but not next
    /// to sending, credentials or running things.
    static let secrecyWords = [
        "secretly", "quietly", "covertly", "without the user noticing", "behind the user",
    ]
    static let sensitiveActions = [
        "send", "upload", "curl", "wget", "credential", ".ssh", ".env", ".aws", "environment variables", "webhook",
        "private key", "wallet", "keychain", "exfil", "transmit", "forward",
    ]
    /// Words that address an agent in a hidden comment.
    static let agentAddress = [
        "assistant", "ai agent", "agent:", "claude:", "claude,", "llm", "the model", "copilot", "you must", "you should",
        "you will", "important:", "system:",
    ]
    static let hiddenActions = [
        "execute", "curl", "wget", "send ", "upload", "exfil", "ignore", "credential", "password", ".ssh", ".env",
        ".aws", "base64", "silently", "secretly", "do not tell", "don't tell", "without telling", "read ~", "cat ~",
    ]

    // MARK: Descriptions

    /// A description with none of these does not announce network use.
    static let networkWords = [
        "api", "http", "web", "url", "upload", "download", "fetch", "send", "post", "server", "cloud", "sync",
        "remote", "online", "network", "internet", "github", "slack", "discord", "email", "notif", "webhook",
        "telemetry", "analytics", "report", "publish", "deploy", "share", "integrat", "service", "endpoint",
        "request", "browser", "search", "crawl", "scrap", "monitor", "backup", "saas", "platform", "connect",
    ]
    /// Phrases where a description promises no network at all.
    static let offlinePromises = [
        "offline", "no network", "without network", "local only", "locally only", "runs locally", "never sends",
        "does not send", "doesn't send", "no data leaves", "no internet", "without internet", "air-gapped",
    ]
    /// Script calls that gather facts about the machine or its user.
    static let systemProbes = [
        "whoami", "$(hostname", "`hostname", "uname -a", "getpass.getuser", "platform.node", "platform.uname",
        "socket.gethostname", "os.userinfo", "os.hostname()", "ifconfig", "$env:username", "$env:computername",
        "id -un", "system_profiler", "os.getlogin", "os.listdir(os.path.expanduser", "ls -la ~", "ls ~", "wmic",
        "systeminfo", "/etc/passwd", "os.walk(os.path.expanduser",
    ]
    /// Description words that explain gathering facts about the machine.
    static let machineWords = [
        "system info", "machine", "host", "telemetry", "diagnos", "monitor", "inventory", "analytics", "device",
        "environment", "hardware", "usage stat", "health check", "status report", "profil",
    ]
    /// Description words that explain a shell.
    static let shellWords = [
        "run", "command", "shell", "script", "terminal", "install", "build", "test", "git", "cli", "execut",
        "deploy", "docker", "npm", "pip", "compil", "debug", "server", "file", "repo", "code", "develop",
        "automat", "tool", "process", "convert", "generat", "manag", "analy", "creat", "edit", "project",
    ]

    // MARK: Command shapes

    static let processSubstitutionFetches = ["<(curl", "<(wget"]
    static let commandSubstitutionFetches = ["$(curl", "$(wget", "`curl", "`wget", "$(iwr", "$(irm"]
    static let substitutionRunners = ["eval", "sh -c", "bash -c", "zsh -c", "python -c", "python3 -c", "source", ". <("]
    static let powershellRunners = ["iex", "invoke-expression"]
    static let powershellFetches = ["downloadstring", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "net.webclient"]
    static let codeEvaluators = ["exec(", "eval(", "new function(", "runpy"]
    static let codeFetches = ["urlopen", "requests.get", "httpx.get", "urllib", "fetch(", ".text()", "http.get"]
    /// What, on a download-and-run line, makes it more than a vendor's installer.
    static let installerRedFlags = [
        " -k ", "--insecure", "/dev/null", "nohup", " & ", "base64", "/tmp/", "$(echo", "no-check-certificate",
    ]
    static let powershellWords = ["powershell", "pwsh", "powershell.exe"]
    static let encodedCommandFlags = [" -enc ", " -encodedcommand ", " -e ", " -ec "]
    static let evaluators = ["eval", "exec", "iex", "invoke-expression"]
    static let socketDevices = ["/dev/tcp/", "/dev/udp/"]
    static let shellRedirections = [
        "bash -i >&", "sh -i >&", "bash -i 2>&1", "0>&1", "-e /bin/sh", "-e /bin/bash", "-c /bin/sh", "-c /bin/bash",
        "ncat --exec", "ncat --sh-exec", "exec:/bin/", "exec:'/bin", "exec:\"/bin", "exec:bash", "exec:sh",
    ]
    static let netcatCommands = ["nc", "ncat", "netcat", "nc.traditional"]
    static let netcatExecFlags = [" -e ", " -c ", "--sh-exec", "--exec", "--lua-exec"]
    static let fifoCommands = ["mkfifo"]
    static let fifoRelays = ["nc", "ncat", "netcat", "s_client", "telnet"]
    static let sockets = ["socket"]
    static let socketShells = ["dup2", "pty.spawn", "fileno()", "/bin/sh", "/bin/bash"]
    static let powershellTCPClients = ["net.sockets.tcpclient"]
    static let tcpClientShells = ["iex", "invoke-expression", "getstream", "cmd"]
    static let authorizedKeys = ["authorized_keys"]
    static let rcFiles = [".bashrc", ".zshrc", ".profile", ".bash_profile", ".zprofile", ".zshenv", "config.fish", ".bash_login"]
    static let appendMarkers = [">>", "tee -a", "tee --append", "'a')", "\"a\")", "appendfile", "add-content", "out-file -append"]
    static let keyWriters = appendMarkers + [" > ", "cp ", "echo "]
    /// What, written into a start-up place, makes it an implant rather than a setting.
    static let implantMarkers = [
        "curl", "wget", "http://", "https://", "/dev/tcp", "base64", "nohup", "/tmp/", "& disown", "setsid", "python",
        "node ", "nc ", "osascript", "powershell", "@reboot", "iex", "invoke-", ".sh &", "/.cache/.", "/.local/.",
        "/.config/.", "eval", "| sh", "| bash", "authorized_keys",
    ]
    static let cronPlaces = ["| crontab", "crontab -", "/etc/cron", "/var/spool/cron", "@reboot", "crontab /"]
    static let startupPlaces = [
        "/etc/systemd/system", ".config/systemd/user", "systemctl enable", "systemctl --user enable",
        "library/launchagents", "library/launchdaemons", "launchctl load", "launchctl bootstrap", "currentversion\\run",
        "currentversion/run", "schtasks /create", "start menu\\programs\\startup", "/etc/rc.local", "/etc/init.d/",
        "/etc/profile.d/", "loginitems", "login item",
    ]
    static let removeCommands = ["rm"]
    static let wipeCommands = [
        "mkfs.", "mkfs ", ":(){ :|:& };:", ":(){:|:&};:", "format c:", "del /s /q c:\\", "rd /s /q c:\\",
        "rmdir /s /q c:\\", "wipefs -a", "vssadmin delete shadows", "cipher /w:c", "fsutil",
    ]
    static let diskCopyCommands = ["dd"]
    static let diskDeviceOutputs = ["of=/dev/sd", "of=/dev/nvme", "of=/dev/disk", "of=/dev/hd", "of=/dev/mmcblk", "of=/dev/vd"]
    static let shredCommands = ["shred"]
    static let shredTargets = ["/dev/sd", "/dev/nvme", " ~", "$home", "-r "]
    static let findFromRoots = ["find / ", "find ~ ", "find $home "]
    static let findDeletions = ["-delete", "rm -rf", "rm -f"]
    static let removeItemCommands = ["remove-item"]
    static let treeRemovers = ["rmtree(", "rimraf(", "fs.rmsync(", "rmsync("]
    static let homeOrRootArguments = ["expanduser(\"~\")", "expanduser('~')", "path.home()", "homedir()", "(\"/\"", "('/'", "'~'", "\"~\""]
    static let worldWritableRoot = ["chmod -r 777 /"]
    static let makesExecutable = ["chmod +x", "chmod 7", "chmod u+x", "chmod a+x", "start-process", "os.chmod"]

    // MARK: Sending and destinations, derived

    static let suspiciousHosts = pasteHosts + collectorHosts
    static let shortenerLinks = shorteners.map { "//" + $0 }
    static let schemeSeparators = ["://"]
    static let netcatSenders = ["nc", "ncat", "netcat", "socat"]
    static let proseSendVerbs = ["send", "upload", "post", "forward", "submit", "report", "transmit"]
    static let secretSendVerbs = ["send", "upload", "post", "forward", "transmit", "submit"]
    static let sendTargets = ["http://", "https://", "webhook", "endpoint", "server"]
    static let environmentReads = ["os.environ", "os.getenv", "process.env", "$env:", "getenv("] + weakCredentialSources.map { "$" + $0 }
    /// Making a key or trusting a host is not reading a secret.
    static let keyHandling = [
        "ssh-keygen", "known_hosts", ".ssh/config", ".pub", "chmod 600", "chmod 700", "mkdir", "ssh -i", "-i ~/.ssh",
        "identityfile", "ssh-add", "git_ssh_command",
    ]
    static let payloadFlags = dataFlags + ["data=", "json=", "body:", "body=", "files="]
    static let payloadVariables = ["$", "os.environ", "os.getenv", "process.env", "getenv("]
    static let payloadSecrets = ["token", "secret", "api_key", "apikey", "password", "access_key", "credential", "private"]

    // MARK: The matcher

    /// Every list above that rules match against lines: the automaton that
    /// reads each line once is built from these.
    static let everyList: [[String]] = [
        teachingHeadings, teachingProse, detectionCode, fetchers, decoders, codeRunners, strongCredentialSources,
        weakCredentialSources, networkClients, dataFlags, senders, pasteHosts, collectorHosts, shorteners,
        injectionPhrases, secrecyWords, sensitiveActions, agentAddress, hiddenActions, networkWords, offlinePromises,
        systemProbes, machineWords, shellWords,
        processSubstitutionFetches, commandSubstitutionFetches, substitutionRunners, powershellRunners, powershellFetches,
        codeEvaluators, codeFetches, installerRedFlags, powershellWords, encodedCommandFlags, evaluators, socketDevices,
        shellRedirections, netcatCommands, netcatExecFlags, fifoCommands, fifoRelays, sockets, socketShells,
        powershellTCPClients, tcpClientShells, authorizedKeys, rcFiles, appendMarkers, keyWriters, implantMarkers,
        cronPlaces, startupPlaces, removeCommands, wipeCommands, diskCopyCommands, diskDeviceOutputs, shredCommands,
        shredTargets, findFromRoots, findDeletions, removeItemCommands, treeRemovers, homeOrRootArguments,
        worldWritableRoot, makesExecutable,
        suspiciousHosts, shortenerLinks, schemeSeparators, netcatSenders, proseSendVerbs, secretSendVerbs, sendTargets,
        environmentReads, keyHandling, payloadFlags, payloadVariables, payloadSecrets,
    ]
    static let automaton = LiteralAutomaton(patterns: everyList.flatMap { $0 })
}
