import Foundation
import Testing

@testable import SpecKit

/// The one hand-over from a producer thread to its consumer, a thread (`take`) or a task (`next`).
@Suite struct HandoverTests {
    /// Puts `count` numbers on a thread of its own, then finishes.
    static func produce(_ count: Int, into handover: Handover<Int>) {
        let producer = Thread {
            for number in 0..<count { handover.put(number) }
            handover.finish()
        }
        producer.start()
    }

    @Test(arguments: [1, 4, 64])
    func `a task takes every item in order, suspended while none waits, then nil at the end`(capacity: Int) async {
        let handover = Handover<Int>(capacity: capacity)
        Self.produce(5_000, into: handover)
        var taken: [Int] = []
        while let number = await handover.next() { taken.append(number) }
        #expect(taken == Array(0..<5_000))
        #expect(await handover.next() == nil, "the end stays the end")
    }

    @Test(arguments: [1, 2, 8])
    func `several producers waiting for room are all woken: every item arrives`(capacity: Int) async {
        let handover = Handover<Int>(capacity: capacity)
        let done = Locked(0)
        for producer in 0..<3 {
            let thread = Thread {
                for number in 0..<2_000 { handover.put(producer * 10_000 + number) }
                if done.withLock({ count in
                    count += 1
                    return count == 3
                }) {
                    handover.finish()
                }
            }
            thread.start()
        }
        var taken: [Int] = []
        while let number = await handover.next() { taken.append(number) }
        #expect(taken.count == 6_000)
        for producer in 0..<3 {
            let own = taken.filter { $0 / 10_000 == producer }
            #expect(own == Array(0..<2_000).map { producer * 10_000 + $0 }, "each producer's items in its order")
        }
    }

    @Test func `a thread takes every item in order, batches too`() {
        let handover = Handover<Int>(capacity: 8)
        let producer = Thread {
            handover.put(contentsOf: 0..<100)
            for number in 100..<1_000 { handover.put(number) }
            handover.finish()
        }
        producer.start()
        var taken: [Int] = []
        while let number = handover.take() { taken.append(number) }
        #expect(taken == Array(0..<1_000))
    }

    @Test func `takeAll takes everything waiting at once, in order, and does not wait when told not to`() {
        let handover = Handover<Int>(capacity: 4)
        #expect(handover.takeAll(waiting: false).isEmpty)
        Self.produce(500, into: handover)
        var taken: [Int] = []
        var batches = 0
        while true {
            let batch = handover.takeAll()
            if batch.isEmpty { break }
            #expect(batch.count <= 4)
            taken += batch
            batches += 1
        }
        #expect(taken == Array(0..<500))
        #expect(batches >= 125, "at most four wait at once")
    }

    @Test func `a task waiting when the end comes gets nil`() async {
        let handover = Handover<Int>(capacity: 2)
        let producer = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            handover.finish()
        }
        producer.start()
        #expect(await handover.next() == nil)
    }

    @Test func `an offer is taken only while there is room, and a take that does not wait finds what is there`() {
        let handover = Handover<Int>(capacity: 2)
        #expect(handover.take(waiting: false) == nil, "nothing waits: no wait either")
        #expect(handover.offer(1))
        #expect(handover.offer(2))
        #expect(!handover.offer(3), "full: refused at once")
        #expect(handover.take(waiting: false) == 1)
        #expect(handover.offer(3), "room again")
        handover.finish()
        #expect(handover.take(waiting: false) == 2)
        #expect(handover.take() == 3)
        #expect(handover.take() == nil, "the end")
    }
}
