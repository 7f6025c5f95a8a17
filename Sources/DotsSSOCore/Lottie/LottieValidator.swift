import DotsSSOBasics
import FoundationEssentials

/// Validates a bodymovin (Lottie) JSON file in one walk over a `CompactJSON` tree: structure, references,
/// what lottie-ios does not support, and fitness as a loading icon.
package struct LottieValidator: Sendable {
    package let profile: LottieProfile
    /// The image files a dotLottie archive carries (`images/` or `i/`), by name: an external image asset is found
    /// there instead of being an error. Nil for a plain JSON file, which cannot carry images beside it.
    package var archiveImages: Set<String>?

    /// Layer types: 0 precomp, 1 solid, 2 image, 3 null, 4 shape, 5 text (lottie-ios renders all six).
    static let knownLayerTypes = 0...5
    /// Frame rates read as such: beyond them a rate is a typo or an attack (`1e-320` made every duration infinite).
    static let playableFrameRates: ClosedRange<Double> = 0.01...1000
    /// Shape item types lottie-ios knows.
    static let knownShapeTypes: [CompactJSON.ShortName] = [
        "gr", "sh", "rc", "el", "sr", "fl", "st", "gf", "gs", "tr", "tm", "mm", "rd", "rp", "pb", "tw", "zz", "op", "no",
    ].map(CompactJSON.ShortName.init)

    package init(profile: LottieProfile) { self.profile = profile }

    /// Validates raw bytes. Not JSON, truncated or a dotLottie zip throws `InputError.malformed` (exit 65).
    package func validate(_ data: Data, file: String) throws -> LottieReport {
        try validate([UInt8](data), file: file)
    }

    /// Validates bytes the report's document keeps while it is made (read big files straight into bytes).
    package func validate(_ data: [UInt8], file: String) throws -> LottieReport {
        try validateKeepingDocument(data, file: file).report
    }

    /// Validates, and hands back the parsed document too (rlottie's input is prepared from it without parsing again).
    package func validateKeepingDocument(_ data: [UInt8], file: String) throws -> (report: LottieReport, document: CompactJSON) {
        if DotLottieArchive.isArchive(data) {
            // `bodymovin validate` opens .lottie archives itself (DotLottieArchive); here only JSON is read.
            throw InputError.malformed(
                source: file,
                reason:
                    "it is a dotLottie (.lottie zip) archive, not bodymovin JSON; validate it with `dots-sso bodymovin validate`, which opens the archive"
            )
        }
        let json: CompactJSON
        do {
            json = try CompactJSON(bytes: data)
        } catch let error as CompactJSON.ParseError {
            throw InputError.malformed(source: file, reason: "not valid JSON at \(error.located)")
        }
        let walk = LottieWalk(json: json, file: file, profile: profile)
        walk.archiveImages = archiveImages
        walk.run(bytes: data.count)
        let duplicates = json.duplicateKeyFindings(
            LottieFindings.jsonDuplicateKey, file: file,
            consequence: "players keep different copies (most the last, some the first); keep one")
        return (LottieReport(file: file, profile: profile, summary: walk.summary, findings: walk.findings + duplicates), json)
    }
}

/// One validation pass; collects findings and counts unsupported features. A class, not a struct: the checks read
/// the document on every lookup, and a struct's mutating methods retained and released it around each read (with
/// the iterators' own references, a fifth of a big animation's walk).
final class LottieWalk {
    /// The document; a share of the layers checked on another thread reads a twin of it (see `checkLayers`).
    let json: CompactJSON
    let file: String
    let profile: LottieProfile
    /// See `LottieValidator.archiveImages`.
    var archiveImages: Set<String>?
    var findings: [Finding] = []
    var summary = LottieSummary(layers: 0, assets: 0, bytes: 0, embeddedImageBytes: 0)
    /// What rlottie (which draws dots-sso's pictures) does not draw → where it first occurs.
    var rlottieGaps: [String: String] = [:]
    /// lottie-ios unsupported feature → where it first occurs and how often.
    var unsupported: [String: (first: String, count: Int)] = [:]
    var legacyProperties = 0
    var firstLegacyPath: String?
    /// Pixels every image asset decodes to (the larger of its declared `w`×`h` and its own header's).
    var imagePixels = 0.0
    /// The canvas's larger side, which a stroke's width is judged against.
    var canvasSide = 1.0
    var reportedStroke = false
    /// Each list of layers checked (by its node), what its layers link to (`LayerLinks`): read again to count
    /// instances through precompositions.
    var linksByList: [Int32: [LayerLinks]] = [:]

    init(json: CompactJSON, file: String, profile: LottieProfile) {
        self.json = json
        self.file = file
        self.profile = profile
    }

    /// A finding of a registered code at its registered severity.
    func add(_ code: FindingCode, _ path: String, _ message: String) {
        add(code.severity, code.code, path, message)
    }

    /// A finding of a registered code at the severity this profile gives it (the registry names lottie-ios's).
    func add(_ code: FindingCode, severity: Severity, _ path: String, _ message: String) {
        add(severity, code.code, path, message)
    }

    private func add(_ severity: Severity, _ code: String, _ path: String, _ message: String) {
        findings.append(Finding(severity, code, at: FindingLocation(file: file, path: path), message))
    }

