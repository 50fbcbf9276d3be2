import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The process's own figures, under the names Prometheus' client libraries use (`process_…`), read from
/// `/proc/self` at each scrape. Empty where there is no `/proc`.
package enum ProcessMetrics {
    /// The lines of the exposition, with their `# TYPE` lines.
    package static func exposition() -> String {
        var lines: [String] = []
        func add(_ name: String, _ type: String, _ value: Double) {
            lines.append("# TYPE \(name) \(type)")
            lines.append("\(name) \(value)")
        }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        if let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8), let close = stat.lastIndex(of: ")"), ticks > 0 {
            // After the command's name in parentheses: field 3 (state) onwards, so field n is at n - 3.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            func field(_ number: Int) -> Double? { fields.count > number - 3 ? Double(fields[number - 3]) : nil }
            if let user = field(14), let system = field(15) { add("process_cpu_seconds_total", "counter", (user + system) / ticks) }
            if let virtual = field(23) { add("process_virtual_memory_bytes", "gauge", virtual) }
            if let resident = field(24) { add("process_resident_memory_bytes", "gauge", resident * pageSize) }
            if let started = field(22), let boot = bootTime { add("process_start_time_seconds", "gauge", boot + started / ticks) }
        }
        if let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            add("process_open_fds", "gauge", Double(descriptors.count))
        }
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 { add("process_max_fds", "gauge", Double(limit.rlim_cur)) }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// When the machine booted, in seconds since the epoch (`btime` of `/proc/stat`).
    private static let bootTime: Double? = {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        return stat.split(separator: "\n").first { $0.hasPrefix("btime ") }.flatMap { Double($0.dropFirst(6)) }
    }()
}
