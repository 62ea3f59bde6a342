import UniformTypes

/// Every type identifier the signature sniffer can emit, in one place.
///
/// Apple's identifiers are used where Apple declares the format; otherwise the identifier that
/// the system catalog gives the format's MIME type (derived from shared-mime-info, Apache Tika
/// or IANA: `org.freedesktop.mime.<media>.<subtype>`, `org.apache.tika.mime.…`, `org.iana.mime.…`).
/// A format that neither declares is reported as its nearest declared type, with the format
/// named in the match's detail (VSIX, .NET assemblies). ``all`` lists them for
/// the test that checks each one against `Catalog/system-types.tsv`. The table is data; an
/// entry that is also one of UniformTypes' well-known identifiers (`.data`, `.plainText`, `.zip`
/// …) refers to it.
enum KnownType {
    // MARK: Images
    static let png: TypeIdentifier = "public.png"
    static let apng: TypeIdentifier = "org.freedesktop.mime.image.apng"
    static let jpeg: TypeIdentifier = "public.jpeg"
    static let gif: TypeIdentifier = "com.compuserve.gif"
    static let bmp: TypeIdentifier = "com.microsoft.bmp"
    static let tiff: TypeIdentifier = "public.tiff"
    static let digitalNegative: TypeIdentifier = "com.adobe.raw-image"
    static let webp: TypeIdentifier = "org.webmproject.webp"
    static let ico: TypeIdentifier = "com.microsoft.ico"
    static let cursor: TypeIdentifier = "org.freedesktop.mime.image.x-win-bitmap"
    static let heic: TypeIdentifier = "public.heic"
    static let heics: TypeIdentifier = "public.heics"
    static let heif: TypeIdentifier = "public.heif"
    static let heifs: TypeIdentifier = "public.heifs"
    static let avif: TypeIdentifier = "org.freedesktop.mime.image.avif"
    static let jpegXL: TypeIdentifier = "public.jpeg-xl"
    static let jpeg2000: TypeIdentifier = "public.jpeg-2000"
    static let jpx: TypeIdentifier = "org.freedesktop.mime.image.jpx"
    static let jpm: TypeIdentifier = "org.freedesktop.mime.image.jpm"
    static let mj2: TypeIdentifier = "org.freedesktop.mime.video.mj2"
    static let jpeg2000Codestream: TypeIdentifier = "org.freedesktop.mime.image.x-jp2-codestream"
    static let photoshop: TypeIdentifier = "com.adobe.photoshop-image"
    static let paintShopPro: TypeIdentifier = "com.corel.paintshop-pro-image"
    static let xisf: TypeIdentifier = "org.pixinsight.xisf-image"
    static let sgi: TypeIdentifier = "com.sgi.sgi-image"
    static let fits: TypeIdentifier = "org.freedesktop.mime.application.fits"
    static let portableBitmap: TypeIdentifier = "org.freedesktop.mime.image.x-portable-bitmap"
    static let portableGraymap: TypeIdentifier = "org.freedesktop.mime.image.x-portable-graymap"
    static let portablePixmap: TypeIdentifier = "org.freedesktop.mime.image.x-portable-pixmap"
    static let portableArbitraryMap: TypeIdentifier = "org.apache.tika.mime.image.x-portable-arbitrarymap"
    static let portableFloatMap: TypeIdentifier = "org.freedesktop.mime.image.x-pfm"
    static let photoCD: TypeIdentifier = "org.freedesktop.mime.image.x-photo-cd"
    static let photoshopLarge: TypeIdentifier = "com.adobe.photoshop-large-image"
    static let svg: TypeIdentifier = "public.svg-image"

    // MARK: Documents
    static let pdf: TypeIdentifier = .pdf
    static let postScript: TypeIdentifier = "com.adobe.postscript"
    static let encapsulatedPostScript: TypeIdentifier = "com.adobe.encapsulated-postscript"
    static let rtf: TypeIdentifier = "public.rtf"
    static let epub: TypeIdentifier = "org.idpf.epub-container"

