#if canImport(Glibc)
    import Glibc
#endif

/// How the C allocator (glibc's `malloc`) treats the large blocks that bitmaps are made of.
///
/// By default glibc maps a block of 128 KiB or more from the kernel and unmaps it when freed,
/// but raises that threshold to the size of any such block freed (up to 32 MiB): from then on a
/// 4 MB frame comes from a heap, and what is freed stays in the process, one heap per thread.
/// Which is better depends on the program: a live window reuses the same few frames and wants
/// them kept; a long render going forward in time wants its memory to stay flat.
public enum MallocTuning {
    /// Keeps freed memory for reuse: blocks under 64 MiB come from the heap, and a heap gives
    /// memory back only when 256 MiB at its top are free. For a live window, whose frame-sized
    /// bitmaps would otherwise be mapped afresh and faulted in page by page every frame.
    public static func keepFreedMemory() {
        mallopt(option: -3, value: 64 << 20)  // M_MMAP_THRESHOLD
        mallopt(option: -1, value: 256 << 20)  // M_TRIM_THRESHOLD
    }

    /// Gives blocks of 1 MiB or more back to the system as soon as they are freed (a fixed
    /// threshold, which also stops glibc raising it). For a long render: about 80 MB less at
    /// its peak for a 750 × 1334 GIF, for a mapping per frame.
    public static func returnLargeBlocks() {
        mallopt(option: -3, value: largeBlock)  // M_MMAP_THRESHOLD
    }

    /// The environment that asks a child process's glibc for ``returnLargeBlocks()`` from its
    /// start (`MALLOC_MMAP_THRESHOLD_`): for ffmpeg, which holds frames of the same size.
    public static let returnLargeBlocksEnvironment = ["MALLOC_MMAP_THRESHOLD_": String(largeBlock)]

    private static let largeBlock: Int32 = 1 << 20

    private static func mallopt(option: Int32, value: Int32) {
        #if canImport(Glibc)
            // mallopt(3) is declared in <malloc.h>, which Swift's Glibc module leaves out.
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: Mallopt.self)(option, value)
        #endif
    }
}
