/// Paragraph text (a text document with a box, `sz` at `ps`) broken into lines as lottie-ios
/// lays it out with Core Text (`byWordWrapping` in a frame the size of the box): each line of the
/// document wraps after a space where the next word would pass the box's right edge, a word wider
/// than the box breaks between characters, and the spaces at a break are not drawn.
enum LottieParagraph {
    /// `line` broken into lines no wider than `width` (points, in the text layer's space), with
    /// `advance(c)` the width of character `c` in points (its tracking included); a word wider
    /// than `width` still puts at least one character on each line. A width that is not positive
    /// and finite leaves the line whole.
    static func wrap(_ line: String, width: Double, advance: (Character) -> Double) -> [String] {
        guard width > 0, width.isFinite else { return [line] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0.0
        /// The spaces since the last word, drawn only if another word follows on the same line.
        var pendingSpaces = ""
        var pendingWidth = 0.0
        func finishLine() {
            lines.append(current)
            (current, currentWidth, pendingSpaces, pendingWidth) = ("", 0, "", 0)
        }
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = word.reduce(0) { $0 + advance($1) }
            if !current.isEmpty, currentWidth + pendingWidth + wordWidth > width { finishLine() }
            if current.isEmpty, wordWidth > width {
                // Alone, the word is wider than the box: it fills lines character by character.
                for c in word {
                    let w = advance(c)
                    if !current.isEmpty, currentWidth + w > width { finishLine() }
                    current.append(c)
                    currentWidth += w
                }
            } else {
                current += pendingSpaces + word
                currentWidth += pendingWidth + wordWidth
            }
            pendingSpaces = " "
            pendingWidth = advance(" ")
        }
        lines.append(current)
        return lines
    }
}