    // MARK: ZIP and what lives in it
    static let zip: TypeIdentifier = .zip
    static let openXML: TypeIdentifier = "org.openxmlformats.openxml"
    static let docx: TypeIdentifier = "org.openxmlformats.wordprocessingml.document"
    static let docm: TypeIdentifier = "org.openxmlformats.wordprocessingml.document.macroenabled"
    static let dotx: TypeIdentifier = "org.openxmlformats.wordprocessingml.template"
    static let dotm: TypeIdentifier = "org.openxmlformats.wordprocessingml.template.macroenabled"
    static let xlsx: TypeIdentifier = "org.openxmlformats.spreadsheetml.sheet"
    static let xlsm: TypeIdentifier = "org.openxmlformats.spreadsheetml.sheet.macroenabled"
    static let xltx: TypeIdentifier = "org.openxmlformats.spreadsheetml.template"
    static let xltm: TypeIdentifier = "org.openxmlformats.spreadsheetml.template.macroenabled"
    static let xlsb: TypeIdentifier = "com.microsoft.excel.sheet.binary.macroenabled"
    static let pptx: TypeIdentifier = "org.openxmlformats.presentationml.presentation"
    static let pptm: TypeIdentifier = "org.openxmlformats.presentationml.presentation.macroenabled"
    static let potx: TypeIdentifier = "org.openxmlformats.presentationml.template"
    static let potm: TypeIdentifier = "org.openxmlformats.presentationml.template.macroenabled"
    static let ppsx: TypeIdentifier = "org.openxmlformats.presentationml.slideshow"
    static let ppsm: TypeIdentifier = "org.openxmlformats.presentationml.slideshow.macroenabled"
    static let vsdx: TypeIdentifier = "org.freedesktop.mime.application.vnd.ms-visio.drawing.main-xml"
    static let xps: TypeIdentifier = "org.freedesktop.mime.application.vnd.ms-xpsdocument"
    static let odt: TypeIdentifier = "org.oasis-open.opendocument.text"
    static let ott: TypeIdentifier = "org.oasis-open.opendocument.text-template"
    static let odm: TypeIdentifier = "org.oasis-open.opendocument.text-master"
    static let oth: TypeIdentifier = "org.oasis-open.opendocument.text-web"
    static let ods: TypeIdentifier = "org.oasis-open.opendocument.spreadsheet"
    static let ots: TypeIdentifier = "org.oasis-open.opendocument.spreadsheet-template"
    static let odp: TypeIdentifier = "org.oasis-open.opendocument.presentation"
    static let otp: TypeIdentifier = "org.oasis-open.opendocument.presentation-template"
    static let odg: TypeIdentifier = "org.oasis-open.opendocument.graphics"
    static let otg: TypeIdentifier = "org.oasis-open.opendocument.graphics-template"
    static let odc: TypeIdentifier = "org.oasis-open.opendocument.chart"
    static let otc: TypeIdentifier = "org.oasis-open.opendocument.chart-template"
    static let odf: TypeIdentifier = "org.oasis-open.opendocument.formula"
    static let otf: TypeIdentifier = "org.oasis-open.opendocument.formula-template"
    static let odi: TypeIdentifier = "org.oasis-open.opendocument.image"
    static let oti: TypeIdentifier = "org.oasis-open.opendocument.image-template"
    static let odb: TypeIdentifier = "org.oasis-open.opendocument.database"
    static let flatText: TypeIdentifier = "org.freedesktop.mime.application.vnd.oasis.opendocument.text-flat-xml"
    static let flatSpreadsheet: TypeIdentifier = "org.freedesktop.mime.application.vnd.oasis.opendocument.spreadsheet-flat-xml"
    static let flatPresentation: TypeIdentifier = "org.freedesktop.mime.application.vnd.oasis.opendocument.presentation-flat-xml"
    static let flatGraphics: TypeIdentifier = "org.freedesktop.mime.application.vnd.oasis.opendocument.graphics-flat-xml"
    static let sxw: TypeIdentifier = "org.openoffice.text"
    static let stw: TypeIdentifier = "org.openoffice.text-template"
    static let sxg: TypeIdentifier = "org.openoffice.text-master"
    static let sxc: TypeIdentifier = "org.openoffice.spreadsheet"
    static let stc: TypeIdentifier = "org.openoffice.spreadsheet-template"
    static let sxi: TypeIdentifier = "org.openoffice.presentation"
    static let sti: TypeIdentifier = "org.openoffice.presentation-template"
    static let sxd: TypeIdentifier = "org.openoffice.graphics"
    static let std: TypeIdentifier = "org.openoffice.graphics-template"
    static let sxm: TypeIdentifier = "org.openoffice.formula"
    static let jar: TypeIdentifier = "com.sun.java-archive"
    static let apk: TypeIdentifier = "vnd.android.package-archive"
    static let ipa: TypeIdentifier = "com.apple.iphone.package-archive"
    static let pages: TypeIdentifier = "com.apple.iWork.Pages.sffpages"
    static let numbers: TypeIdentifier = "com.apple.iWork.Numbers.sffnumbers"
    static let keynote: TypeIdentifier = "com.apple.iWork.Keynote.sffkey"
    static let appx: TypeIdentifier = "org.freedesktop.mime.application.appx"
    static let appxBundle: TypeIdentifier = "org.freedesktop.mime.application.appxbundle"
    static let threeMF: TypeIdentifier = "org.freedesktop.mime.model.3mf"
    static let xpi: TypeIdentifier = "org.freedesktop.mime.application.x-xpinstall"
    static let kmz: TypeIdentifier = "org.freedesktop.mime.application.vnd.google-earth.kmz"
    /// VSIX (Visual Studio extension): no catalog declares it; reported as a ZIP archive.
    static let vsix: TypeIdentifier = zip

