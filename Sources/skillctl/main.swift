// skillctl: the SkillStore command line. The work lives in the SkillStore
// library and in one file per command under Commands/.
import Foundation

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), ownsProcess: true).rawValue)
