// The libFuzzer entry points. Scripts/fuzz.sh compiles this file with
// Tests/GesturectlTests/{FuzzTargets,RandomCases}.swift against the package's modules, with
// -sanitize=fuzzer,address, and picks the target with GESTURE_FUZZ_TARGET (scene, script, runtime, recording).

#if canImport(Glibc)
  import Glibc
#endif

nonisolated(unsafe) var fuzzTarget = "runtime"

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
  if let name = getenv("GESTURE_FUZZ_TARGET").map({ String(cString: $0) }), FuzzTargets.names.contains(name) {
    fuzzTarget = name
  }
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  if let problem = FuzzTargets.run(fuzzTarget, bytes) {
    fatalError("\(fuzzTarget): \(problem)")
  }
  return 0
}