    // MARK: Compound File (OLE2)
    static let compoundFile: TypeIdentifier = "org.freedesktop.mime.application.x-ole-storage"
    static let doc: TypeIdentifier = "com.microsoft.word.doc"
    static let xls: TypeIdentifier = "com.microsoft.excel.xls"
    static let ppt: TypeIdentifier = "com.microsoft.powerpoint.ppt"
    static let msi: TypeIdentifier = "org.freedesktop.mime.application.x-msi"
    static let msp: TypeIdentifier = "org.freedesktop.mime.application.microsoftpatch"
    static let visio: TypeIdentifier = "org.freedesktop.mime.application.vnd.visio"
    static let publisher: TypeIdentifier = "org.freedesktop.mime.application.vnd.ms-publisher"
    /// Outlook message (and template: the same type; the detail tells them apart).
    static let outlookMessage: TypeIdentifier = "org.apache.tika.mime.application.vnd.ms-outlook"
    static let works: TypeIdentifier = "org.freedesktop.mime.application.vnd.ms-works"
    static let wordPerfect: TypeIdentifier = "org.freedesktop.mime.application.vnd.wordperfect"
    static let wordPerfectGraphics: TypeIdentifier = "org.freedesktop.mime.application.x-wpg"
    static let hwp: TypeIdentifier = "org.freedesktop.mime.application.x-hwp"
    /// StarOffice 3–5 binary documents: Apple declares them with the OpenOffice.org 1.x types
    /// (`application/vnd.stardivision.*` among their MIME types).
    static let starWriter: TypeIdentifier = sxw
    static let starCalc: TypeIdentifier = sxc
    static let starDraw: TypeIdentifier = sxd
    static let starImpress: TypeIdentifier = sxi

    // MARK: Audio and video
    static let mpeg4: TypeIdentifier = "public.mpeg-4"
    static let mpeg4Audio: TypeIdentifier = "public.mpeg-4-audio"
    static let m4a: TypeIdentifier = "com.apple.m4a-audio"
    static let m4b: TypeIdentifier = "com.apple.protected-mpeg-4-audio-b"
    static let m4p: TypeIdentifier = "com.apple.protected-mpeg-4-audio"
    static let m4v: TypeIdentifier = "com.apple.m4v-video"
    static let quickTime: TypeIdentifier = "com.apple.quicktime-movie"
    static let threeGPP: TypeIdentifier = "public.3gpp"
    static let threeGPP2: TypeIdentifier = "public.3gpp2"
    static let flashVideo: TypeIdentifier = "com.adobe.flash.video"
    static let flashMovie: TypeIdentifier = "org.freedesktop.mime.application.vnd.adobe.flash.movie"
    static let advancedSystemsFormat: TypeIdentifier = "com.microsoft.advanced-systems-format"
    static let windowsMediaAudio: TypeIdentifier = "com.microsoft.windows-media-wma"
    static let windowsMediaVideo: TypeIdentifier = "com.microsoft.windows-media-wmv"
    static let wave: TypeIdentifier = "com.microsoft.waveform-audio"
    static let avi: TypeIdentifier = "public.avi"
    static let midi: TypeIdentifier = "public.midi-audio"
    static let aiff: TypeIdentifier = "public.aiff-audio"
    static let aifc: TypeIdentifier = "public.aifc-audio"
    static let flac: TypeIdentifier = "org.xiph.flac"
    static let mp3: TypeIdentifier = "public.mp3"
    static let mp2: TypeIdentifier = "public.mp2"
    static let aac: TypeIdentifier = "public.aac-audio"
    static let ac3: TypeIdentifier = "public.ac3-audio"
    static let enhancedAC3: TypeIdentifier = "public.enhanced-ac3-audio"
    static let ogg: TypeIdentifier = "org.freedesktop.mime.application.ogg"
    /// Ogg audio of a codec the signatures do not tell (the name's type for `.ogg`; the
    /// signatures answer ``ogg`` or the codec's own type).
    static let oggAudio: TypeIdentifier = "org.freedesktop.mime.audio.ogg"
    static let digitalSpeechStandard: TypeIdentifier = "com.olympus.dss-audio"
    static let creativeVoice: TypeIdentifier = "org.freedesktop.mime.audio.x-voc"
    static let monkeysAudio: TypeIdentifier = "org.freedesktop.mime.audio.x-ape"
    static let musepack: TypeIdentifier = "org.freedesktop.mime.audio.x-musepack"
    static let wavPack: TypeIdentifier = "org.freedesktop.mime.audio.x-wavpack"
    static let trueAudio: TypeIdentifier = "org.freedesktop.mime.audio.x-tta"
    static let oggVorbis: TypeIdentifier = "org.freedesktop.mime.audio.x-vorbis-ogg"
    static let oggOpus: TypeIdentifier = "org.freedesktop.mime.audio.x-opus-ogg"
    static let oggFLAC: TypeIdentifier = "org.freedesktop.mime.audio.x-flac-ogg"
    static let oggSpeex: TypeIdentifier = "org.freedesktop.mime.audio.x-speex-ogg"
    static let oggTheora: TypeIdentifier = "org.freedesktop.mime.video.x-theora-ogg"
    static let oggVideo: TypeIdentifier = "org.freedesktop.mime.video.ogg"
    static let oggMedia: TypeIdentifier = "org.freedesktop.mime.video.x-ogm-ogg"
    static let oggDirac: TypeIdentifier = "org.apache.tika.mime.video.x-dirac"
    static let qualcommPureVoice: TypeIdentifier = "org.apache.tika.mime.audio.qcelp"
    static let downloadableSound: TypeIdentifier = "public.downloadable-sound"
    static let animatedCursor: TypeIdentifier = "org.freedesktop.mime.application.x-navi-animation"
    static let corelDraw: TypeIdentifier = "org.freedesktop.mime.application.vnd.corel-draw"
    static let matroska: TypeIdentifier = "org.freedesktop.mime.video.x-matroska"
    static let matroskaAudio: TypeIdentifier = "org.freedesktop.mime.audio.x-matroska"
    static let webm: TypeIdentifier = "org.webmproject.webm"
    static let mpegTransportStream: TypeIdentifier = "public.mpeg-2-transport-stream"
    static let mpeg: TypeIdentifier = "public.mpeg"