    func run(bytes: Int) {
        summary.bytes = bytes
        let root = json.root
        guard json.kind(root) == .object else {
            add(LottieFindings.notObject, "$", "the file is a JSON \(json.kind(root)), not an animation object")
            return
        }
        topLevel(root)
        canvasSide = max(
            1, [json.member(root, "w"), json.member(root, "h")].compactMap { $0.flatMap(json.number) }.filter(\.isFinite).max() ?? 1)
        var assetsByID: [String: Int32] = [:]
        var assetPaths: [Int32: String] = [:]
        if let assets = json.member(root, "assets") {
            if json.kind(assets) == .array {
                summary.assets = json.count(assets)
                for (index, asset) in json.elements(assets).enumerated() {
                    assetPaths[asset] = "$.assets[\(index)]"
                    checkAsset(asset, path: "$.assets[\(index)]", into: &assetsByID)
                }
            } else {
                add(LottieFindings.assetsType, "$.assets", "assets must be an array")
            }
        }
        if imagePixels > Self.maxImagePixels {
            add(
                LottieFindings.imagesPixels, "$.assets",
                "the images decode to \(PlainNumber.text((imagePixels / 1_000_000).rounded())) megapixels "
                    + "(\(PlainNumber.text((imagePixels * 4 / 1_048_576).rounded())) MB of memory), more than the "
                    + "\(PlainNumber.text(Self.maxImagePixels / 1_000_000)) a loader can spend; scale them to the size they are shown at")
        }
        let fonts = fontNames(root)
        if let layers = json.member(root, "layers"), json.kind(layers) == .array {
            summary.layers = checkLayers(layers, path: "$.layers", assets: assetsByID, fonts: fonts)
        }
        for asset in assetsByID.values.sorted() {
            if let layers = json.member(asset, "layers"), json.kind(layers) == .array {
                checkLayers(layers, path: "\(assetPaths[asset] ?? "$.assets").layers", assets: assetsByID, fonts: fonts)
            }
        }
        checkCycles(assetsByID)
        if !findings.contains(where: { $0.code == LottieFindings.precompCycle.code }) { checkLayerInstances(root, assets: assetsByID) }
        countExpressions()
        if let expressions = unsupported["expressions"] { gap("expressions", expressions.first) }
        reportUnsupported()
        reportRlottieGaps()
        if legacyProperties > 0 && profile == .spec {
            add(
                LottieFindings.propertyLegacy, firstLegacyPath ?? "$",
                "\(legacyProperties) animatable propert\(legacyProperties == 1 ? "y lacks" : "ies lack") the \"a\" flag (a legacy export); Lottie spec 1.0 requires \"a\": 0 or 1 (lottie-ios accepts it)"
            )
        }
        fitness()
    }

    // MARK: Top level

    func topLevel(_ root: Int32) {
        switch json.member(root, "v").map({ json.kind($0) }) {
        case nil:
            // The spec schema does not require "v", but lottie-ios will not load a file without it.
            add(
                LottieFindings.versionMissing, severity: profile == .ios ? .error : .warning, "$.v",
                "there is no \"v\" (bodymovin version); lottie-ios refuses a file without it")
        case .string?:
            summary.version = json.member(root, "v").flatMap(json.string)
        default:
            add(LottieFindings.versionType, "$.v", "\"v\" must be a version string such as \"5.7.4\"")
        }
        var frameRate = json.finiteNumber(root, "fr")
        summary.frameRate = frameRate
        if frameRate == nil || frameRate! <= 0 {
            add(LottieFindings.frameRateInvalid, "$.fr", "\"fr\" (frames per second) must be a number above 0")
        } else if let rate = frameRate, !LottieValidator.playableFrameRates.contains(rate) {
            add(
                LottieFindings.frameRateOutOfRange, "$.fr",
                "\"fr\" is \(PlainNumber.text(rate)) frames per second; exports use 1 to 120 and players cannot keep \(rate < 1 ? "so few" : "so many") "
                    + "(dots-sso reads 0.01 to 1000)")
            frameRate = nil
        }
        let inPoint = json.finiteNumber(root, "ip"), outPoint = json.finiteNumber(root, "op")
        if let inPoint, let outPoint {
            if inPoint >= outPoint {
                add(
                    LottieFindings.framesInvalid, "$.op",
                    "the animation ends (op \(PlainNumber.text(outPoint))) before it starts (ip \(PlainNumber.text(inPoint)))")
            } else if let frameRate, frameRate > 0, case let duration = (outPoint - inPoint) / frameRate, duration.isFinite {
                summary.durationSeconds = duration
            }
        } else {
            add(LottieFindings.framesMissing, inPoint == nil ? "$.ip" : "$.op", "\"ip\" and \"op\" (first and last frame) are required")
        }
        for key in ["w", "h"] as [StaticString] {
            let value = json.finiteNumber(root, key)
            let name = key.description
            if key.description == "w" { summary.width = value } else { summary.height = value }
            guard let value, value > 0 else {
                add(LottieFindings.sizeInvalid, "$.\(name)", "\"\(name)\" must be a number above 0 (the canvas size in pixels)")
                continue
            }
            if value != value.rounded() {
                add(
                    LottieFindings.sizeNonInteger, severity: profile == .spec ? .warning : .info, "$.\(name)",
                    "\"\(name)\" is \(PlainNumber.text(value)); the spec requires an integer (lottie-ios rounds it)")
            }
        }
        if json.member(root, "layers").map({ json.kind($0) == .array }) != true {
            add(LottieFindings.layersMissing, "$.layers", "\"layers\" must be an array of layers")
        }
        if let chars = json.member(root, "chars"), json.count(chars) > 0 {
            note("glyph rendering (chars)", "$.chars")
        }
    }

