public import COpenWith
import Glibc
import OpenInBroker
import OpenWithKit

/// `ow_set_default`: makes an app the user's default for a type, extension, MIME type, scheme
/// or (with `OW_DEFAULT_FILE`) one file.
@_cdecl("ow_set_default")
public func setDefault(_ context: OpaquePointer?, _ target: UnsafePointer<CChar>?, _ appID: UnsafePointer<CChar>?, _ role: UInt32, _ flags: UInt32, _ error: UnsafeMutablePointer<ow_error>?) -> ow_status {
    reportingCall(error) { () throws(CallFailure) in
        let workspace = try ContextTable.workspace(context)
        let target = try CStringInput.string(target, "the target")
        let appID = try CStringInput.string(appID, "the app id")
        let role = try CStringInput.role(role)
        guard flags & ~UInt32(3) == 0 else { throw CallFailure(.invalidArgument, name: "invalidFlags", message: "flags \(flags) are not OW_DEFAULT_* values") }
        do throws(HandOverError) {
            try workspace.setDefault(appID, for: target, role: role, isFile: flags & 1 != 0, force: flags & 2 != 0)
        } catch {
            throw CallFailure(error)
        }
    }
}

/// `ow_open_in`: opens a file in an app (the default when `appID` is NULL).
@_cdecl("ow_open_in")
public func openIn(_ context: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ appID: UnsafePointer<CChar>?, _ role: UInt32, _ out: UnsafeMutablePointer<UnsafeMutablePointer<ow_open_result>?>?, _ error: UnsafeMutablePointer<ow_error>?) -> ow_status {
    out?.pointee = nil
    return reportingCall(error) { () throws(CallFailure) in
        let out = try CStringInput.output(out, "out")
        let workspace = try ContextTable.workspace(context)
        let path = try CStringInput.string(path, "the path")
        let appID = try CStringInput.optionalString(appID, "the app id")
        let role = try CStringInput.role(role)
        let result: OpenInResult
        do throws(HandOverError) { result = try workspace.openIn(path: path, with: appID, role: role) } catch { throw CallFailure(error) }
        let strings = [result.handler.id, result.grant?.path ?? result.plannedFolder, result.delivery.method]
        var block = try ResultBlock(headerBytes: MemoryLayout<ow_open_result>.stride, strings: strings)
        let record = block.base.bindMemory(to: ow_open_result.self, capacity: 1)
        record.initialize(to: ow_open_result(
            app_id: block.put(strings[0]), inbox_path: block.put(strings[1]), grant_id: result.grant?.id ?? 0,
            delivery: block.put(strings[2])))
        out.pointee = record
    }
}

/// `ow_open_result_free`.
@_cdecl("ow_open_result_free")
public func freeOpenResult(_ result: UnsafeMutablePointer<ow_open_result>?) { free(result) }
