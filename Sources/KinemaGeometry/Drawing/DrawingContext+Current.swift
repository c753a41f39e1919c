extension DrawingContext {
    /// The binding behind ``current``: a task-local, so each thread (and task) has its own and
    /// nothing global is mutated.
    ///
    /// `@unchecked Sendable` because a context is not thread-safe: it is made current for the
    /// duration of a synchronous drawing call on one thread. A child task started inside that
    /// call inherits the binding and must not draw into it after the call returns.
    struct CurrentBinding: @unchecked Sendable {
        let context: DrawingContext?
    }

    @TaskLocal static var binding = CurrentBinding(context: nil)

    /// The context drawing is going to now, or `nil` outside a drawing call. Inside a view's
    /// `draw(_:)` it is the view's layer's context. Mirrors `UIGraphicsGetCurrentContext()`.
    ///
    /// The current context belongs to the running thread (and task): another thread never sees
    /// it.
    public static var current: DrawingContext? { binding.context }

    /// Runs `body` with `context` as the ``current`` context (or with none, for `nil`), then
    /// brings back the previous one. The scoped form of UIKit's `UIGraphicsPushContext(_:)` and
    /// `UIGraphicsPopContext()` pair: the two can never be unbalanced.
    ///
    /// ```swift
    /// let ctx = DrawingContext(size: Size(width: 40, height: 40))
    /// DrawingContext.withCurrent(ctx) {
    ///     DrawingContext.current?.fill(Rect(x: 0, y: 0, width: 20, height: 20))
    /// }
    /// DrawingContext.current              // nil again
    /// ```
    public static func withCurrent<Result>(_ context: DrawingContext?, perform body: () throws -> Result) rethrows -> Result {
        try $binding.withValue(CurrentBinding(context: context), operation: body)
    }
}
