import Dispatch
import Testing
@_spi(Caching) @testable import TextMetrics

/// `FontChain.resized(to:)` keeps the chains it made last (a ``GenerationalCache``): what it gives is
/// always the chain of the same faces at the new size, made afresh (`Font(face:size:)`), when
/// kept or not, from many threads at once, past the cache's bound.
@Suite struct ResizedChainTests {
    @Test func aKeptChainIsTheChainMadeAfresh() throws {
        let chain = try FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], size: 15)
        let capacity = FontChain.resizedChainCapacity
        let sizes = (1...(capacity * 2 + 3)).map { 8 + Double($0) * 0.5 }
        let fresh = try sizes.map { size in try FontChain(chain.fonts.map { try Font(face: $0.face, size: size) }) }
        // Round after round from eight threads: the first rounds make the chains, later ones
        // find some kept, and the sizes outnumber what is kept, so others are made again.
        let mismatches = Lock(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<3 {
                for index in sizes.indices {
                    let i = (index + worker * 5 + round) % sizes.count
                    let resized = try? chain.resized(to: sizes[i])
                    let same = resized.map {
                        $0 == fresh[i] && $0.size == sizes[i] && $0.asciiMask == fresh[i].asciiMask
                            && $0.colorMask == fresh[i].colorMask && $0.unitsPerEm == fresh[i].unitsPerEm
                            && $0.fonts.map(\.metrics) == fresh[i].fonts.map(\.metrics)
                    } ?? false
                    if !same { mismatches.withLock { $0 += 1 } }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect(try chain.resized(to: 15) == chain)
        // A bad size is still an error, and nothing is kept for it.
        #expect(throws: InvalidArgumentError.self) { try chain.resized(to: .nan) }
        #expect(throws: InvalidArgumentError.self) { try chain.resized(to: -3) }
    }
}