    func fontNames(_ root: Int32) -> Set<String> {
        guard let list = json.member(root, "fonts").flatMap({ json.member($0, "list") }) else { return [] }
        return Set(json.elements(list).compactMap { json.member($0, "fName").flatMap(json.string) })
    }

    // MARK: Assets

    func checkAsset(_ asset: Int32, path: String, into assets: inout [String: Int32]) {
        guard let idNode = json.member(asset, "id") else {
            add(LottieFindings.assetIDMissing, path, "the asset has no \"id\", so no layer can use it")
            return
        }
        let id = json.string(idNode) ?? json.number(idNode).map(PlainNumber.text) ?? "?"
        if assets[id] != nil {
            add(LottieFindings.assetIDDuplicate, "\(path).id", "asset id \"\(id)\" is used twice")
        }
        assets[id] = asset
        if json.member(asset, "layers") != nil { return }  // a precomposition
        let declared = ["w", "h"].compactMap { json.member(asset, $0).flatMap(json.number) }.filter { $0.isFinite && $0 > 0 }
        let declaredPixels = declared.count == 2 ? declared[0] * declared[1] : 0
        guard let pathNode = json.member(asset, "p"), let name = json.string(pathNode) else { return }
        let type = json.member(asset, "t").flatMap { json.number($0) }
        if type == 3 {
            add(
                LottieFindings.assetDataFootage, severity: profile == .ios ? .warning : .error, path,
                "asset \"\(id)\" is data footage (t: 3, \(name)), \(profile == .ios ? "which lottie-ios does not load" : "an asset form Lottie spec 1.0 does not define")"
            )
            return
        }
        let embedded = json.member(asset, "e").flatMap { json.number($0) } == 1
        if name.hasPrefix("data:") {
            guard let comma = name.firstIndex(of: ","), name[..<comma].hasSuffix(";base64"),
                let data = Data(base64Encoded: String(name[name.index(after: comma)...]), options: .ignoreUnknownCharacters), !data.isEmpty
            else {
                // The spec only asks for a data URL; lottie-ios has to decode it, so an undecodable image is missing on iOS.
                add(
                    LottieFindings.imageEmbeddedInvalid, severity: profile == .ios ? .error : .warning, "\(path).p",
                    "image asset \"\(id)\" has a data URL whose base64 does not decode; the image will not show")
                return
            }
            summary.embeddedImageBytes += data.count
            let header = ImageDimensions.of(data).map { Double($0.width) * Double($0.height) } ?? 0
            imagePixels += max(declaredPixels, header)
            if !Self.looksLikeImage(data) {
                add(
                    LottieFindings.imageEmbeddedFormat, "\(path).p",
                    "image asset \"\(id)\" decodes to \(data.count) bytes that are not PNG, JPEG, GIF or WebP")
            }
        } else if embedded {
            add(
                LottieFindings.imageEmbeddedInvalid, "\(path).p",
                "image asset \"\(id)\" says it is embedded (e: 1) but \"\(name)\" is not a data URL")
        } else if let archiveImages {
            imagePixels += declaredPixels
            if !archiveImages.contains(name) {
                add(
                    LottieFindings.imageMissingInArchive, "\(path).p",
                    "image asset \"\(id)\" points to \(name), which the .lottie archive does not carry in its images folder; the image will not show"
                )
            }
        } else {
            let folder = json.member(asset, "u").flatMap(json.string) ?? ""
            // The spec allows external images; a single JSON deliverable cannot carry them.
            add(
                LottieFindings.imageExternal, severity: profile == .ios ? .error : .info, "\(path).p",
                "image asset \"\(id)\" points to the file \(folder)\(name), which a single JSON deliverable cannot carry; embed it as a base64 data URL (bodymovin: \"Include in json\")"
            )
        }
    }