    // MARK: Archives and compression
    static let gzip: TypeIdentifier = "org.gnu.gnu-zip-archive"
    static let tarGzip: TypeIdentifier = "org.gnu.gnu-zip-tar-archive"
    static let zlib: TypeIdentifier = "org.freedesktop.mime.application.zlib"
    /// Formats known gzip-compressed (``GzipInspector``).
    static let pcfFont: TypeIdentifier = "org.freedesktop.mime.application.x-font-pcf"
    static let gzippedPSFFont: TypeIdentifier = "org.freedesktop.mime.application.x-gz-font-linux-psf"
    static let compressedSVG: TypeIdentifier = "org.freedesktop.mime.image.svg-xml-compressed"
    static let gnumeric: TypeIdentifier = "org.freedesktop.mime.application.x-gnumeric"
    static let bzip2: TypeIdentifier = "public.bzip2-archive"
    static let xz: TypeIdentifier = "org.tukaani.xz-archive"
    static let zstd: TypeIdentifier = "org.freedesktop.mime.application.zstd"
    static let lz4: TypeIdentifier = "org.freedesktop.mime.application.x-lz4"
    static let compress: TypeIdentifier = "public.z-archive"
    static let sevenZip: TypeIdentifier = "org.7-zip.7-zip-archive"
    static let rar: TypeIdentifier = "org.freedesktop.mime.application.vnd.rar"
    static let tar: TypeIdentifier = .tarArchive
    static let cpio: TypeIdentifier = "public.cpio-archive"
    static let ar: TypeIdentifier = "org.freedesktop.mime.application.x-archive"
    static let deb: TypeIdentifier = "org.freedesktop.mime.application.vnd.debian.binary-package"
    static let rpm: TypeIdentifier = "org.freedesktop.mime.application.x-rpm"
    static let sourceRPM: TypeIdentifier = "org.freedesktop.mime.application.x-source-rpm"
    static let iso9660: TypeIdentifier = "org.freedesktop.mime.application.x-cd-image"

