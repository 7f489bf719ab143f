// Where Combine is missing (Linux), SundialKitCombine publishes through OpenCombine, which Courier's package trait
// SundialKitOpenCombine brings (README: "Package traits"). Apple platforms need no trait.
#if !canImport(Combine) && !SundialKitOpenCombine
#error("Without Combine, enable Courier's package trait \"SundialKitOpenCombine\" (README: Package traits)")
#endif
