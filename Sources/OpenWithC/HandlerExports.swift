public import COpenWith
import Glibc
import OpenInBroker
import OpenWithKit

/// `ow_list_handlers`: the apps that can open a file, default first, with reasons.
@_cdecl("ow_list_handlers")
public func listHandlers(_ context: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ role: UInt32, _ out: UnsafeMutablePointer<UnsafeMutablePointer<ow_handler_list>?>?, _ error: UnsafeMutablePointer<ow_error>?) -> ow_status {
    out?.pointee = nil
    return reportingCall(error) { () throws(CallFailure) in
        let out = try CStringInput.output(out, "out")
        let workspace = try ContextTable.workspace(context)
        let path = try CStringInput.string(path, "the path")
        let role = try CStringInput.role(role)
        let answer: FileHandlers
        do throws(HandOverError) { answer = try workspace.handlers(forFileAt: path, role: role) } catch { throw CallFailure(error) }
        out.pointee = try HandlerListRecord.make(answer)
    }
}

/// `ow_handler_list_free`.
@_cdecl("ow_handler_list_free")
public func freeHandlerList(_ list: UnsafeMutablePointer<ow_handler_list>?) { free(list) }

/// A handler list as one `ow_handler_list` block: the list, its items, their strings.
enum HandlerListRecord {
    /// The group's name in the header: stable, lower-case, hyphenated.
    static func groupName(_ group: HandlerCandidate.Group) -> String {
        switch group {
        case .fileOverride: "file-override"
        case .userDefault: "user-default"
        case .mimeAppsDefault: "mimeapps-default"
        case .recommended: "recommended"
        case .fallback: "fallback"
        case .catchAll: "catch-all"
        }
    }

    static func make(_ answer: FileHandlers) throws(CallFailure) -> UnsafeMutablePointer<ow_handler_list> {
        let candidates = answer.handlers.candidates
        let identifier = answer.resolution.identifier.rawValue
        let mimeType = answer.resolution.mimeType
        var strings = [identifier, mimeType]
        strings.reserveCapacity(2 + candidates.count * 4)
        for candidate in candidates {
            strings += [candidate.app.id, candidate.app.name, groupName(candidate.group), candidate.reason]
        }
        let headerBytes = MemoryLayout<ow_handler_list>.stride
        let arrayBytes = MemoryLayout<ow_handler>.stride * candidates.count
        var block = try ResultBlock(headerBytes: headerBytes, arrayBytes: arrayBytes, strings: strings)
        let items = block.array(after: headerBytes).bindMemory(to: ow_handler.self, capacity: max(candidates.count, 1))
        var next = 2
        for (index, candidate) in candidates.enumerated() {
            (items + index).initialize(to: ow_handler(
                id: block.put(strings[next]), name: block.put(strings[next + 1]), group: block.put(strings[next + 2]),
                is_default: candidate.isDefault ? 1 : 0, reason: block.put(strings[next + 3])))
            next += 4
        }
        let list = block.base.bindMemory(to: ow_handler_list.self, capacity: 1)
        list.initialize(to: ow_handler_list(
            count: candidates.count, items: candidates.isEmpty ? nil : UnsafePointer(items),
            identifier: block.put(identifier), mime_type: block.put(mimeType)))
        return list
    }
}
