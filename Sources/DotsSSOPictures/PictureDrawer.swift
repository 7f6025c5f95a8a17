import DotsSSOBasics
import DotsSSOCore

/// The one implementation of every drawing job, over rlottie, cairo, pango and zint. The executable puts it on the
/// context (and serves `__draw` children with it); the core never names it.
package struct PictureDrawer: Drawer {
    package init() {}

    package func perform(_ job: DrawingJob) -> DrawingResult {
        var result = DrawingResult()
        do {
            switch job {
            case let .lottieCheck(input, name):
                let bytes = try BodymovinValidateUseCase.read(input)
                let (report, document) = try LottieValidator(profile: .ios).validateKeepingDocument(bytes, file: name)
                result.findings = LottieFrameCheck.findings(bytes, report: report, document: document)
            case let .lottieSheet(input, name, frames, cell, sheet, gif, withFindings):
                let bytes = try BodymovinValidateUseCase.read(input)
                let report = try LottieValidator(profile: .ios).validate(bytes, file: name)
                let (renderer, drawn) = try LottieSheetDrawing.draw(bytes, report: report, frames: frames, cell: cell, to: sheet)
                result.frames = drawn
                if withFindings { result.findings = LottieFrameCheck.findings(bytes, report: report) }
                if let gif { result.gifFrames = try LottieGIF.write(renderer, to: gif) }
            case let .passPreview(input, name, front, back, locale):
                let preview = try PassPreviewDrawing.draw(
                    try PassPreviewUseCase.read(input, name: name), name: name, front: front, back: back, locale: locale)
                result.findings = preview.findings
                result.style = preview.style
                result.layout = preview.layout
                result.back = preview.back
            }
        } catch {
            return .failed(error)
        }
        return result
    }
}
