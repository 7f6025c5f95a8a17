import DotsSSOCore
import DotsSSOLoopback
import DotsSSOPictures

extension CommandContext {
    /// The live context with the implementations the core reaches only through the context: from modules it must not
    /// import, the in-process drawer (the fallback when no bounded drawing child can start) and the loopback HTTP
    /// server under sign-ins and the sandbox; and the Secret Service keyring, which the context's folder may not name
    /// (the cache's folder depends on the context's).
    static func binary() -> CommandContext {
        var context = CommandContext.live()
        context.drawer = PictureDrawer()
        context.keyring = SecretServiceKeyring()
        context.listening = HummingbirdLoopback()
        return context
    }
}
