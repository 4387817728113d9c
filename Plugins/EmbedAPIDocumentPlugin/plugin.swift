import Foundation
import PackagePlugin

/// Embeds the target's `openapi.json` into it as a generated Swift source
/// (`embeddedOpenAPIDocument`), rebuilt whenever the document changes.
@main
struct EmbedAPIDocumentPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // The target's folder by convention (Target.directoryURL needs tools 6.1).
        let input = context.package.directoryURL.appending(path: "Sources/\(target.name)/openapi.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedOpenAPIDocument.swift")
        return [
            .buildCommand(
                displayName: "Embedding the OpenAPI document",
                executable: try context.tool(named: "EmbedText").url,
                arguments: [output.path, "embeddedOpenAPIDocument", input.path],
                inputFiles: [input],
                outputFiles: [output])
        ]
    }
}
