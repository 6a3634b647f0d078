// The translation unit that owns the test suites' precompiled header (tests/CMakeLists.txt):
// every suite reuses it, so GoogleTest and the standard headers are parsed once per build.