    // MARK: Executables and code
    static let elf: TypeIdentifier = "public.elf-binary"
    static let elfExecutable: TypeIdentifier = "org.freedesktop.mime.application.x-executable"
    static let elfSharedLibrary: TypeIdentifier = "org.freedesktop.mime.application.x-sharedlib"
    static let elfObject: TypeIdentifier = "public.object-code"
    static let elfCore: TypeIdentifier = "org.freedesktop.mime.application.x-core"
    static let machO: TypeIdentifier = "com.apple.mach-o-binary"
    static let machOExecutable: TypeIdentifier = "com.apple.mach-o-executable"
    static let machODylib: TypeIdentifier = "com.apple.mach-o-dylib"
    static let machOBundle: TypeIdentifier = "com.apple.mach-o-bundle"
    static let machOObject: TypeIdentifier = "com.apple.mach-o-object"
    static let machOCore: TypeIdentifier = "com.apple.mach-o-core"
    static let windowsExecutable: TypeIdentifier = "com.microsoft.windows-executable"
    static let windowsDLL: TypeIdentifier = "com.microsoft.windows-dynamic-link-library"
    /// A PE image (`MZ` and `PE\0\0`): shared-mime-info's Windows or EFI program, a kind of
    /// Windows executable; Apple's DLL type is a kind of it.
    static let portableExecutable: TypeIdentifier = "org.freedesktop.mime.application.vnd.microsoft.portable-executable"
    static let efiImage: TypeIdentifier = "org.iana.mime.application.efi"
    /// WebAssembly (declared by OpenWith's supplement to the system catalog).
    static let wasm: TypeIdentifier = "org.webassembly.wasm"
    static let pack200: TypeIdentifier = "org.freedesktop.mime.application.x-java-pack200"
    static let gitPack: TypeIdentifier = "org.git-scm.pack"
    /// A packaged Java module and the Java runtime image (declared by OpenWith's supplement).
    static let javaModule: TypeIdentifier = "org.openjdk.jmod"
    static let javaRuntimeImage: TypeIdentifier = "org.openjdk.jimage"
    /// Compiled terminfo entries, legacy and extended-number (declared by OpenWith's supplement).
    static let terminfo: TypeIdentifier = "org.gnu.ncurses.terminfo"
    static let terminfoWide: TypeIdentifier = "org.gnu.ncurses.terminfo2"
    /// LLVM bitcode (declared by OpenWith's supplement to the system catalog).
    static let llvmBitcode: TypeIdentifier = "org.llvm.bitcode"
    static let javaClass: TypeIdentifier = "com.sun.java-class"
    static let pythonBytecode: TypeIdentifier = "org.freedesktop.mime.application.x-python-bytecode"

    // MARK: Fonts
    static let trueType: TypeIdentifier = "public.truetype-ttf-font"
    static let openType: TypeIdentifier = "public.opentype-font"
    static let trueTypeCollection: TypeIdentifier = "public.truetype-collection-font"
    static let openTypeCollection: TypeIdentifier = "public.opentype-collection-font"
    static let woff: TypeIdentifier = "org.freedesktop.mime.font.woff"
    static let woff2: TypeIdentifier = "org.freedesktop.mime.font.woff2"
    static let type1ASCII: TypeIdentifier = "com.adobe.postscript-pfa-font"
    static let type1Binary: TypeIdentifier = "com.adobe.postscript-pfb-font"

    // MARK: Data, keys and certificates
    static let sqlite: TypeIdentifier = "org.freedesktop.mime.application.vnd.sqlite3"
    static let berkeleyDB: TypeIdentifier = "org.apache.tika.mime.application.x-berkeley-db"
    static let pcap: TypeIdentifier = "org.freedesktop.mime.application.vnd.tcpdump.pcap"
    static let pcapng: TypeIdentifier = "org.freedesktop.mime.application.x-pcapng"
    static let timeZoneInformation: TypeIdentifier = "org.iana.mime.application.tzif"
    static let timeZoneInformationLeap: TypeIdentifier = "org.iana.mime.application.tzif-leap"
    static let binaryPropertyList: TypeIdentifier = "com.apple.binary-property-list"
    static let gettextCatalog: TypeIdentifier = "org.freedesktop.mime.application.x-gettext-translation"
    static let x509Certificate: TypeIdentifier = "public.x509-certificate"
    static let certificateRevocationList: TypeIdentifier = "org.freedesktop.mime.application.pkix-crl"
    static let certificateRequest: TypeIdentifier = "org.freedesktop.mime.application.pkcs10"
    static let pkcs7: TypeIdentifier = "org.freedesktop.mime.application.x-pkcs7-certificates"
    static let pkcs8: TypeIdentifier = "org.freedesktop.mime.application.pkcs8"
    static let pkcs8Encrypted: TypeIdentifier = "org.freedesktop.mime.application.pkcs8-encrypted"
    static let pgpKeys: TypeIdentifier = "org.freedesktop.mime.application.pgp-keys"
    static let pgpSignature: TypeIdentifier = "org.freedesktop.mime.application.pgp-signature"
    static let pgpEncrypted: TypeIdentifier = "org.freedesktop.mime.application.pgp-encrypted"

