import DotsSSOCLI

// The binary is this line: every command lives in DotsSSOCLI, which the in-process tests link as a library, so one
// optimised build serves both the binary users get and the tests.
await Binary.main()
