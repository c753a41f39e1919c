// Heap allocations per step and memory per item (spec/dynamics.md § D 15). Allocations are
// counted by CMallocCounter, which interposes malloc and friends for the whole process; memory
// is glibc's mallinfo2 "in use" figure before and after building the scene.
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
        print("| Engine | heap per item after building | after 1 s | allocations per frame, frames 61–600 | bytes allocated per frame |")
        print("|---|---:|---:|---:|---:|")
        let scene = DynamicsScene.thousandBoxes()
        let frames = 600
        let warmUp = 60
        for setting in EngineSetting.allCases {
            let before = kinema_heap_in_use()
            let engine = try setting.make(scene)
            let built = kinema_heap_in_use()
            for _ in 0..<warmUp { engine.stepFrame() }
            let warmed = kinema_heap_in_use()
            kinema_malloc_reset()
            kinema_malloc_counting(1)
            for _ in warmUp..<frames { engine.stepFrame() }
            kinema_malloc_counting(0)
            let counted = Double(frames - warmUp)
            let perItemBuilt = Double(Int64(built) - Int64(before)) / 1000
            let perItemWarm = Double(Int64(warmed) - Int64(before)) / 1000
            print(
                "| \(setting.label) | \(B.f(perItemBuilt, 0)) B | \(B.f(perItemWarm, 0)) B | \(B.f(Double(kinema_malloc_count()) / counted, 2)) | \(B.f(Double(kinema_malloc_bytes()) / counted, 0)) B |"
            )
        }
    }
}
