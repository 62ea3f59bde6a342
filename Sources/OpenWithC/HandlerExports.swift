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

    /// The block for `answer`. Candidates are read in place, never copied (a candidate holds its
    /// whole app record), and the reasons are written as bytes into one scratch buffer, then
    /// copied into the block with the other strings.
    static func make(_ answer: FileHandlers) throws(CallFailure) -> UnsafeMutablePointer<ow_handler_list> {
        let identifier = answer.resolution.identifier.rawValue
        let mimeType = answer.resolution.mimeType
        return try answer.handlers.candidates.withUnsafeBufferPointer { (candidates) throws(CallFailure) in
            try withUnsafeTemporaryAllocation(of: Int.self, capacity: candidates.count) { (reasonStarts) throws(CallFailure) in
                try make(identifier: identifier, mimeType: mimeType, candidates: candidates, reasonStarts: reasonStarts)
            }
        }
    }

    private static func make(
        identifier: String, mimeType: String, candidates: UnsafeBufferPointer<HandlerCandidate>, reasonStarts: UnsafeMutableBufferPointer<Int>
    ) throws(CallFailure) -> UnsafeMutablePointer<ow_handler_list> {
        var reasons: [UInt8] = []
        reasons.reserveCapacity(candidates.count * 96)
        var stringBytes = ResultBlock.room(for: identifier) + ResultBlock.room(for: mimeType)
        for index in candidates.indices {
            reasonStarts[index] = reasons.count
            candidates[index].appendReason(to: &reasons)
            reasons.append(0)
            stringBytes += ResultBlock.room(for: candidates[index].app.id) + ResultBlock.room(for: candidates[index].app.name)
                + ResultBlock.room(for: groupName(candidates[index].group))
        }
        stringBytes += reasons.count
        let headerBytes = MemoryLayout<ow_handler_list>.stride
        var block = try ResultBlock(
            headerBytes: headerBytes, arrayBytes: MemoryLayout<ow_handler>.stride * candidates.count, stringBytes: stringBytes)
        let items = block.array(after: headerBytes).bindMemory(to: ow_handler.self, capacity: max(candidates.count, 1))
        let firstReason = block.put(terminatedStrings: reasons)
        for index in candidates.indices {
            (items + index).initialize(to: ow_handler(
                id: block.put(candidates[index].app.id), name: block.put(candidates[index].app.name),
                group: block.put(groupName(candidates[index].group)), is_default: candidates[index].isDefault ? 1 : 0,
                reason: firstReason + reasonStarts[index]))
        }
        let list = block.base.bindMemory(to: ow_handler_list.self, capacity: 1)
        list.initialize(to: ow_handler_list(
            count: candidates.count, items: candidates.isEmpty ? nil : UnsafePointer(items),
            identifier: block.put(identifier), mime_type: block.put(mimeType)))
        return list
    }
}
