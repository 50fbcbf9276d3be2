import Foundation

/// libFuzzer's entry point (built with `-sanitize=fuzzer -DFUZZING`, `make fuzz`): the target that
/// `USERNOTIFYD_FUZZ_TARGET` names gets every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.target(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

enum FuzzEntry {
    static let target: @Sendable ([UInt8]) -> Void = {
        let name = ProcessInfo.processInfo.environment["USERNOTIFYD_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTargets.all[name] else {
            fatalError("set USERNOTIFYD_FUZZ_TARGET to one of \(FuzzTargets.all.keys.sorted().joined(separator: ", "))")
        }
        return target
    }()
}

/// The executable: under libFuzzer (built with `-sanitize=fuzzer -DFUZZING`, `make fuzz`) it hands
/// its arguments to libFuzzer's driver; without it (a plain `swift build`) it replays the files given,
/// to reproduce a crash without instrumentation: `USERNOTIFYD_FUZZ_TARGET=http .build/debug/usernotifyd-fuzz crash-…`.
@main struct FuzzMain {
    static func main() throws {
        #if FUZZING
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data!, size) })
        #else
            for path in CommandLine.arguments.dropFirst() {
                FuzzEntry.target(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
                print("replayed \(path)")
            }
        #endif
    }
}

#if FUZZING
    /// libFuzzer's driver (`FuzzerInterface.h`), for a program with a main of its own.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif
