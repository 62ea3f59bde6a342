public import ArgumentParser
public import OpenInBroker
import OpenWithCommandLine

/// `openwith preview FILE`.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview", abstract: "Preview a file without a handler app: text, image and SVG size, PDF pages and page size, archive entries, media duration; or a PNG thumbnail.")
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The file.") var file: String
    @Flag(help: "Make (or reuse) a PNG thumbnail with the machine's thumbnailers, cached by the freedesktop thumbnail specification; print its path.")
    var thumbnail = false
    @Option(help: "The thumbnail size: normal (128), large (256), x-large (512) or xx-large (1024).") var size: ThumbnailSize = .normal
    @Option(help: "Seconds a thumbnailer may run before it is stopped.") var timeLimit: Double = 10
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        let path: String
        let type: ResolutionReport
        let preview: DocumentPreview
    }

    struct ThumbnailOutput: Encodable {
        let path: String
        let type: ResolutionReport
        let thumbnail: Thumbnail
    }

    func run() throws {
        let broker = try catalog.broker()
        if thumbnail {
            let (resolution, made) = try broker.thumbnail(path: file, size: size, environment: ProcessEnvironment.current, timeLimit: timeLimit)
            if json {
                try JSONOutput.print(ThumbnailOutput(path: file, type: ResolutionReport(path: file, resolution: resolution), thumbnail: made))
            } else {
                print(made.path)
            }
            return
        }
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
            if let svg = image.svg {
                var facts: [String] = []
                if svg.width != nil || svg.height != nil { facts.append("width \(svg.width ?? "auto"), height \(svg.height ?? "auto")") }
                if let box = svg.viewBox { facts.append("viewBox \(box.map(number).joined(separator: " "))") }
                if let title = svg.title { facts.append("title “\(title)”") }
                if !facts.isEmpty { lines.append("  svg: " + facts.joined(separator: ", ")) }
            }
        }
        if let pdf = preview.pdf {
            lines.append("  PDF \(pdf.version ?? "?"): \(pdf.pageCount.map { "\($0) pages" } ?? "page count unknown")" + (pdf.title.map { ", title “\($0)”" } ?? ""))
            if let width = pdf.pageWidth, let height = pdf.pageHeight {
                lines.append("  page size: \(number(width)) × \(number(height)) pt")
            }
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

    /// A number for people: whole numbers without a fraction, others to two decimals.
    static func number(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 100).rounded() / 100)
    }
}

extension ThumbnailSize: ExpressibleByArgument {}