    // MARK: Text
    static let plainText: TypeIdentifier = .plainText
    static let utf8Text: TypeIdentifier = "public.utf8-plain-text"
    static let utf16Text: TypeIdentifier = "public.utf16-plain-text"
    static let xml: TypeIdentifier = .xml
    static let html: TypeIdentifier = "public.html"
    static let xhtml: TypeIdentifier = "public.xhtml"
    static let json: TypeIdentifier = "public.json"
    static let ndjson: TypeIdentifier = "public.ndjson"
    static let csv: TypeIdentifier = "public.comma-separated-values-text"
    static let tsv: TypeIdentifier = "public.tab-separated-values-text"
    static let xmlPropertyList: TypeIdentifier = "com.apple.xml-property-list"
    static let rss: TypeIdentifier = "public.rss"
    static let atom: TypeIdentifier = "org.freedesktop.mime.application.atom-xml"
    static let opml: TypeIdentifier = "org.freedesktop.mime.text.x-opml-xml"
    static let xslt: TypeIdentifier = "org.freedesktop.mime.application.xslt-xml"
    static let xmlDTD: TypeIdentifier = "org.freedesktop.mime.application.xml-dtd"
    static let docBook: TypeIdentifier = "org.freedesktop.mime.application.x-docbook-xml"
    static let script: TypeIdentifier = .script
    static let shellScript: TypeIdentifier = "public.shell-script"
    static let bashScript: TypeIdentifier = "public.bash-script"
    static let zshScript: TypeIdentifier = "public.zsh-script"
    static let kshScript: TypeIdentifier = "public.ksh-script"
    static let cshScript: TypeIdentifier = "public.csh-script"
    static let tcshScript: TypeIdentifier = "public.tcsh-script"
    static let pythonScript: TypeIdentifier = "public.python-script"
    static let python3Script: TypeIdentifier = "org.freedesktop.mime.text.x-python3"
    static let perlScript: TypeIdentifier = "public.perl-script"
    static let rubyScript: TypeIdentifier = "public.ruby-script"
    static let phpScript: TypeIdentifier = "public.php-script"
    static let javaScript: TypeIdentifier = "com.netscape.javascript-source"
    static let luaScript: TypeIdentifier = "org.freedesktop.mime.text.x-lua"
    static let tclScript: TypeIdentifier = "org.freedesktop.mime.text.tcl"
    static let awkScript: TypeIdentifier = "org.freedesktop.mime.text.x-awk"
    static let rScript: TypeIdentifier = "org.apache.tika.mime.text.x-rsrc"
    static let erlangScript: TypeIdentifier = "org.freedesktop.mime.text.x-erlang"
    static let clojureScript: TypeIdentifier = "org.apache.tika.mime.text.x-clojure"
    static let haskellScript: TypeIdentifier = "org.freedesktop.mime.text.x-haskell"
    static let ocamlScript: TypeIdentifier = "org.freedesktop.mime.text.x-ocaml"
    static let schemeScript: TypeIdentifier = "org.freedesktop.mime.text.x-scheme"
    static let groovyScript: TypeIdentifier = "org.freedesktop.mime.text.x-groovy"
    static let scalaScript: TypeIdentifier = "org.freedesktop.mime.text.x-scala"
    static let kotlinScript: TypeIdentifier = "org.freedesktop.mime.text.x-kotlin"
    static let elixirScript: TypeIdentifier = "org.freedesktop.mime.text.x-elixir"
    static let powerShellScript: TypeIdentifier = "org.freedesktop.mime.application.x-powershell"
    static let fishScript: TypeIdentifier = "org.freedesktop.mime.application.x-fishscript"
    static let commonLispScript: TypeIdentifier = "org.freedesktop.mime.text.x-common-lisp"
    static let emacsLispScript: TypeIdentifier = "org.freedesktop.mime.text.x-emacs-lisp"
    static let octaveScript: TypeIdentifier = "org.freedesktop.mime.text.x-matlab"
    static let crystalScript: TypeIdentifier = "org.freedesktop.mime.text.x-crystal"
    static let dartScript: TypeIdentifier = "org.freedesktop.mime.text.x-dart"
    static let appleScript: TypeIdentifier = "com.apple.applescript.text"
    static let sedScript: TypeIdentifier = "org.freedesktop.mime.text.x-sed"
    static let expectScript: TypeIdentifier = "org.apache.tika.mime.text.x-expect"
    static let swiftSource: TypeIdentifier = "public.swift-source"
    static let cSource: TypeIdentifier = "public.c-source"
    static let dSource: TypeIdentifier = "org.freedesktop.mime.text.x-dsrc"
    static let javaSource: TypeIdentifier = "com.sun.java-source"
    static let juliaSource: TypeIdentifier = "org.freedesktop.mime.text.julia"
    static let rustSource: TypeIdentifier = "public.rust-source"
    static let makefile: TypeIdentifier = "public.make-source"

