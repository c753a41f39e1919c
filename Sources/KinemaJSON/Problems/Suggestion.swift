/// The candidate closest to `word`, when it is close enough to be a likely typo: for "did you
/// mean" hints in error messages.
///
/// Closeness is the edit distance (insertions, deletions and substitutions of characters),
/// ignoring case. A candidate is close enough within `max(2, word.count / 3)` edits; among
/// equally close candidates the first wins.
package func suggestion(for word: String, among candidates: [String]) -> String? {
    let letters = Array(word.lowercased())
    let scored = candidates.map { ($0, editDistance(letters, Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let limit = max(2, letters.count / 3)
    return best.1 <= limit ? best.0 : nil
}

/// The Levenshtein distance between `a` and `b`.
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        previous = current
    }
    return previous[b.count]
}
