// Tests reach child processes, temporary directories and deadlines through this module, as they always have; the
// code lives in CourierTooling, which benchmarks and tools link instead of test support.
@_exported public import CourierTooling
