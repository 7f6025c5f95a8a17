import COpenSSL
import DotsSSOBasics

/// Owns an OpenSSL `STACK_OF(X509)` and a reference to each certificate in it (freed with `sk_X509_pop_free`
/// in `deinit`). Certificates read from it are borrowed: keep the stack alive while they are used.
final class X509Stack {
    let raw: OpaquePointer

    /// Takes ownership of `stack` (nil stays nil: there is nothing to own).
    init?(owning stack: OpaquePointer?) {
        guard let stack else { return nil }
        raw = stack
    }

    deinit { dots_sk_X509_pop_free(raw) }

    var count: Int { Int(dots_sk_X509_num(raw)) }

    /// The certificate at `index`, borrowed from the stack.
    subscript(index: Int) -> OpaquePointer? { dots_sk_X509_value(raw, Int32(index)) }
}
