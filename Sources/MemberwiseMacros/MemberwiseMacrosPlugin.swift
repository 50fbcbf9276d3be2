import Foundation
import MemberwiseExpansion

/// The compiler's plugin protocol, as much of it as a member macro needs: each message is a JSON
/// document after its length (8 bytes, little-endian), on standard input and output. The compiler asks
/// for the plugin's capability once, then for each expansion.
@main
enum MemberwiseMacrosPlugin {
    static func main() throws {
        let input = FileHandle.standardInput
        let output = FileHandle.standardOutput
        while let header = try input.read(upToCount: 8), header.count == 8 {
            let length = header.reversed().reduce(0) { $0 << 8 | Int($1) }
            guard let body = try input.read(upToCount: length), body.count == length else { return }
            let reply = try JSONEncoder().encode(PluginMessage.answer(to: try JSONDecoder().decode(HostMessage.self, from: body)))
            var size = UInt64(reply.count).littleEndian
            try output.write(contentsOf: Data(bytes: &size, count: 8) + reply)
        }
    }
}
