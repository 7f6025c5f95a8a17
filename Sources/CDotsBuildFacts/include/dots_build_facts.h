#ifndef DOTS_BUILD_FACTS_H
#define DOTS_BUILD_FACTS_H

/* The binary's build facts, fixed when this one file is compiled (Package.swift defines them from git and from
   Scripts/package's environment). Their declarations live in dots_runtime.h, which every module imports; this target
   is linked only into the binary and the test bundles, so a new commit recompiles one C file instead of every Swift
   module above CDotsRuntime. */
const char *dots_build_version(void);
const char *dots_build_commit(void);
const char *dots_build_date(void);
const char *dots_build_swift(void);

#endif
