import KinemaJSON
import Testing

/// A word, the candidates, and the "did you mean" suggestion expected (`nil`: none).
struct SuggestionCase: CustomTestStringConvertible, Sendable {
    let name: String
    let word: String
    let candidates: [String]
    let expected: String?
    var testDescription: String { name }

    static let all: [SuggestionCase] = [
        SuggestionCase(name: "a dropped letter", word: "opacty", candidates: ["position", "opacity"], expected: "opacity"),
        SuggestionCase(name: "swapped letters", word: "posiiton", candidates: ["opacity", "position"], expected: "position"),
        SuggestionCase(name: "case is ignored", word: "OPACITY", candidates: ["position", "opacity"], expected: "opacity"),
        SuggestionCase(
            name: "the closest wins over the first", word: "bounds", candidates: ["bound", "bounds2x", "bounds"], expected: "bounds"),
        SuggestionCase(name: "too far", word: "xyz", candidates: ["opacity", "position"], expected: nil),
        SuggestionCase(name: "no candidates", word: "opacity", candidates: [], expected: nil),
        SuggestionCase(name: "an empty word is near short keys", word: "", candidates: ["id"], expected: "id"),
        // Short words: within 2 edits.
        SuggestionCase(name: "2 edits from a short word", word: "ab", candidates: ["abcd"], expected: "abcd"),
        SuggestionCase(name: "3 edits from a short word", word: "ab", candidates: ["abcde"], expected: nil),
        // Longer words: within a third of the word's length (12 letters: 4 edits).
        SuggestionCase(name: "4 edits from 12 letters", word: "abcdefghijkl", candidates: ["abcdefghWXYZ"], expected: "abcdefghWXYZ"),
        SuggestionCase(name: "5 edits from 12 letters", word: "abcdefghijkl", candidates: ["abcdefgVWXYZ"], expected: nil),
        // Ties: the first candidate among the closest.
        SuggestionCase(name: "a tie goes to the first", word: "bat", candidates: ["cat", "hat"], expected: "cat"),
        SuggestionCase(name: "a tie goes to the first, reversed", word: "bat", candidates: ["hat", "cat"], expected: "hat"),
    ]
}

@Suite("suggestion(for:among:)")
struct SuggestionTests {
    @Test("suggests a likely typo's key, and nothing when none is close", arguments: SuggestionCase.all)
    func suggests(_ c: SuggestionCase) {
        #expect(suggestion(for: c.word, among: c.candidates) == c.expected)
    }
}