    /// Documents in a ZIP archive or an OLE2 compound file that their format requires to hold
    /// telling parts (`[Content_Types].xml`, `mimetype`, `META-INF/container.xml`,
    /// `AndroidManifest.xml`, `Index/*.iwa`, a `WordDocument` stream …): a container named as
    /// one of them that holds none of those parts is not one. Formats whose telling parts are
    /// optional or may be named freely (JAR, Firefox extensions, KMZ, comic book archives) are
    /// not listed.
    static let knownByParts: [TypeIdentifier] = [
        docx, docm, dotx, dotm, xlsx, xlsm, xltx, xltm, xlsb, pptx, pptm, potx, potm, ppsx, ppsm, vsdx, xps,
        odt, ott, odm, oth, ods, ots, odp, otp, odg, otg, odc, otc, odf, otf, odi, oti, odb,
        sxw, stw, sxg, sxc, stc, sxi, sti, sxd, std, sxm, epub, apk, ipa, pages, numbers, keynote, appx, appxBundle, threeMF,
        doc, xls, ppt, msi, msp, visio, publisher, outlookMessage,
    ]

    /// Binary formats every file of which starts with a mark the built-in signatures always
    /// recognise (a fixed magic number at offset 0, a container header): bytes that nothing
    /// placed are not one of them, whatever the name says. The container documents known by
    /// their parts are among them. Formats whose marks are optional, partial or far into the
    /// file (TGA, MP3 frames, BMP variants, PDF's `%PDF` that may follow junk) are not.
    static let definiteSignatures: [TypeIdentifier] = knownByParts + [
        zip, compoundFile, png, apng, gif, jpeg, photoshop, photoshopLarge, webp, flac, matroska, matroskaAudio, webm,
        // Icon and cursor files start with their directory (`00 00 01 00` or `00 00 02 00` and
        // a count of images); four bytes that open many other formats (a Mac resource fork) too.
        ico, cursor,
        gzip, bzip2, xz, zstd, sevenZip, rar, woff, woff2, sqlite,
        // Every Ogg stream is a sequence of pages, each starting with `OggS`.
        ogg, oggAudio, oggVorbis, oggOpus, oggFLAC, oggSpeex, oggTheora, oggVideo, oggMedia,
        // RIFF, RF64 and IFF forms, MIDI's `MThd`, TIFF's byte-order mark, ELF's and WebAssembly's
        // magic numbers, capture files' magic.
        wave, avi, aiff, aifc, midi, tiff, elf, elfExecutable, elfSharedLibrary, elfCore, wasm, pcap, pcapng,
        // DOS, Windows and EFI programs open with their DOS header's `MZ` (a PE image, a driver's
        // `.sys`, an EFI application). Not DLLs: `.com`, a DOS program without any header,
        // is listed as one of their extensions.
        windowsExecutable, portableExecutable, efiImage,
        // Pack200's archive magic and a Git pack's `PACK` (the two share `.pack`), and a Flash
        // movie's `FWS`, `CWS` or `ZWS` (Vim's spell files share FutureSplash's `.spl`).
        pack200, gitPack, flashMovie,
        // A packaged Java module opens with `JM`, its version and a ZIP local file header.
        javaModule,
        // sfnt fonts open with their version and a table directory whose search range agrees
        // with its table count; `00 01 00 00` alone opens other files (GTK's icon caches).
        trueType, openType,
        // ASF files open with the Header Object's GUID, whatever their streams.
        advancedSystemsFormat, windowsMediaAudio, windowsMediaVideo,
        // FITS files open with the SIMPLE, BITPIX and NAXIS cards of their primary header.
        fits,
    ]

    /// Binary formats, by their specifications, that neither a built-in signature nor a magic
    /// rule can confirm (no fixed mark, or none in the registries): text under their names is
    /// not one of them, as text is not a format whose marks it lacks. Most formats without a
    /// mark are left out: a registry that does not declare a format as text does not make it
    /// binary (AFM and XPM are text), so only formats known to be binary are listed.
    static let binaryBySpecification: [TypeIdentifier] = [
        // Director and Shockwave movies and casts: RIFX (or byte-swapped XFIR) containers.
        // `*.dir` also names X11's locale tables (`compose.dir`, `locale.dir`), which are text.
        "org.apache.tika.mime.application.x-director",
        // Arrow IPC stream and file formats: FlatBuffers messages and record batches.
        "org.iana.mime.application.vnd.apache.arrow.stream", "org.iana.mime.application.vnd.apache.arrow.file",
        // Windows security catalogs and certificate trust lists: DER-encoded PKCS #7 signed
        // data. `*.cat` also names SGML and XML catalogs, which are text.
        "org.apache.tika.mime.application.vnd.ms-pki.seccat", "org.apache.tika.mime.application.vnd.ms-pki.stl",
        // Apple disk images: raw disk blocks, or UDIF's compressed chunks with their `koly`
        // trailer 512 bytes before the end, where no prefix rule looks.
        "org.freedesktop.mime.application.x-apple-diskimage",
        // Palm OS databases and resource files (PDB, PRC): a 78-byte header of big-endian
        // fields (a NUL-padded name, attributes, dates, type and creator) and a record list.
        // `*.prc` also names SQL stored-procedure scripts, which are text.
        "org.freedesktop.mime.application.vnd.palm",
        // A Mac application in one file (not a bundle, which is a folder): a Mach-O or PEF
        // executable. `*.app` also names Erlang's application resource files, which are text.
        "com.apple.application-file",
    ]

