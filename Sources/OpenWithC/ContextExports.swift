public import COpenWith
import OpenInBroker
import OpenWithKit

/// `ow_open`: opens a catalog (the user's when `catalogPath` is NULL) and stores its workspace.
@_cdecl("ow_open")
public func openContext(_ catalogPath: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<ow_error>?) -> ow_status {
    out?.pointee = nil
    return reportingCall(error) { () throws(CallFailure) in
        let out = try CStringInput.output(out, "out")
        let path = try CStringInput.optionalString(catalogPath, "the catalog path")
        let workspace: Workspace
        do throws(HandOverError) { workspace = try Workspace(catalogPath: path) } catch { throw CallFailure(error) }
        out.pointee = ContextTable.insert(workspace)
    }
}

/// `ow_close`: forgets a context; later use of the handle is `OW_ERROR_CLOSED`.
@_cdecl("ow_close")
public func closeContext(_ context: OpaquePointer?) -> ow_status {
    guard let context else { return OW_ERROR_INVALID_ARGUMENT }
    return ContextTable.remove(context) ? OW_OK : OW_ERROR_CLOSED
}

/// `ow_status_name`: a status's name, static.
@_cdecl("ow_status_name")
public func statusName(_ status: Int32) -> UnsafePointer<CChar> {
    let names: [StaticString] = [
        "OW_OK", "OW_ERROR_INVALID_ARGUMENT", "OW_ERROR_INVALID_UTF8", "OW_ERROR_CLOSED", "OW_ERROR_NOT_FOUND",
        "OW_ERROR_PERMISSION_DENIED", "OW_ERROR_UNKNOWN_APP", "OW_ERROR_NO_HANDLER", "OW_ERROR_INVALID_TARGET",
        "OW_ERROR_REFUSED", "OW_ERROR_CATALOG", "OW_ERROR_OUT_OF_MEMORY", "OW_ERROR_FAILED",
    ]
    let name: StaticString = status >= 0 && Int(status) < names.count ? names[Int(status)] : "OW_UNKNOWN_STATUS"
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// `ow_version`: the library's version, static.
@_cdecl("ow_version")
public func libraryVersion() -> UnsafePointer<CChar> {
    let version: StaticString = "0.5.0"
    return UnsafeRawPointer(version.utf8Start).assumingMemoryBound(to: CChar.self)
}
