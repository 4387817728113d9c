import Foundation
import FoundationNetworking

/// Runs one data task at a time and collects its answer, cancelling it
/// once the answer passes `limit` bytes (announced or received).
final class BoundedTransfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: the fields are guarded by `lock`; `run` waits for the
    // session's callbacks to finish before it reads them.
    let limit: Int
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()
    private var response: URLResponse?
    private var failure: (any Error)?

    init(limit: Int) { self.limit = limit }

    /// The answer passed the limit; the transfer was cancelled.
    struct AnswerTooLarge: Error {}

    func run(_ task: URLSessionDataTask) -> (Data, URLResponse?, (any Error)?) {
        lock.withLock { (data, response, failure) = (Data(), nil, nil) }
        task.resume()
        done.wait()
        return lock.withLock { (data, response, failure) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = response.expectedContentLength > Int64(limit)
        lock.withLock {
            self.response = response
            if tooLarge { failure = AnswerTooLarge() }
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = lock.withLock {
            guard failure == nil else { return false }
            guard self.data.count + data.count <= limit else {
                failure = AnswerTooLarge()
                return true
            }
            self.data.append(data)
            return false
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock { if failure == nil { failure = error } }
        done.signal()
    }
}
