import DotsSSOCore
import DotsSSOLoopback
import DotsSSOPictures

extension CommandContext {
    /// The live context with the implementations from the modules the core must not import (it reaches them only
    /// through the context): the in-process drawer (the fallback when no bounded drawing child can start) and the
    /// loopback HTTP server under sign-ins and the sandbox.
    static func binary() -> CommandContext {
        var context = CommandContext.live()
        context.drawer = PictureDrawer()
        context.listening = HummingbirdLoopback()
        return context
    }
}
