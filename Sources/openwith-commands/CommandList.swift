import ArgumentParser

/// The subcommands, in the order `--help` lists them.
enum CommandList {
    static let defaultCommand: any ParsableCommand.Type = HandlersCommand.self
    static let all: [any ParsableCommand.Type] = [
        HandlersCommand.self,
        TypeCommand.self,
        TypesCommand.self,
        AppsCommand.self,
        DefaultCommand.self,
        CatalogCommand.self,
        OpenCommand.self,
        PreviewCommand.self,
        PickCommand.self,
        InboxCommand.self,
        GrantsCommand.self,
        URLCommand.self,
        ProviderCommand.self,
        ScanCommand.self,
        RequestsCommand.self,
        GroupCommand.self,
        ShareCommand.self,
        PasteboardCommand.self,
    ]
}
