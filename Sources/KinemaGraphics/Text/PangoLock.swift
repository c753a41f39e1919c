import CCairo
import CPangoCairo
import Synchronization

/// The one Pango font map of the process, and the lock that every Pango call takes.
///
/// Pango's font maps, fonts and layouts are not thread-safe, and the default font map is per
/// thread (so a layout made on one thread and drawn on another would use a font map that its
/// own thread may be using at the same moment). Kinema instead creates a single
/// `PangoCairoFontMap` (`pango_cairo_font_map_new`) and serialises all Pango work through
/// ``withLock(_:)``: creating, measuring, drawing and releasing layouts. Layouts can then be made
/// on any thread and drawn on any other, and every thread gets the same fonts, so the pixels do
/// not depend on which thread draws. Text is a small part of rendering (layer contents are
/// rasterised once and cached), so the lock costs little.
enum PangoLock {
    /// The shared font map and font options. Created on first use and never released.
    struct Resources {
        /// The `PangoFontMap *` every context is made from; `nil` only if GLib could not allocate
        /// it, and then no text is laid out.
        let fontMap: UnsafeMutablePointer<PangoFontMap>?
        /// The `cairo_font_options_t *` given to every context: hint metrics off, hint style
        /// none, grey antialiasing (see docs/rendering-notes.md), so that glyph positions do not
        /// depend on the scale and output depends less on the machine's settings.
        let fontOptions: OpaquePointer?
    }

    private static let resources = Mutex<Resources>(makeResources())

    private static func makeResources() -> Resources {
        let options: OpaquePointer? = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        return Resources(fontMap: pango_cairo_font_map_new(), fontOptions: options)
    }

    /// Runs `body` with the shared resources, holding the lock.
    static func withLock<R: Sendable>(_ body: (borrowing Resources) -> R) -> R {
        resources.withLock { body($0) }
    }
}
