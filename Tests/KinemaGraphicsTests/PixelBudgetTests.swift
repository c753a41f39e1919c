import Testing

@testable import KinemaGraphics

/// Bitmaps made while a budget is current are counted while they live, and one that does not fit
/// is refused before any memory is taken.
@Suite struct PixelBudgetTests {
    @Test func bitmapsAreCountedWhileTheyLive() throws {
        let budget = PixelBudget(limit: 1 << 20)
        try PixelBudget.withCurrent(budget) { () throws(GraphicsError) in
            var a: Bitmap? = try Bitmap(width: 100, height: 100)
            #expect(budget.liveBytes == 40_000)
            let b = try Bitmap(width: 10, height: 10)
            #expect(budget.liveBytes == 40_400)
            a = nil
            #expect(a == nil && budget.liveBytes == 400 && b.width == 10)
        }
        #expect(budget.liveBytes == 0 && budget.peakBytes == 40_400)
    }

    @Test func aBitmapThatDoesNotFitIsRefused() throws {
        let budget = PixelBudget(limit: 100_000)
        #expect(throws: GraphicsError.overBudget(width: 200, height: 200, limit: 100_000)) {
            try PixelBudget.withCurrent(budget) { () throws(GraphicsError) in _ = try Bitmap(width: 200, height: 200) }
        }
        #expect(budget.liveBytes == 0)
        #expect(
            GraphicsError.overBudget(width: 200, height: 200, limit: 100_000).description
                == "a 200×200-pixel surface (156.3 KiB) does not fit in the memory budget of 97.7 KiB")
    }

    @Test func outsideABudgetAndCopiesAreNotCounted() throws {
        let budget = PixelBudget(limit: 1 << 20)
        let outside = try Bitmap(width: 600, height: 600)  // 1.4 MiB: no budget is current
        try PixelBudget.withCurrent(budget) { () throws(GraphicsError) in
            let copy = outside.copy()
            #expect(copy.width == 600 && budget.liveBytes == 0)
        }
    }
}