    static func looksLikeImage(_ data: Data) -> Bool {
        let prefixes: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], [0x47, 0x49, 0x46], [0x52, 0x49, 0x46, 0x46]]
        return prefixes.contains { data.starts(with: $0) }
    }

    // MARK: Layers

    /// Parent chains must end: layers that parent each other in a loop (1 → 2 → 1, or a layer its own parent) send
    /// players resolving transforms up the chain round forever. Each loop is reported once, in linear time.
    func checkParentCycles(_ links: [LayerLinks], path: String, indices: LayerPositions) {
        let parentOf = links.map { $0.parent.flatMap { indices[$0] } }
        // 0: not visited, 1: on the chain being walked, 2: known to end (or already reported).
        var state = [UInt8](repeating: 0, count: links.count)
        // One buffer for every chain walked (a new array a layer was an allocation for each of tens of thousands).
        var chain: [Int] = []
        for start in links.indices where state[start] == 0 {
            chain.removeAll(keepingCapacity: true)
            var current: Int? = start
            while let node = current, state[node] == 0 {
                state[node] = 1
                chain.append(node)
                current = parentOf[node]
            }
            if let node = current, state[node] == 1, let loopStart = chain.firstIndex(of: node) {
                let loop = chain[loopStart...]
                let named = (loop + [node]).map { links[$0].ind.map(PlainNumber.text) ?? "?" }
                add(
                    LottieFindings.layerParentCycle, "\(path)[\(loop.min() ?? node)].parent",
                    "layers parent each other in a loop (ind \(named.joined(separator: " → "))); players follow parents forever or crash: break the chain"
                )
            }
            for node in chain { state[node] = 2 }
        }
    }

    /// Checks a list of layers and returns how many it holds (counted once: a second walk over 88,928 layers of the
    /// bench's animation took 2.5 ms with the other core idle).
    @discardableResult
    func checkLayers(_ layers: Int32, path: String, assets: [String: Int32], fonts: Set<String>) -> Int {
        var list: [Int32] = []
        json.forEachElement(layers) { _, layer in list.append(layer) }
        let elements = list
        let links = LayerLinks.of(elements, in: json, apartFrom: layersCheckedApart)
        linksByList[layers] = links
        var indices = LayerPositions(layers: links.count)
        for (position, link) in links.enumerated() {
            if let index = link.ind {
                if let previous = indices[index] {
                    add(
                        LottieFindings.layerIndexDuplicate, "\(path)[\(position)].ind",
                        "layers \(previous) and \(position) share ind \(PlainNumber.text(index)); parenting and mattes become ambiguous"
                    )
                } else {
                    indices.insert(index, at: position)
                }
            }
        }
        checkParentCycles(links, path: path, indices: indices)
        guard elements.count >= layersCheckedApart else {
            for (position, layer) in elements.enumerated() {
                checkLayer(layer, position: position, path: path, indices: indices, assets: assets, fonts: fonts)
            }
            return elements.count
        }
        // Tens of thousands of layers: shares of them checked on every core, each by a walk of its own with nothing
        // found yet, then taken in in order, so the findings are the ones (in the order) one walk finds.
        let (json, file, profile, canvasSide, strokeSaid) = (json, file, profile, canvasSide, reportedStroke)
        let knownIndices = indices
        let parts = ThreadShares.run(count: elements.count, minimumShare: layersCheckedApart / 2) { range in
            let part = LottieWalk(json: json.twin(), file: file, profile: profile)
            part.canvasSide = canvasSide
            part.reportedStroke = strokeSaid
            for position in range {
                part.checkLayer(elements[position], position: position, path: path, indices: knownIndices, assets: assets, fonts: fonts)
            }
            return part.found
        }
        for part in parts { takeIn(part) }
        return elements.count
    }

    /// From this many layers in one list, they are checked in shares on every core (tests set it out of reach to
    /// compare with one walk).
    var layersCheckedApart = 2_000

    /// What a walk found, handed from a share of the layers to the walk that takes it in.
    struct Found: Sendable {
        var findings: [Finding]
        var rlottieGaps: [String: String]
        var unsupported: [String: (first: String, count: Int)]
        var legacyProperties: Int
        var firstLegacyPath: String?
        var reportedStroke: Bool
    }

    var found: Found {
        Found(
            findings: findings, rlottieGaps: rlottieGaps, unsupported: unsupported, legacyProperties: legacyProperties,
            firstLegacyPath: firstLegacyPath, reportedStroke: reportedStroke)
    }

    /// What a share of the layers found, after everything found before it: findings appended (the stroke finding
    /// only if none was made yet, as one walk makes it once), counts added, firsts kept where there were some.
    func takeIn(_ part: Found) {
        let strokeSaid = reportedStroke
        findings += part.findings.filter { !(strokeSaid && $0.code == LottieFindings.strokeWidth.code) }
        reportedStroke = reportedStroke || part.reportedStroke
        for (feature, gapPath) in part.rlottieGaps where rlottieGaps[feature] == nil { rlottieGaps[feature] = gapPath }
        for (feature, seen) in part.unsupported {
            unsupported[feature] = unsupported[feature].map { ($0.first, $0.count + seen.count) } ?? seen
        }
        legacyProperties += part.legacyProperties
        firstLegacyPath = firstLegacyPath ?? part.firstLegacyPath
    }

    /// One layer of a list: its type, timing, transform, parent, asset, the features players differ on, its masks,
    /// shapes and text.
    func checkLayer(
        _ layer: Int32, position: Int, path: String, indices: LayerPositions, assets: [String: Int32], fonts: Set<String>
    ) {
        // Paths are spelled out only for a finding: a layer has none most of the time, and an animation has tens of
        // thousands of layers and shapes (building each path was a fifth of the walk).
        func layerPath() -> String { "\(path)[\(position)]" }
        guard json.kind(layer) == .object else {
            add(LottieFindings.layerType, layerPath(), "each layer must be an object")
            return
        }
        let field = LayerFields(json, layer)
        guard let type = json.finiteNumber(field.ty) else {
            add(LottieFindings.layerTypeMissing, "\(layerPath()).ty", "the layer has no numeric \"ty\" (layer type)")
            return
        }
        let known = Int(exactly: type).map(LottieValidator.knownLayerTypes.contains) ?? false
        if !known {
            add(
                LottieFindings.layerTypeUnknown, severity: profile == .ios ? .warning : .info, "\(layerPath()).ty",
                "layer type \(PlainNumber.text(type)) is unknown\(profile == .ios ? "; lottie-ios renders it as nothing" : " (allowed by the spec, ignored by players)")"
            )
        }
        // Each named in turn, not from an array of pairs: that was an allocation for every layer.
        func timing(_ key: StaticString, _ value: Int32?) {
            guard known, json.finiteNumber(value) == nil else { return }
            add(LottieFindings.layerTimingMissing, "\(layerPath()).\(key)", "the layer has no numeric \"\(key)\"")
        }
        timing("ip", field.ip)
        timing("op", field.op)
        timing("st", field.st)
        // The skew, noted while the transform's properties are checked rather than found by a scan of its own.
        var skew: Int32?
        if !known {
            skew = field.ks.flatMap { json.member($0, "sk") }
        } else {
            if let transform = field.ks {
                skew = properties(in: transform, path: { "\(layerPath()).ks" }, noting: "sk")
            } else {
                add(LottieFindings.layerTransformMissing, "\(layerPath()).ks", "the layer has no transform \"ks\"")
            }
        }
        if let parent = json.finiteNumber(field.parent), indices[parent] == nil {
            add(
                LottieFindings.layerParentMissing, "\(layerPath()).parent",
                "parent \(PlainNumber.text(parent)) is not the ind of any layer in the same composition")
        }
        if (type == 0 || type == 2), let reference = field.refId.flatMap(json.string), assets[reference] == nil {
            add(LottieFindings.assetMissing, "\(layerPath()).refId", "the layer uses asset \"\(reference)\", which is not in assets")
        }
        if json.finiteNumber(field.ao) == 1 { note("auto-orient", "\(layerPath()).ao") }
        if json.finiteNumber(field.ddd) == 1 { note("3D layers", "\(layerPath()).ddd") }
        if let matte = json.finiteNumber(field.tt), matte == 3 || matte == 4 { note("luma mattes", "\(layerPath()).tt") }
        if let blend = json.finiteNumber(field.bm), blend != 0 { note("blend modes", "\(layerPath()).bm") }
        if let stretch = json.finiteNumber(field.sr), stretch != 1 { note("time stretch", "\(layerPath()).sr") }
        if type == 5 { gap("text layers", layerPath()) }
        if let skew, let value = json.member(skew, "k"),
            json.kind(value) != .number || json.number(value) != 0
        {
            gap("skew", "\(layerPath()).ks.sk")
        }
        if let effects = field.ef, json.count(effects) > 0 { gap("layer effects", "\(layerPath()).ef") }
        if let effects = field.ef {
            for (index, effect) in json.elements(effects).enumerated() where json.finiteNumber(effect, "ty") != 25 {
                note("effects other than drop shadow", "\(layerPath()).ef[\(index)]")
            }
        }
        if let styles = field.sy, json.count(styles) > 0 { note("layer styles", "\(layerPath()).sy") }
        if let masks = field.masksProperties {
            for (index, mask) in json.elements(masks).enumerated() {
                properties(in: mask, path: { "\(layerPath()).masksProperties[\(index)]" })
            }
        }
        if let shapes = field.shapes { checkShapes(shapes, path: { "\(layerPath()).shapes" }) }
        if type == 5 { checkText(layer, path: layerPath(), fonts: fonts) }
    }

    /// Copies a player draws of what repeaters repeat: lottie-ios and rlottie build every copy, so a 1 KB file with
    /// a repeater of a billion copies asks for gigabytes. Beyond this many, a warning with the count.
    static let maxRepeaterCopies = 10_000.0

    func checkShapes(_ shapes: Int32, path: () -> String, copies: Double = 1) {
        // Shape groups nest; depth is bounded by the parser's nesting limit. A repeater multiplies what precedes it
        // in its group, nested repeaters multiply each other.
        var copies = copies
        // Each item with its "ty" (-1 for none), found in the first loop and kept on the stack for the second, which
        // needs every repeater of the list counted first (an array of them was two allocations for each of tens of
        // thousands of lists; looking "ty" up again, a scan of each item more).
        let count = json.isArray(shapes) ? json.count(shapes) : 0
        withUnsafeTemporaryAllocation(of: (item: Int32, type: Int32).self, capacity: count) { items in
            json.forEachElement(shapes) { index, shape in
                let type = json.member(shape, "ty")
                items.initializeElement(at: index, to: (shape, type ?? -1))
                guard let type, json.stringEquals(type, "rp") else { return }
                copies *= max(1, repeaterCopies(shape))
                if copies > Self.maxRepeaterCopies {
                    add(
                        LottieFindings.repeaterCopies, "\(path())[\(index)].c",
                        "repeaters here draw \(PlainNumber.text(copies.rounded())) copies; players build every one (lottie-ios and rlottie would need "
                            + "gigabytes), so keep them under \(Int(Self.maxRepeaterCopies))")
                    copies = 1  // said once for this nesting
                }
            }
            for (index, (shape, typeNode)) in items.enumerated() {
                func shapePath() -> String { "\(path())[\(index)]" }
                guard typeNode >= 0, json.kind(typeNode) == .string else {
                    add(LottieFindings.shapeTypeMissing, shapePath(), "the shape item has no \"ty\"")
                    continue
                }
                // Compared packed (a String made and hashed for each item was a tenth of the walk); nil is a longer type.
                let type = json.shortName(typeNode)
                if type.map(LottieValidator.knownShapeTypes.contains) != true {
                    add(
                        LottieFindings.shapeTypeUnknown, severity: profile == .ios ? .warning : .info, "\(shapePath()).ty",
                        "shape type \"\(json.string(typeNode) ?? "")\" is unknown and is skipped")
                }
                if type == Self.stroke || type == Self.gradientStroke, !reportedStroke, let width = strokeWidth(shape),
                    width > Self.maxStrokeFactor * canvasSide
                {
                    reportedStroke = true
                    add(
                        LottieFindings.strokeWidth, "\(shapePath()).w",
                        "the stroke is \(PlainNumber.text(width.rounded())) wide on a canvas of \(PlainNumber.text(canvasSide)); players "
                            + "outline it at that width (seconds to minutes a frame); keep it near the canvas size")
                }
                if type == Self.mergePaths {
                    note("merge paths", shapePath())
                    gap("merge paths", shapePath())
                }
                if type == Self.group, let groupItems = json.member(shape, "it") {
                    checkShapes(groupItems, path: { "\(shapePath()).it" }, copies: copies)
                } else {
                    properties(in: shape, path: shapePath)
                }
            }
        }
    }

    static let (group, stroke, gradientStroke, mergePaths) = (
        CompactJSON.ShortName("gr"), CompactJSON.ShortName("st"), CompactJSON.ShortName("gs"), CompactJSON.ShortName("mm")
    )

    /// Decoded image pixels beyond which a loader is too costly to draw (64 megapixels: 256 MB as RGBA, the whole
    /// budget of a drawing child; a full-screen image on the largest phone is under 4).
    static let maxImagePixels = 64_000_000.0

    /// A stroke wider than this many canvas sides covers the canvas many times over and costs rlottie (and lottie-ios)
    /// time in proportion to its width.
    static let maxStrokeFactor = 100.0

    /// A stroke's width: its static `w`, or the largest of its keyframes (absolute: a negative width is drawn as wide).
    func strokeWidth(_ stroke: Int32) -> Double? {
        values(of: json.member(stroke, "w")).map(abs).max()
    }

    /// A repeater's copy count: its static `c`, or the largest of its keyframes.
    func repeaterCopies(_ repeater: Int32) -> Double {
        values(of: json.member(repeater, "c")).max() ?? 1
    }

    /// An animatable property's finite numbers: its static `k`, or each keyframe's start value (its first number).
    func values(of property: Int32?) -> [Double] {
        guard let property, let value = json.member(property, "k") else { return [] }
        if let number = json.number(value) { return number.isFinite ? [number] : [] }
        let starts = json.elements(value).compactMap { frame in
            json.member(frame, "s").flatMap { start in json.number(start) ?? json.firstElement(start).flatMap(json.number) }
        }
        return starts.filter(\.isFinite)
    }

    /// Layers a player instantiates: every precomposition layer instantiates its asset's layers again, so 12
    /// precomps each used four times by the next are 4^12 instances in a file of a few kilobytes. Beyond this many, a
    /// warning with the count (the top-level layer cap counts only the top level).
    static let maxLayerInstances = 5_000.0

    func checkLayerInstances(_ root: Int32, assets: [String: Int32]) {
        var memo: [String: Double] = [:]
        func instances(of layers: Int32, depth: Int) -> Double {
            guard depth < 64 else { return .infinity }
            var total = 0.0
            // Read when the list was checked; a list no check reached (not an array) has no layers.
            for link in linksByList[layers] ?? [] {
                total += 1
                if let reference = link.precompReference, let asset = assets[reference],
                    let inner = json.member(asset, "layers")
                {
                    let count = memo[reference] ?? instances(of: inner, depth: depth + 1)
                    memo[reference] = count
                    total += count
                }
                if total > 1e15 { return total }
            }
            return total
        }
        guard let layers = json.member(root, "layers"), json.kind(layers) == .array else { return }
        let total = instances(of: layers, depth: 0)
        if total > Self.maxLayerInstances {
            add(
                LottieFindings.layersInstances, "$.assets",
                "precompositions used inside each other make \(total.isFinite ? PlainNumber.text(total) : "unboundedly many") layer instances; "
                    + "players build each one (lottie-ios would choke too), so keep them under \(Int(Self.maxLayerInstances))")
        }
    }

    func checkText(_ layer: Int32, path: String, fonts: Set<String>) {
        guard let keyframes = json.member(layer, "t").flatMap({ json.member($0, "d") }).flatMap({ json.member($0, "k") }) else { return }
        for (index, keyframe) in json.elements(keyframes).enumerated() {
            if let font = json.member(keyframe, "s").flatMap({ json.member($0, "f") }).flatMap(json.string), !fonts.contains(font) {
                add(
                    LottieFindings.fontMissing, "\(path).t.d.k[\(index)].s.f",
                    "the text uses font \"\(font)\", which is not in fonts.list")
            }
        }
    }

    // MARK: Properties

    /// Checks every animatable property (an object with "k") directly inside `node`, and returns the value of its
    /// member `noting` (the last, as `member` finds it): a caller that needs one more member of it scans it once.
    @discardableResult
    func properties(in node: Int32, path: () -> String, noting: StaticString? = nil) -> Int32? {
        var noted: Int32?
        json.forEachMember(node) { key, value in
            if let noting, json.stringEquals(key, noting) { noted = value }
            guard json.isObject(value) else { return }
            // Paths are spelled out only for a finding: most properties have none.
            func propertyPath() -> String { "\(path()).\(json.string(key) ?? "?")" }
            let field = json.members(value, Self.propertyKeys)
            if let animated = field[0] {
                property(animated, animatedFlag: field[1], path: propertyPath)
            } else if json.stringEquals(key, "p"), json.member(value, "s") != nil {
                // Split position: x and y (and z) are separate properties.
                for axis in ["x", "y", "z"] as [StaticString] {
                    guard let part = json.member(value, axis) else { continue }
                    let partField = json.members(part, Self.propertyKeys)
                    if let animated = partField[0] {
                        property(animated, animatedFlag: partField[1], path: { "\(propertyPath()).\(axis.description)" })
                    }
                }
            }
        }
        return noted
    }

    /// What `property` reads of an animatable property, in one pass over its members (each property was scanned
    /// once for "k" and again for "a", and an animation has a dozen properties a layer): "k" and "a".
    static let propertyKeys = CompactJSON.KeySet(["k", "a"])

    /// What `property` reads of each keyframe: its time "t" and start value "s".
    static let keyframeKeys = CompactJSON.KeySet(["t", "s"])

    /// One animatable property, whose "k" is `value` and "a" `animatedFlag` (the caller found them).
    func property(_ value: Int32, animatedFlag: Int32?, path: () -> String) {
        if json.isObject(value) {
            let inner = json.members(value, Self.propertyKeys)
            if let innerValue = inner[0] {
                // A gradient wraps its colour property: {"p": 3, "k": {"a": 0, "k": […]}}.
                property(innerValue, animatedFlag: inner[1], path: { "\(path()).k" })
                return
            }
        }
        let keyframes =
            json.isArray(value) && json.firstElement(value).map { json.isObject($0) && json.member($0, "t") != nil } == true
        switch animatedFlag.map({ json.kind($0) == .number ? json.number($0)! : -1 }) {
        case nil:
            legacyProperties += 1
            if firstLegacyPath == nil { firstLegacyPath = path() }
        case 0?:
            if keyframes {
                add(LottieFindings.propertyStaticKeyframes, "\(path()).k", "the property says it is static (a: 0) but holds keyframes")
            }
            return
        case 1?:
            if !keyframes {
                add(
                    LottieFindings.propertyAnimatedValue, "\(path()).k",
                    "the property says it is animated (a: 1) but \"k\" is not an array of keyframes")
                return
            }
        default:
            add(LottieFindings.propertyAnimatedFlag, "\(path()).a", "\"a\" must be 0 (static) or 1 (animated)")
            return
        }
        guard keyframes else { return }
        let count = json.count(value)
        var previous = -Double.infinity
        json.forEachElement(value) { index, frame in
            // "t" and "s" in one scan of the keyframe (one for each, and "s" twice, was three).
            let field = json.members(frame, Self.keyframeKeys)
            guard let time = json.finiteNumber(field[0]) else {
                add(LottieFindings.keyframeTimeMissing, "\(path()).k[\(index)].t", "the keyframe has no numeric \"t\" (frame)")
                return
            }
            if time < previous {
                add(
                    LottieFindings.keyframeOrder, "\(path()).k[\(index)].t",
                    "keyframes must be in time order (\(PlainNumber.text(time)) comes after \(PlainNumber.text(previous)))")
            }
            previous = time
            let isLast = index == count - 1
            if field[1] == nil && !isLast {
                add(LottieFindings.keyframeValueMissing, "\(path()).k[\(index)].s", "the keyframe has no start value \"s\"")
            } else if field[1] == nil && profile == .spec {
                legacyProperties += 1
                if firstLegacyPath == nil { firstLegacyPath = "\(path()).k[\(index)]" }
            }
        }
    }

    // MARK: References and features

    func checkCycles(_ assets: [String: Int32]) {
        var graph: [String: [String]] = [:]
        for (id, asset) in assets {
            guard let layers = json.member(asset, "layers") else { continue }
            graph[id] = json.elements(layers).compactMap { layer in
                json.finiteNumber(layer, "ty") == 0 ? json.member(layer, "refId").flatMap(json.string) : nil
            }
        }
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        var reported = Set<String>()
        for start in graph.keys.sorted() where state[start] == nil {
            // Iterative DFS with an explicit path so a cycle can be named.
            var stack: [(String, Int)] = [(start, 0)]
            state[start] = 1
            while let (node, next) = stack.last {
                let edges = graph[node] ?? []
                if next < edges.count {
                    stack[stack.count - 1].1 += 1
                    let target = edges[next]
                    if state[target] == 1 {
                        let cycle = stack.map(\.0).drop { $0 != target } + [target]
                        let name = cycle.joined(separator: " → ")
                        if reported.insert(Set(cycle).sorted().joined()).inserted {
                            add(LottieFindings.precompCycle, "$.assets", "precompositions include each other in a cycle: \(name)")
                        }
                    } else if state[target] == nil, graph[target] != nil {
                        state[target] = 1
                        stack.append((target, 0))
                    }
                } else {
                    state[node] = 2
                    stack.removeLast()
                }
            }
        }
    }

    /// Expressions can sit on any animatable property (transforms, shapes, effects, layer styles, text):
    /// one scan over every object finds them all, and the first one is located by line.
    func countExpressions() {
        guard json.mayHaveStringMember("x") else { return }  // most animations have none: no need to visit every object
        var first: Int32?
        var count = 0
        for node in json.allContainers where json.kind(node) == .object {
            // One scan per object for both keys (the last "x" counts, as in `member`).
            var expression: Int32?
            var animatable = false
            for (key, value) in json.members(node) {
                if json.stringEquals(key, "x") { expression = value } else if json.stringEquals(key, "k") { animatable = true }
            }
            guard let expression, json.kind(expression) == .string, animatable else { continue }
            if first == nil { first = expression }
            count += 1
        }
        guard let first else { return }
        let (line, column) = json.position(of: json.offset(first))
        unsupported["expressions"] = (first: "line \(line), column \(column)", count: count)
    }

    func note(_ feature: String, _ path: String) {
        if let seen = unsupported[feature] {
            unsupported[feature] = (seen.first, seen.count + 1)
        } else {
            unsupported[feature] = (path, 1)
        }
    }

    func gap(_ feature: String, _ path: String) {
        if rlottieGaps[feature] == nil { rlottieGaps[feature] = path }
    }

    /// One line saying the pictures dots-sso draws (previews, the frames `check` and `validate` look at) leave
    /// something out: the app's player is what counts, and it may draw more (or, see above, less).
    func reportRlottieGaps() {
        guard !rlottieGaps.isEmpty else { return }
        let list = rlottieGaps.sorted { $0.key < $1.key }.map { "\($0.key) (first at \($0.value))" }.joined(separator: ", ")
        add(
            LottieFindings.rlottieUnderDraws, rlottieGaps.sorted { $0.key < $1.key }[0].value,
            "rlottie, which draws dots-sso's previews and frame checks, does not draw \(list): the pictures under-draw this animation")
    }

    func reportUnsupported() {
        guard profile == .ios else { return }
        for (feature, use) in unsupported.sorted(by: { $0.key < $1.key }) {
            add(
                LottieFindings.iosUnsupported, use.first,
                "\(feature): used \(use.count == 1 ? "once" : "in \(use.count) places") (first at \(use.first)); lottie-ios does not support \(feature), so it will render differently or not at all"
            )
        }
    }

    func fitness() {
        let kb = summary.bytes / 1024
        if summary.bytes > 500 * 1024 {
            add(
                LottieFindings.fitnessFileSize, "$",
                "the file is \(kb) KB; a loading icon is downloaded with the app config, keep it under 500 KB")
        } else if summary.bytes > 150 * 1024 {
            add(LottieFindings.fitnessFileSize, severity: .info, "$", "the file is \(kb) KB")
        }
        if let width = summary.width, let height = summary.height, max(width, height) > 1024 {
            add(
                LottieFindings.fitnessCanvas, "$.w",
                "the canvas is \(PlainNumber.text(width))×\(PlainNumber.text(height)) px; the loading icon is shown small, a smaller canvas renders faster"
            )
        }
        if let duration = summary.durationSeconds, duration > 10 {
            add(
                LottieFindings.fitnessDuration, "$.op",
                "the animation is \(PlainNumber.fixed(duration, places: 1)) s long; a loading icon loops, 1–5 s is typical")
        }
        if let rate = summary.frameRate, rate > 60 {
            add(
                LottieFindings.fitnessFrameRate, "$.fr",
                "\(PlainNumber.text(rate)) fps is more than iOS displays on most devices (60)")
        }
        if summary.embeddedImageBytes > 100 * 1024 {
            add(
                LottieFindings.fitnessImages, "$.assets",
                "embedded images weigh \(summary.embeddedImageBytes / 1024) KB; vector shapes keep a loading icon light and sharp")
        }
    }

}

