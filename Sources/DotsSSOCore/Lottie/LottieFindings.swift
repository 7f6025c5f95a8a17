import DotsSSOBasics

/// The codes `bodymovin validate` (and `check`'s loading-animation check) reports. Where the severity depends on
/// `--profile`, the registry gives lottie-ios's (the default) and the paragraph says what spec 1.0 makes of it.
package enum LottieFindings {
    private static let spec = "Lottie spec 1.0 (lottie-specs 0.5)"
    private static let ios = "lottie-ios (supported features)"
    private static let dotLottie = "the dotLottie format (dotlottie.io), v1 and v2"
    private static let loader = "seed 000 (the loading animation)"

    // MARK: the file
    static let notObject = FindingCode(
        "lottie.not-object", .error, source: spec, "The file is JSON but not an object (an array, a string), so it is no animation.")
    static let jsonDuplicateKey = FindingCode(
        "lottie.json.duplicate-key", .warning, source: "RFC 8259 §4",
        "A key appears twice in one object. Players keep different copies (most the last, some the first), so two players may show two animations. Keep one."
    )
    static let fileZipNamedJSON = FindingCode(
        "lottie.file.zip-named-json", .warning, source: dotLottie,
        "The file is a dotLottie (zip) archive named .json. It is read as what it is; name it .lottie so players and tools open it as one.")
    static let fileJSONNamedLottie = FindingCode(
        "lottie.file.json-named-lottie", .warning, source: dotLottie,
        "The file is bodymovin JSON named .lottie. It is read as JSON; players that go by the name refuse it, so name it .json.")
    static let versionMissing = FindingCode(
        "lottie.version.missing", .error, source: "\(ios); \(spec)",
        "There is no \"v\" (the bodymovin version). lottie-ios refuses a file without it (an error under \(CLIFlag.profile) ios, a warning under spec)."
    )
    static let versionType = FindingCode(
        "lottie.version.type", .error, source: spec, "\"v\" is not a version string such as \"5.7.4\".")
    static let frameRateInvalid = FindingCode(
        "lottie.frame-rate.invalid", .error, source: spec, "\"fr\" (frames per second) is missing or not a number above 0.")
    static let frameRateOutOfRange = FindingCode(
        "lottie.frame-rate.out-of-range", .error, source: spec,
        "\"fr\" is outside what players can keep (dots-sso reads 0.01 to 1000; exports use 1 to 120).")
    static let framesMissing = FindingCode(
        "lottie.frames.missing", .error, source: spec, "\"ip\" or \"op\" (the first and last frame) is missing; both are required.")
    static let framesInvalid = FindingCode(
        "lottie.frames.invalid", .error, source: spec, "The animation ends (\"op\") before it starts (\"ip\"), so there is nothing to play."
    )
    static let sizeInvalid = FindingCode(
        "lottie.size.invalid", .error, source: spec, "\"w\" or \"h\" (the canvas size in pixels) is missing or not a number above 0.")
    static let sizeNonInteger = FindingCode(
        "lottie.size.non-integer", .info, source: spec,
        "The canvas size is not a whole number. lottie-ios rounds it (info); the spec requires an integer (a warning under \(CLIFlag.profile) spec)."
    )
    static let layersMissing = FindingCode(
        "lottie.layers.missing", .error, source: spec, "\"layers\" is missing or not an array, so the animation draws nothing.")
    static let assetsType = FindingCode(
        "lottie.assets.type", .error, source: spec, "\"assets\" is not an array, so no image or precomposition can be found.")

    // MARK: assets and layers
    static let assetIDMissing = FindingCode(
        "lottie.asset.id-missing", .error, source: spec, "An asset has no \"id\", so no layer can use it.")
    static let assetIDDuplicate = FindingCode(
        "lottie.asset.id-duplicate", .error, source: spec, "Two assets share an id; layers that use it get either one.")
    static let assetDataFootage = FindingCode(
        "lottie.asset.data-footage", .warning, source: "\(ios); \(spec)",
        "An asset is data footage (t: 3), which lottie-ios does not load (a warning) and Lottie spec 1.0 does not define (an error under \(CLIFlag.profile) spec)."
    )
    static let assetMissing = FindingCode(
        "lottie.asset.missing", .error, source: spec, "A layer uses an asset (refId) that is not in \"assets\"; it draws nothing.")
    static let imageEmbeddedInvalid = FindingCode(
        "lottie.image.embedded-invalid", .error, source: "\(spec); RFC 2397 (data URLs)",
        "An image asset's data URL does not decode as base64, so the image will not show (an error under \(CLIFlag.profile) ios, a warning under spec)."
    )
    static let imageEmbeddedFormat = FindingCode(
        "lottie.image.embedded-format", .warning, source: ios,
        "An embedded image decodes to bytes that are not PNG, JPEG, GIF or WebP; players cannot draw it.")
    static let imageExternal = FindingCode(
        "lottie.image.external", .error, source: "\(loader); \(spec)",
        "An image asset points to a file beside the JSON, which a single JSON deliverable cannot carry: embed it as a base64 data URL (bodymovin: \"Include in json\"). An error under \(CLIFlag.profile) ios, info under spec."
    )
    static let imageMissingInArchive = FindingCode(
        "lottie.image.missing-in-archive", .error, source: dotLottie,
        "An image asset of an animation inside a .lottie points to a file the archive's image folder does not hold; the image will not show."
    )
    static let fontMissing = FindingCode(
        "lottie.font.missing", .error, source: spec,
        "A text layer uses a font that is not in \"fonts.list\"; players draw no text or a fallback.")
    static let layerType = FindingCode(
        "lottie.layer.type", .error, source: spec, "An entry of \"layers\" is not an object, so players skip it or refuse the file.")
    static let layerTypeMissing = FindingCode(
        "lottie.layer.type-missing", .error, source: spec,
        "A layer has no numeric \"ty\" (layer type), so players cannot tell what to draw.")
    static let layerTypeUnknown = FindingCode(
        "lottie.layer.type-unknown", .warning, source: "\(ios); \(spec)",
        "A layer's type is not one players know; lottie-ios renders it as nothing (a warning), the spec allows and players ignore it (info under \(CLIFlag.profile) spec)."
    )
    static let layerTimingMissing = FindingCode(
        "lottie.layer.timing-missing", .error, source: spec,
        "A layer lacks a numeric \"ip\", \"op\" or \"st\", so players cannot tell when it shows.")
    static let layerTransformMissing = FindingCode(
        "lottie.layer.transform-missing", .error, source: spec, "A layer has no transform (\"ks\"); players cannot place it.")
    static let layerParentMissing = FindingCode(
        "lottie.layer.parent-missing", .error, source: spec,
        "A layer's \"parent\" is not the \"ind\" of any layer in the same composition, so its position is undefined.")
    static let layerParentCycle = FindingCode(
        "lottie.layer.parent-cycle", .error, source: spec,
        "Layers parent each other in a loop. Players follow parents forever or crash; break the chain.")
    static let layerIndexDuplicate = FindingCode(
        "lottie.layer.index-duplicate", .error, source: spec,
        "Two layers of one composition share an \"ind\", so parenting and mattes that name it are ambiguous.")
    static let precompCycle = FindingCode(
        "lottie.precomp.cycle", .error, source: spec,
        "Precompositions include each other in a cycle. A player would build layers forever; break the cycle.")
    static let layersInstances = FindingCode(
        "lottie.layers.instances", .warning, source: "dots-sso (5,000 layer instances)",
        "Precompositions used inside each other multiply into more than 5,000 layer instances. Players build each one, so lottie-ios would stall or run out of memory; the drawing is skipped."
    )
    static let repeaterCopies = FindingCode(
        "lottie.repeater.copies", .warning, source: "dots-sso (10,000 repeater copies)",
        "Nested repeaters draw more than 10,000 copies. Players build every one (gigabytes for lottie-ios and rlottie); the drawing is skipped."
    )
    static let imagesPixels = FindingCode(
        "lottie.images.pixels", .warning, source: "dots-sso (64 megapixels of images)",
        "The image assets decode to more than 64 megapixels in all (their declared size or their own header's, whichever is larger). Players decode every image when the animation loads, so a phone would spend hundreds of MB on a loader; the drawing is skipped. Scale images to the size they are shown at."
    )
    static let strokeWidth = FindingCode(
        "lottie.stroke.width", .warning, source: "dots-sso (strokes 100 canvas sides wide)",
        "A stroke is more than 100 times as wide as the canvas's larger side. Players outline it at that width, which takes seconds to minutes a frame; the drawing is skipped. Keep strokes near the canvas size."
    )
    static let shapeTypeMissing = FindingCode(
        "lottie.shape.type-missing", .error, source: spec,
        "A shape item has no \"ty\" (shape type), so players cannot tell what to draw and skip it.")
    static let shapeTypeUnknown = FindingCode(
        "lottie.shape.type-unknown", .warning, source: "\(ios); \(spec)",
        "A shape item's type is not one players know, so it is skipped (a warning under \(CLIFlag.profile) ios, info under spec).")

    // MARK: properties and keyframes
    static let propertyAnimatedFlag = FindingCode(
        "lottie.property.animated-flag", .error, source: spec, "An animatable property's \"a\" is neither 0 (static) nor 1 (animated).")
    static let propertyAnimatedValue = FindingCode(
        "lottie.property.animated-value", .error, source: spec,
        "A property says it is animated (a: 1) but \"k\" is not an array of keyframes.")
    static let propertyStaticKeyframes = FindingCode(
        "lottie.property.static-keyframes", .error, source: spec, "A property says it is static (a: 0) but holds keyframes.")
    static let propertyLegacy = FindingCode(
        "lottie.property.legacy", .error, source: spec,
        "Animatable properties lack the \"a\" flag (a legacy export). Lottie spec 1.0 requires \"a\": 0 or 1; lottie-ios accepts the old form, so this is reported under \(CLIFlag.profile) spec only."
    )
    static let keyframeTimeMissing = FindingCode(
        "lottie.keyframe.time-missing", .error, source: spec, "A keyframe has no numeric \"t\" (its frame).")
    static let keyframeOrder = FindingCode(
        "lottie.keyframe.order", .error, source: spec, "Keyframes are not in time order; players jump or skip between them.")
    static let keyframeValueMissing = FindingCode(
        "lottie.keyframe.value-missing", .error, source: spec, "A keyframe (other than the last) has no start value \"s\".")

    // MARK: what players support
    static let iosUnsupported = FindingCode(
        "lottie.ios.unsupported", .warning, source: ios,
        "The animation uses a feature lottie-ios does not support (expressions, merge paths, luma mattes, effects other than drop shadow, glyphs, auto-orient, 3D layers…), so the app will draw it differently or not at all. check treats it as an error."
    )
    package static let rlottieUnderDraws = FindingCode(
        "lottie.rlottie.under-draws", .info, source: "rlottie (Samsung), what it draws",
        "The animation uses what rlottie, which draws dots-sso's previews and frame checks, does not draw (text layers, skew, merge paths, layer effects, expressions). The pictures under-draw it; the app's own player is lottie-ios."
    )

    // MARK: fitness as a loading icon
    static let fitnessCanvas = FindingCode(
        "lottie.fitness.canvas", .info, source: loader,
        "The canvas is over 1024 px a side, large for an icon shown small; a smaller canvas renders faster.")
    static let fitnessDuration = FindingCode(
        "lottie.fitness.duration", .warning, source: loader, "The animation is longer than 10 s. A loading icon loops; 1 to 5 s is typical."
    )
    static let fitnessFrameRate = FindingCode(
        "lottie.fitness.frame-rate", .warning, source: loader,
        "The frame rate is above the 60 fps most iPhones display; the extra frames cost battery for nothing.")
    static let fitnessImages = FindingCode(
        "lottie.fitness.images", .warning, source: loader,
        "Embedded images weigh more than 100 KB. Vector shapes keep a loading icon light and sharp at every size.")
    static let fitnessFileSize = FindingCode(
        "lottie.fitness.file-size", .warning, source: loader,
        "The file is large for a loading icon, which is downloaded with the app's configuration: a warning above 500 KB, info above 150 KB."
    )

    // MARK: what rlottie draws
    package static let renderNothing = FindingCode(
        "lottie.render.nothing", .warning, source: "dots-sso (12 sampled frames drawn by rlottie)",
        "Every sampled frame is fully transparent: a layer that never shows, zero opacity, or a mask hiding everything. Members would see an empty spinner."
    )
    package static let renderOutsideCanvas = FindingCode(
        "lottie.render.outside-canvas", .info, source: "dots-sso (12 sampled frames drawn by rlottie)",
        "Content is drawn outside the canvas; what is outside is cut off.")
    package static let renderSmall = FindingCode(
        "lottie.render.small", .info, source: "dots-sso (12 sampled frames drawn by rlottie)",
        "The content fills under 5 % of the canvas. Crop the canvas so the loader reads at icon size.")
    package static let renderSkipped = FindingCode(
        "lottie.render.skipped", .info, source: "dots-sso (drawing limits)",
        "The frames were not drawn because the animation would build more than any player can (see lottie.repeater.copies, lottie.layers.instances, lottie.images.pixels and lottie.stroke.width) or is beyond the drawing limits."
    )
    package static let renderUnavailable = FindingCode(
        "lottie.render.unavailable", .info, source: "dots-sso (rlottie, loaded on first use)",
        "The frames were not drawn: rlottie is not installed here (apt-get install librlottie0-1) or the drawing could not run. The other checks still hold."
    )
    package static let renderUnloadable = FindingCode(
        "lottie.render.unloadable", .info, source: "rlottie",
        "rlottie could not load the animation, so its frames were not checked; lottie-ios may still play it.")
    static let renderTooCostly = FindingCode(
        "lottie.render.too-costly", .warning, source: "dots-sso (the drawing child's limits: 512 MiB, 20 s of CPU)",
        "Drawing the animation was stopped at a limit. A phone playing it would stall or run out of memory too.")

    // MARK: dotLottie
    static let dotLottieManifestMissing = FindingCode(
        "lottie.dotlottie.manifest-missing", .error, source: dotLottie,
        "The .lottie archive has no manifest.json, so players cannot tell which animations it holds.")
    static let dotLottieManifestInvalid = FindingCode(
        "lottie.dotlottie.manifest-invalid", .error, source: dotLottie,
        "manifest.json is not a JSON object, so players cannot read which animations the archive holds.")
    static let dotLottieVersion = FindingCode(
        "lottie.dotlottie.version", .warning, source: dotLottie, "The manifest's version is neither 1 nor 2; it is read as version 1.")
    static let dotLottieManifestAnimations = FindingCode(
        "lottie.dotlottie.manifest-animations", .error, source: dotLottie,
        "The manifest's \"animations\" is missing or not a list of objects, each with a string id.")
    static let dotLottieAnimationMissing = FindingCode(
        "lottie.dotlottie.animation-missing", .error, source: dotLottie,
        "The manifest lists an animation the archive does not hold (animations/<id>.json in v1, a/<id>.json in v2).")
    static let dotLottieAnimationInvalid = FindingCode(
        "lottie.dotlottie.animation-invalid", .error, source: dotLottie,
        "An animation inside the archive is not readable JSON; the finding gives the position.")
    static let dotLottieInitialUnknown = FindingCode(
        "lottie.dotlottie.initial-unknown", .error, source: dotLottie,
        "The manifest starts with an animation (v2's \"initial.animation\", v1's \"activeAnimationId\") that it does not list.")
    static let dotLottieAnimationUnknown = FindingCode(
        "lottie.dotlottie.animation-unknown", .error, source: dotLottie,
        "FILE.lottie#id names an animation the archive does not hold; the message lists the ones it does.")
    static let dotLottiePlayed = FindingCode(
        "lottie.dotlottie.played", .info, source: "\(loader); \(dotLottie)",
        "The archive holds several animations; this says which one The Dots app plays: the one named after #, else the manifest's initial one, else the first."
    )
    static let dotLottieUnreferenced = FindingCode(
        "lottie.dotlottie.unreferenced", .info, source: dotLottie,
        "An animation file is in the archive but not in the manifest; no player shows it.")
    static let dotLottieUnknownFile = FindingCode(
        "lottie.dotlottie.unknown-file", .info, source: dotLottie,
        "A file in the archive is not part of the dotLottie format; players ignore it.")

    /// The findings of `check` and `bodymovin preview` treat these by name.
    package static let costly: Set<String> = [repeaterCopies.code, layersInstances.code, imagesPixels.code, strokeWidth.code]

    /// Every code above, then the archive's (`lottie.archive.*`).
    package static let all: [FindingCode] =
        [
            notObject, jsonDuplicateKey, fileZipNamedJSON, fileJSONNamedLottie, versionMissing, versionType, frameRateInvalid,
            frameRateOutOfRange, framesMissing, framesInvalid, sizeInvalid, sizeNonInteger, layersMissing, assetsType, assetIDMissing,
            assetIDDuplicate, assetDataFootage, assetMissing, imageEmbeddedInvalid, imageEmbeddedFormat, imageExternal,
            imageMissingInArchive, fontMissing, layerType, layerTypeMissing, layerTypeUnknown, layerTimingMissing, layerTransformMissing,
            layerParentMissing, layerParentCycle, layerIndexDuplicate, precompCycle, layersInstances, repeaterCopies, imagesPixels,
            strokeWidth, shapeTypeMissing,
            shapeTypeUnknown, propertyAnimatedFlag, propertyAnimatedValue, propertyStaticKeyframes, propertyLegacy, keyframeTimeMissing,
            keyframeOrder, keyframeValueMissing, iosUnsupported, rlottieUnderDraws, fitnessCanvas, fitnessDuration, fitnessFrameRate,
            fitnessImages, fitnessFileSize, renderNothing, renderOutsideCanvas, renderSmall, renderSkipped, renderUnavailable,
            renderUnloadable, renderTooCostly, dotLottieManifestMissing, dotLottieManifestInvalid, dotLottieVersion,
            dotLottieManifestAnimations, dotLottieAnimationMissing, dotLottieAnimationInvalid, dotLottieInitialUnknown,
            dotLottieAnimationUnknown, dotLottiePlayed, dotLottieUnreferenced, dotLottieUnknownFile,
        ] + ArchiveFindings.codes(for: .dotLottie)
}
