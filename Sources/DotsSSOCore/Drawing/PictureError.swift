import DotsSSOBasics

/// Why a picture could not be drawn.
package enum PictureError: UserFacingError, Equatable {
    /// rlottie, cairo, pango or zint is not installed (they are loaded on first use, see dots_pictures.h).
    case libraryMissing(String)
    /// The input would make a picture larger than dots-sso draws (a canvas, an image, a file beyond the limits).
    case tooLarge(String)
    /// The input is not drawn: it failed our own checks first (rlottie only ever sees what passed them).
    case refused(String)
    /// The input cannot be read as what it claims to be (a pass.json that is not JSON, an archive that is not a
    /// pass): malformed input, 65.
    case malformed(String)
    /// The library refused to draw (out of memory, an image it cannot decode).
    case cannotDraw(String)

    package var message: String {
        switch self {
        case .libraryMissing(let detail): detail
        case .tooLarge(let detail): detail
        case .refused(let detail): detail
        case .malformed(let detail): detail
        case .cannotDraw(let detail): "cannot draw the picture: \(detail)"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .libraryMissing: .network
        case .tooLarge, .malformed: .malformedInput
        case .refused: .checkFailed
        case .cannotDraw: .internalError
        }
    }
}
