import Foundation

/// The API's JSON: the same shapes and snake_case keys as `skillctl --json`,
/// sorted keys, compact. The server encodes with it and the client decodes.
public enum APIJSON {
    public static func encode(_ value: some Encodable) -> Data {
        guard let data = try? encoder().encode(value) else { preconditionFailure("API values are always encodable") }
        return data
    }

    /// The encoder of the API's JSON; `pretty` for `skillctl --json`, the
    /// same keys and order, one value a line. (`SearchEntryJSON` writes
    /// search results as these write them.)
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(type, from: data)
    }
}
