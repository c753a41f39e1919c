// Heap allocations per step and memory per item (criterion 15 of docs/dynamics-notes.md: none per
// frame, at most 2 KB per item). Allocations are counted by CMallocCounter, which interposes malloc
// and friends for the whole process; memory is glibc's mallinfo2 "in use" figure before and after
// building the scene.
import CMallocCounter

enum DynamicsAllocation {
    typealias B = DynamicsBenchmark

    /// Checks that the counter sees Swift allocations at all (interposition works).
    static func counterWorks() -> Bool {
        kinema_malloc_reset()
        kinema_malloc_counting(1)
        let array = [Int](repeating: 7, count: 1000)
        kinema_malloc_counting(0)
        return array.count == 1000 && kinema_malloc_count() > 0
    }

    static func run() throws {
        print("\n## Allocation and memory, 1000-box scene")
        guard counterWorks() else {
            print("malloc counter not active (interposition failed): no figures")
            return
        }
        print(
            "| Engine | heap per item, built | at 1 s | at 10 s | allocations per frame, frames 61–600 | frames 301–600 | bytes allocated per frame, 61–600 |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        let scene = DynamicsScene.thousandBoxes()
        for setting in EngineSetting.allCases {
            let before = Int64(kinema_heap_in_use())
            let engine = try setting.make(scene)
            let built = Int64(kinema_heap_in_use())
            for _ in 0..<60 { engine.stepFrame() }
            let warmed = Int64(kinema_heap_in_use())
            kinema_malloc_reset()
            kinema_malloc_counting(1)
            for _ in 60..<300 { engine.stepFrame() }
            let early = kinema_malloc_count()
            let earlyBytes = kinema_malloc_bytes()
            kinema_malloc_reset()
            for _ in 300..<600 { engine.stepFrame() }
            kinema_malloc_counting(0)
            let late = kinema_malloc_count()
            let lateBytes = kinema_malloc_bytes()
            let end = Int64(kinema_heap_in_use())
            func perItem(_ x: Int64) -> String { "\(B.f(Double(x - before) / 1000, 0)) B" }
            print(
                "| \(setting.label) | \(perItem(built)) | \(perItem(warmed)) | \(perItem(end)) | \(B.f(Double(early + late) / 540, 3)) | \(B.f(Double(late) / 300, 3)) | \(B.f(Double(earlyBytes + lateBytes) / 540, 0)) B |"
            )
        }
    }
}
