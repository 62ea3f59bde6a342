public import COpenWith
import ContentSniffing
import Glibc
import OpenInBroker
import OpenWithKit

/// `ow_resolve`: what the file at `path` is.
@_cdecl("ow_resolve")
public func resolvePath(_ context: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<ow_resolution>?>?, _ error: UnsafeMutablePointer<ow_error>?) -> ow_status {
    out?.pointee = nil
    return reportingCall(error) { () throws(CallFailure) in
        let out = try CStringInput.output(out, "out")
        let workspace = try ContextTable.workspace(context)
        let path = try CStringInput.string(path, "the path")
        let resolution: Resolution
        do throws(HandOverError) { resolution = try workspace.resolve(path: path) } catch { throw CallFailure(error) }
        out.pointee = try ResolutionRecord.make(resolution)
    }
}

/// `ow_resolve_bytes`: what `length` bytes are, given the name they would have.
@_cdecl("ow_resolve_bytes")
public func resolveBytes(_ context: OpaquePointer?, _ bytes: UnsafeRawPointer?, _ length: Int, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<ow_resolution>?>?, _ error: UnsafeMutablePointer<ow_error>?) -> ow_status {
    out?.pointee = nil
    return reportingCall(error) { () throws(CallFailure) in
        let out = try CStringInput.output(out, "out")
        let workspace = try ContextTable.workspace(context)
        guard bytes != nil || length == 0 else { throw CallFailure(.invalidArgument, name: "nullArgument", message: "bytes is NULL and length is \(length)") }
        let name = try CStringInput.optionalString(name, "the name")
        let content = length == 0 ? [] : [UInt8](UnsafeRawBufferPointer(start: bytes, count: length))
        let resolution: Resolution
        do throws(HandOverError) { resolution = try workspace.resolve(bytes: content, name: name) } catch { throw CallFailure(error) }
        out.pointee = try ResolutionRecord.make(resolution)
    }
}

/// `ow_resolution_free`.
@_cdecl("ow_resolution_free")
public func freeResolution(_ resolution: UnsafeMutablePointer<ow_resolution>?) { free(resolution) }

/// `ow_conforms`: whether one type conforms to another.
@_cdecl("ow_conforms")
public func typeConforms(_ context: OpaquePointer?, _ identifier: UnsafePointer<CChar>?, _ supertype: UnsafePointer<CChar>?, _ result: UnsafeMutablePointer<Int32>?, _ error: UnsafeMutablePointer<ow_error>?) -> ow_status {
    reportingCall(error) { () throws(CallFailure) in
        let result = try CStringInput.output(result, "result")
        let workspace = try ContextTable.workspace(context)
        let identifier = try CStringInput.string(identifier, "the identifier")
        let supertype = try CStringInput.string(supertype, "the supertype")
        do throws(HandOverError) { result.pointee = try workspace.conforms(identifier, to: supertype) ? 1 : 0 } catch { throw CallFailure(error) }
    }
}

/// A resolution as one `ow_resolution` block.
enum ResolutionRecord {
    static func make(_ resolution: Resolution) throws(CallFailure) -> UnsafeMutablePointer<ow_resolution> {
        let identifier = resolution.identifier.rawValue
        let mimeType = resolution.mimeType
        let description = resolution.typeDescription
        let conflict = resolution.conflict.map { ($0.description, $0.claimed.rawValue) }
        var strings = [identifier, mimeType, description]
        if let conflict { strings += [conflict.0, conflict.1] }
        let headerBytes = MemoryLayout<ow_resolution>.stride
        var block = try ResultBlock(headerBytes: headerBytes, strings: strings)
        let record = block.base.bindMemory(to: ow_resolution.self, capacity: 1)
        record.initialize(to: ow_resolution(
            identifier: block.put(identifier), mime_type: block.put(mimeType), description: block.put(description),
            confidence: Int32(resolution.confidence.rawValue), has_conflict: conflict == nil ? 0 : 1,
            conflict: conflict.map { block.put($0.0) }, claimed: conflict.map { block.put($0.1) }))
        return record
    }
}
