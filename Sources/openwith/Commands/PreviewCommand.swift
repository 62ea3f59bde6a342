import ArgumentParser
import OpenInBroker

/// `openwith preview FILE`.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview", abstract: "Preview a file without a handler app: text, image size, PDF pages, archive entries, media duration.")
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The file.") var file: String
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        let path: String
        let type: ResolutionReport
        let preview: DocumentPreview
    }

    func run() throws {
        let broker = try catalog.broker()
        let (resolution, preview) = try broker.preview(path: file)
        let output = Output(path: file, type: ResolutionReport(path: file, resolution: resolution), preview: preview)
        if json { try JSONOutput.print(output) } else { print(PreviewText.render(output.type, preview)) }
    }
}

/// Human rendering of previews.
enum PreviewText {
    static func render(_ type: ResolutionReport, _ preview: DocumentPreview) -> String {
        var lines = [type.text(verbose: false), "  size: \(preview.fileSize) bytes"]
        if let image = preview.image {
            lines.append("  image: \(image.format) \(image.width.map(String.init) ?? "?")×\(image.height.map(String.init) ?? "?")"
                + (image.colorType.map { ", \($0)" } ?? "") + (image.bitDepth.map { ", \($0)-bit" } ?? ""))
        }
        if let pdf = preview.pdf {
            lines.append("  PDF \(pdf.version ?? "?"): \(pdf.pageCount.map { "\($0) pages" } ?? "page count unknown")" + (pdf.title.map { ", title “\($0)”" } ?? ""))
        }
        if let archive = preview.archive {
            lines.append("  \(archive.format) archive: \(archive.entryCount.map(String.init) ?? "\(archive.entries.count)+") entries")
            for entry in archive.entries.prefix(20) { lines.append("    \(entry.name) (\(entry.size) bytes)") }
        }
        if let media = preview.media {
            lines.append("  media: \(media.container)" + (media.durationSeconds.map { ", \(($0 * 100).rounded() / 100) s" } ?? ""))
        }
        if let text = preview.text {
            lines.append("  text (\(text.encoding)):")
            for line in text.lines.prefix(10) { lines.append("    \(line)") }
        }
        for note in preview.notes { lines.append("  note: \(note)") }
        return lines.joined(separator: "\n")
    }
}