/// The keys of a layer `checkLayer` reads, found in one pass over its members (see `CompactJSON.members`): asked one
/// by one, the dozen keys a layer usually lacks each meant a scan of all its members.
struct LayerFields {
    static let keys = CompactJSON.KeySet([
        "ty", "ip", "op", "st", "ks", "parent", "refId", "ao", "ddd", "tt", "bm", "sr", "ef", "sy", "masksProperties", "shapes",
    ])
    let ty, ip, op, st, ks, parent, refId, ao, ddd, tt, bm, sr, ef, sy, masksProperties, shapes: Int32?

    init(_ json: CompactJSON, _ layer: Int32) {
        let values = json.members(layer, Self.keys)
        (ty, ip, op, st, ks, parent, refId, ao) = (values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7])
        (ddd, tt, bm, sr, ef, sy, masksProperties, shapes) = (
            values[8], values[9], values[10], values[11], values[12], values[13], values[14], values[15]
        )
    }
}

/// What the checks over a whole list of layers read of each layer, before any layer is checked: its `ind` and
/// `parent` (finite numbers, else nil) for parenting, and the asset a precomposition layer (`ty` 0) names in `refId`
/// for counting instances.
struct LayerLinks: Sendable {
    static let keys = CompactJSON.KeySet(["ind", "parent", "ty", "refId"])
    let ind, parent: Double?
    let precompReference: String?

    /// Each layer's links, found in one pass over its members; from `apartFrom` layers in shares on every core, as
    /// `checkLayers` checks them (each share reading a twin of the document, see `CompactJSON.twin`), where one thread
    /// asking each layer for each key was the longest stretch of a 50 MB animation's walk on one core, with the
    /// other idle.
    static func of(_ layers: [Int32], in json: CompactJSON, apartFrom: Int) -> [LayerLinks] {
        @Sendable func links(_ range: Range<Int>, _ json: CompactJSON) -> [LayerLinks] {
            range.map { position in
                let found = json.members(layers[position], keys)
                let precomp = json.finiteNumber(found[2]) == 0
                return LayerLinks(
                    ind: json.finiteNumber(found[0]), parent: json.finiteNumber(found[1]),
                    precompReference: precomp ? found[3].flatMap(json.string) : nil)
            }
        }
        guard layers.count >= apartFrom else { return links(layers.indices, json) }
        return ThreadShares.run(count: layers.count, minimumShare: apartFrom / 2) { links($0, json.twin()) }.flatMap { $0 }
    }
}