    /// Every identifier above, without repeats, in declaration order.
    /// Every type a built-in signature can name, each once.
    static let all: [TypeIdentifier] = {
        var seen = Set<TypeIdentifier>()
        return listed.filter { seen.insert($0).inserted }
    }()

    /// The same types as listed, possibly with repeats (cheaper when repeats do not matter).
    static let listed: [TypeIdentifier] = {
        [
            png, apng, jpeg, gif, bmp, tiff, digitalNegative, webp, ico, cursor, heic, heics, heif, heifs, avif, jpegXL, jpeg2000,
            jpx, jpm, mj2, jpeg2000Codestream, photoshop, photoshopLarge, paintShopPro, xisf, sgi, fits, portableBitmap, portableGraymap, portablePixmap, portableArbitraryMap, portableFloatMap, photoCD, svg,
            pdf, postScript, encapsulatedPostScript, rtf, wordPerfectGraphics, epub,
            zip, openXML, docx, docm, dotx, dotm, xlsx, xlsm, xltx, xltm, xlsb, pptx, pptm, potx, potm, ppsx, ppsm,
            vsdx, xps, odt, ott, odm, oth, ods, ots, odp, otp, odg, otg, odc, otc, odf, otf, odi, oti, odb,
            flatText, flatSpreadsheet, flatPresentation, flatGraphics,
            sxw, stw, sxg, sxc, stc, sxi, sti, sxd, std, sxm, jar, apk, ipa, vsix,
            pages, numbers, keynote, appx, appxBundle, threeMF, xpi, kmz,
            compoundFile, doc, xls, ppt, msi, msp, visio, publisher, outlookMessage, works, wordPerfect, hwp, starWriter, starCalc,
            starDraw, starImpress,
            mpeg4, mpeg4Audio, m4a, m4b, m4p, m4v, quickTime, threeGPP, threeGPP2, flashVideo, flashMovie, wave, avi, midi, aiff, aifc,
            advancedSystemsFormat, windowsMediaAudio, windowsMediaVideo, flac, mp3, mp2, aac, ac3, enhancedAC3, digitalSpeechStandard, creativeVoice, monkeysAudio, musepack, wavPack, trueAudio, ogg, oggVorbis, oggOpus, oggFLAC, oggSpeex, oggTheora, oggVideo, oggMedia, oggDirac, qualcommPureVoice, matroska, matroskaAudio, webm,
            downloadableSound, animatedCursor, corelDraw,
            mpegTransportStream, mpeg,
            gzip, tarGzip, zlib, pcfFont, gzippedPSFFont, compressedSVG, gnumeric, bzip2, xz, zstd, lz4, compress, sevenZip, rar, tar, cpio, ar, deb, rpm, sourceRPM, iso9660,
            elf, elfExecutable, elfSharedLibrary, elfObject, elfCore, machO, machOExecutable, machODylib,
            machOBundle, machOObject, machOCore, windowsExecutable, portableExecutable, windowsDLL, efiImage, wasm, llvmBitcode, javaClass, pack200, gitPack, pythonBytecode,
            javaModule, javaRuntimeImage, terminfo, terminfoWide,
            trueType, openType, trueTypeCollection, openTypeCollection, woff, woff2, type1ASCII, type1Binary,
            sqlite, berkeleyDB, pcap, pcapng, timeZoneInformation, timeZoneInformationLeap, binaryPropertyList, gettextCatalog,
            x509Certificate, certificateRevocationList, certificateRequest, pkcs7, pkcs8, pkcs8Encrypted, pgpKeys, pgpSignature,
            pgpEncrypted,
            plainText, utf8Text, utf16Text, xml, html, xhtml, json, ndjson, csv, tsv, xmlPropertyList, rss, atom,
            opml, xslt, xmlDTD, docBook, script, shellScript, bashScript, zshScript, kshScript, cshScript, tcshScript,
            pythonScript, python3Script, perlScript, rubyScript, phpScript, javaScript, luaScript, tclScript, awkScript, makefile,
            rScript, erlangScript, clojureScript, haskellScript, ocamlScript, schemeScript, groovyScript, scalaScript, kotlinScript,
            elixirScript, powerShellScript, fishScript, commonLispScript, emacsLispScript, octaveScript, crystalScript, dartScript,
            appleScript, sedScript, expectScript, swiftSource,
        ]
    }()
}
